// A plugin of two tools whose inputs use the @ToolParam shorthands (./inputs.ts). It imports from
// '@toolwright/core' only, so that the same source builds with tsc, esbuild and tsx.
import { GenericTool, SafetyLevel, type ToolContext } from '@toolwright/core';
import { CloseInput, IssueFilter, QueryNode, SearchInput } from './inputs.js';

/** One issue of the tracker. */
interface Issue {
  readonly number: number;
  readonly title: string;
  readonly state: 'open' | 'closed';
  readonly labels: readonly string[];
  readonly author: string;
}

const ISSUES: readonly Issue[] = [
  { number: 1, title: 'Crash on start', state: 'open', labels: ['bug'], author: 'ada' },
  { number: 2, title: 'Crash when saving', state: 'closed', labels: ['bug', 'io'], author: 'lin' },
  { number: 3, title: 'Dark mode', state: 'open', labels: ['feature'], author: 'ada' },
  { number: 4, title: 'Slow start', state: 'open', labels: ['bug', 'perf'], author: 'kim' },
];

/** Whether the issue passes one filter. */
function passes(issue: Issue, filter: IssueFilter): boolean {
  const matches = filter.field === 'label' ? issue.labels.includes(filter.value) : issue.author === filter.value;
  return filter.op === 'is' ? matches : !matches;
}

/** Whether the title matches the query tree. */
function matchesTree(title: string, node: QueryNode): boolean {
  if (node.op === 'term')
    return title
      .toLowerCase()
      .split(' ')
      .includes((node.term ?? '').toLowerCase());
  const children = node.children ?? [];
  return node.op === 'and'
    ? children.every((child) => matchesTree(title, child))
    : children.some((child) => matchesTree(title, child));
}

/** Finds issues by title text, state, labels, filters and a query tree. */
export class SearchIssuesTool extends GenericTool<SearchInput, readonly Issue[]> {
  constructor() {
    super({ name: 'search_issues', description: 'Finds issues', safety: SafetyLevel.READ_ONLY, input: SearchInput });
  }

  protected doExecute(input: SearchInput, _context: ToolContext): readonly Issue[] {
    const fold = (text: string) => (input.ignoreCase ? text.toLowerCase() : text);
    const page = { size: input.page?.size ?? 10, number: input.page?.number ?? 1 };
    return ISSUES.filter((issue) => fold(issue.title).includes(fold(input.query)))
      .filter((issue) => input.state === 'all' || issue.state === input.state)
      .filter((issue) => (input.labels ?? []).every((label) => issue.labels.includes(label)))
      .filter((issue) => input.filters.every((filter) => passes(issue, filter)))
      .filter((issue) => input.where === undefined || matchesTree(issue.title, input.where))
      .slice((page.number - 1) * page.size, page.number * page.size);
  }

  protected render(issues: readonly Issue[]): string {
    if (issues.length === 0) return 'No issues match.';
    return issues.map((issue) => `#${issue.number} ${issue.title} [${issue.state}]`).join('\n');
  }
}

/** Closes an issue (a WRITE tool: offered only with --allow-write). */
export class CloseIssueTool extends GenericTool<CloseInput, string> {
  constructor() {
    super({ name: 'close_issue', description: 'Closes an issue', safety: SafetyLevel.WRITE, input: CloseInput });
  }

  protected doExecute(input: CloseInput): string {
    return `Closed #${input.number}${input.reason === undefined ? '' : `: ${input.reason}`}`;
  }

  protected render(text: string): string {
    return text;
  }
}

/** The tools this plugin offers. */
export default [new SearchIssuesTool(), new CloseIssueTool()];

// For the test's probe of which kind of decorator the build left in place (not a tool: the CLI skips it).
export { SearchInput } from './inputs.js';
