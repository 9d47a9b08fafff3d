// The same input classes built under every decorator set-up a plugin author may use give the same
// JSON Schema and the same binding. Uses @toolwright/core from its dist, as the compiled fixtures do.
import { bindInput, buildInputSchema, type BindResult } from '@toolwright/core';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileSource,
  createScratchFolder,
  DECORATOR_SETUPS,
  type ScratchFolder,
} from '../../test/fixtures/decorators/compile-fixture.js';
import * as builtByVitest from '../../test/fixtures/decorators/field-kinds.js';
import { guideSnippet } from '../../test/fixtures/decorators/guide-snippets.js';

type FieldKinds = typeof builtByVitest;

const FIXTURE_URL = new URL('../../test/fixtures/decorators/field-kinds.ts', import.meta.url);
const EXPECTED_SCHEMA = JSON.parse(
  readFileSync(new URL('../../test/fixtures/decorators/field-kinds.schema.json', import.meta.url), 'utf8'),
) as unknown;

/** What marks each set-up's output, so that no set-up passes by compiling as another. */
const OUTPUT_MARKERS = {
  'tsc-legacy-metadata': ['__decorate(', '"design:type"'],
  'tsc-legacy': ['__decorate('],
  'tsc-standard': ['__esDecorate('],
  'esbuild-standard': ['__decorateElement('],
  'esbuild-legacy': ['__decorateClass('],
} as const;

const SETUP_NAMES = [...DECORATOR_SETUPS, 'vitest'] as const;
const outputs = new Map<string, string>();
const modules = new Map<string, FieldKinds>();
let scratch: ScratchFolder;

beforeAll(async () => {
  scratch = createScratchFolder();
  const source = readFileSync(FIXTURE_URL, 'utf8');
  for (const setup of DECORATOR_SETUPS) {
    const code = await compileSource(source, setup);
    outputs.set(setup, code);
    modules.set(setup, await scratch.load<FieldKinds>(`${setup}/field-kinds.js`, code));
  }
  modules.set('vitest', builtByVitest);
}, 180_000);

afterAll(() => scratch.dispose());

function moduleOf(setup: string): FieldKinds {
  const module = modules.get(setup);
  if (module === undefined) throw new Error(`no module was built for ${setup}`);
  return module;
}

/** A bound value as plain JSON, with the class of every nested instance named by the set-up's own exports. */
function describeBinding(module: FieldKinds, result: BindResult<object>): unknown {
  if (!result.ok) return { violations: result.violations.map((violation) => violation.message) };
  const value = result.value as InstanceType<FieldKinds['KitchenSinkInput']>;
  return {
    value: JSON.parse(JSON.stringify(value)) as unknown,
    isInput: value instanceof module.KitchenSinkInput,
    filters: (value.filters ?? []).map((filter) => filter instanceof module.Filter),
    tree: value.tree === undefined ? 'none' : value.tree instanceof module.QueryNode,
    children: (value.tree?.children ?? []).map((child) => child instanceof module.QueryNode),
    sort: value.sort === undefined ? 'none' : value.sort instanceof module.Sort,
  };
}

const FULL_CALL = {
  repo_id: 'acme/tools',
  query: 'crash',
  '-i': true,
  limit: 5,
  minScore: 0.5,
  state: 'closed',
  labels: ['bug'],
  filters: [{ field: 'label', value: 'bug' }],
  tree: {
    op: 'and',
    children: [
      { op: 'term', text: 'crash' },
      { op: 'or', children: [] },
    ],
  },
  sort: { key: 'updated' },
  window: { from: '2024-01-01' },
  page: 2,
  tags: ['x'],
  outline: { title: 'Intro', sections: [{ title: 'Part' }] },
};

