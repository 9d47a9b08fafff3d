// The input classes of the plugin, written with the @ToolParam shorthands: a nested class, a choice
// (enum), an array of a nested class, a recursive tree and defaults. The same source is compiled
// under every decorator set-up by test/pack/decorator-setups.ts.
import { ToolParam } from '@toolwright/core';

/** One filter on an issue field. */
export class IssueFilter {
  @ToolParam.choice(['label', 'author'], 'Field to filter on') field!: 'label' | 'author';
  @ToolParam.choice(['is', 'not'], 'Keep or drop matches', { default: 'is' }) op!: 'is' | 'not';
  @ToolParam.string('Value to compare', { minLength: 1 }) value!: string;
}

/** A node of a boolean query over title words. */
export class QueryNode {
  @ToolParam.choice(['and', 'or', 'term'], 'How the node combines') op!: 'and' | 'or' | 'term';
  @ToolParam.string('Word to match, for a term', { optional: true }) term?: string;
  @ToolParam.array(() => QueryNode, 'Child nodes, for and/or', { optional: true }) children?: QueryNode[];
}

/** A page of results. */
export class Page {
  @ToolParam.integer('Results per page', { minimum: 1, maximum: 50, default: 10 }) size!: number;
  @ToolParam.integer('Page number, from 1', { minimum: 1, default: 1 }) number!: number;
}

/** The input of `search_issues`. */
export class SearchInput {
  @ToolParam.string('Text to look for in titles') query!: string;
  @ToolParam.boolean('Ignore case', { name: '-i', default: false }) ignoreCase!: boolean;
  @ToolParam.choice(['open', 'closed', 'all'], 'Issue state', { default: 'open' }) state!: 'open' | 'closed' | 'all';
  @ToolParam.array('string', 'Labels an issue must all have', { optional: true }) labels?: string[];
  @ToolParam.array(() => IssueFilter, 'Extra filters', { default: [] }) filters!: IssueFilter[];
  @ToolParam.nested(() => QueryNode, 'Boolean query tree over title words', { optional: true }) where?: QueryNode;
  @ToolParam.nested(() => Page, 'Which page of results', { optional: true }) page?: Page;
}

/** The input of `close_issue`. */
export class CloseInput {
  @ToolParam.integer('Number of the issue', { minimum: 1 }) number!: number;
  @ToolParam.string('Why it is closed', { optional: true, maxLength: 200 }) reason?: string;
}