describe('@ToolParam under every decorator set-up', () => {
  it.each(DECORATOR_SETUPS)('AU-1: %s compiles the fixture as that set-up does', (setup) => {
    const code = outputs.get(setup) ?? '';
    for (const marker of OUTPUT_MARKERS[setup]) expect(code).toContain(marker);
    if (setup !== 'tsc-legacy-metadata') expect(code).not.toContain('design:type');
  });

  it.each(SETUP_NAMES)('AU-1: %s gives the one JSON Schema of the input class', (setup) => {
    expect(buildInputSchema(moduleOf(setup).KitchenSinkInput)).toEqual(EXPECTED_SCHEMA);
    expect(JSON.stringify(buildInputSchema(moduleOf(setup).KitchenSinkInput))).toBe(JSON.stringify(EXPECTED_SCHEMA));
  });

  it.each(SETUP_NAMES)('AU-1: %s inherits a parent class fields, leaving the parent list untouched', (setup) => {
    const module = moduleOf(setup);
    const parentSchema = {
      type: 'object',
      properties: { repo_id: { type: 'string', description: 'The repository', pattern: '^[a-z]+/[a-z]+$' } },
      required: ['repo_id'],
      additionalProperties: false,
    };
    expect(buildInputSchema(module.RepositoryInput)).toEqual(parentSchema);
    expect(buildInputSchema(module.PlainRepositoryInput)).toEqual(parentSchema);
  });

  it.each(SETUP_NAMES)('AU-1: %s names $defs entries after the classes as written', (setup) => {
    expect(buildInputSchema(moduleOf(setup).Chapter)).toEqual({
      type: 'object',
      properties: {
        title: { type: 'string', description: 'Title' },
        chapters: { type: 'array', description: 'Sub-chapters', items: { $ref: '#' } },
        outline: { description: 'An outline', $ref: '#/$defs/Chapter.outline' },
      },
      required: ['title'],
      additionalProperties: false,
      $defs: {
        'Chapter.outline': {
          $ref: '#/$defs/Chapter.outline/$defs/__schema0',
          $defs: {
            __schema0: {
              type: 'object',
              properties: {
                title: { type: 'string' },
                sections: { type: 'array', items: { $ref: '#/$defs/Chapter.outline/$defs/__schema0' } },
              },
              required: ['title'],
              additionalProperties: false,
            },
          },
        },
      },
    });
  });

  it.each(SETUP_NAMES)('AU-1: %s binds a full call to real instances', (setup) => {
    const module = moduleOf(setup);
    expect(describeBinding(module, bindInput(module.KitchenSinkInput, FULL_CALL))).toEqual({
      value: {
        repoId: 'acme/tools',
        query: 'crash',
        ignoreCase: true,
        limit: 5,
        minScore: 0.5,
        state: 'closed',
        labels: ['bug'],
        filters: [{ field: 'label', value: 'bug' }],
        tree: {
          op: 'and',
          children: [
            { op: 'term', text: 'crash' },
            { op: 'or', children: [] },
          ],
        },
        sort: { key: 'updated', descending: true },
        window: { from: '2024-01-01' },
        page: 2,
        tags: ['x'],
        outline: { title: 'Intro', sections: [{ title: 'Part' }] },
      },
      isInput: true,
      filters: [true],
      tree: true,
      children: [true, true],
      sort: true,
    });
  });

  it.each(SETUP_NAMES)('AU-1: %s fills the defaults of a minimal call', (setup) => {
    const module = moduleOf(setup);
    expect(describeBinding(module, bindInput(module.KitchenSinkInput, { repo_id: 'a/b', query: 'x' }))).toEqual({
      value: { repoId: 'a/b', query: 'x', ignoreCase: false, limit: 10, state: 'open', filters: [], page: 1 },
      isInput: true,
      filters: [],
      tree: 'none',
      children: [],
      sort: 'none',
    });
  });

  it.each(SETUP_NAMES)('AU-1: %s reports the same violations, in the gate sentences', (setup) => {
    const module = moduleOf(setup);
    const call = { repo_id: 'a/b', query: 3, limit: 'ten', filters: [{ field: 'title' }], page: 1.5, extra: true };
    expect(describeBinding(module, bindInput(module.KitchenSinkInput, call))).toEqual({
      violations: [
        "Unknown parameter 'extra'. The tool was not executed.",
        "Parameter 'query' must be a string. The tool was not executed.",
        "Parameter 'limit' must be an integer. The tool was not executed.",
        "Parameter 'filters[0].value' is required (string). The tool was not executed.",
        "Parameter 'filters[0].field' must be one of [label, author], but was 'title'. The tool was not executed.",
        "Parameter 'page' must be an integer. The tool was not executed.",
      ],
    });
  });

  it("AU-1: every set-up registers the guide's shorthand and Standard Schema examples alike", async () => {
    type Guide = Record<string, new () => object>;
    const schemas: string[] = [];
    for (const setup of DECORATOR_SETUPS) {
      const shorthands = await scratch.load<Guide>(
        `${setup}/guide-shorthands.js`,
        await compileSource(guideSnippet('## Shorthands'), setup),
      );
      const standard = await scratch.load<Guide>(
        `${setup}/guide-standard-schema-fields.js`,
        await compileSource(guideSnippet('## Standard Schema fields'), setup),
      );
      const issueQuery = buildInputSchema(shorthands.IssueQuery as new () => object);
      const report = buildInputSchema(standard.ReportInput as new () => object);
      expect(Object.keys(issueQuery.properties as object)).toEqual([
        'query',
        'limit',
        'minScore',
        '-i',
        'state',
        'labels',
        'filters',
        'main',
      ]);
      expect(report.properties).toEqual({
        window: {
          type: 'object',
          description: 'Time window',
          properties: { from: { type: 'string', description: 'Start date' }, to: { type: 'string' } },
          required: ['from'],
          additionalProperties: false,
        },
        note: { type: 'string', description: 'Note' },
        page: {
          type: 'integer',
          description: 'Page',
          default: 1,
          minimum: -9007199254740991,
          maximum: 9007199254740991,
        },
        title: { type: 'string', description: 'Title', maxLength: 80 },
        tags: { type: 'array', description: 'Tags', items: { type: 'string' } },
      });
      schemas.push(JSON.stringify([issueQuery, report]));
    }
    expect(new Set(schemas).size).toBe(1);
  });
});
