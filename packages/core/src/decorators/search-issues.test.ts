// The search_issues tool of docs/writing-tools.md, written twice: with toolwright's shorthands and
// with the AI SDK's tool() and zod. Both are real code; each runs through its own library's checks.
import { buildInputSchema, createToolContext, ToolInput } from '@toolwright/core';
import { asSchema } from 'ai';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { searchIssuesTool } from '../../test/fixtures/decorators/search-issues/search-issues-ai-sdk.js';
import {
  SearchInput,
  SearchIssuesTool,
} from '../../test/fixtures/decorators/search-issues/search-issues-toolwright.js';

const FIXTURES = new URL('../../test/fixtures/decorators/search-issues/', import.meta.url);
const DOCS = new URL('../../../../docs/writing-tools.md', import.meta.url);
const TOOLWRIGHT_FILE = 'search-issues-toolwright.ts';
const AI_SDK_FILE = 'search-issues-ai-sdk.ts';

/** Runs a call through toolwright: binding (with its validation), then the tool. */
async function callToolwright(input: Record<string, unknown>): Promise<{ ok: boolean; text: string }> {
  const result = await new SearchIssuesTool().execute(ToolInput.of(input), createToolContext());
  return { ok: !result.isError, text: result.content };
}

/** Runs a call as the AI SDK does: the tool's input schema validates, then execute runs. */
async function callAiSdk(input: Record<string, unknown>): Promise<{ ok: boolean; text: string }> {
  const validated = await asSchema(searchIssuesTool.inputSchema).validate?.(input);
  if (validated === undefined || !validated.success) return { ok: false, text: String(validated?.error) };
  const execute = searchIssuesTool.execute as (input: unknown, options: object) => Promise<string>;
  return { ok: true, text: await execute(validated.value, { toolCallId: 'call_1', messages: [] }) };
}

function lineCount(file: string): number {
  return readFileSync(new URL(file, FIXTURES), 'utf8').trimEnd().split('\n').length;
}

const VALID_CALLS: Record<string, unknown>[] = [
  { query: 'crash' },
  { query: 'config', state: 'all', sort: 'comments', limit: 2 },
  { query: '', labels: ['bug'], author: 'ben' },
  {
    query: '',
    filters: [
      { field: 'milestone', value: 'v2' },
      { field: 'label', op: 'not', value: 'performance' },
    ],
  },
  {
    query: '',
    state: 'all',
    where: {
      op: 'and',
      children: [
        { op: 'term', term: 'crash' },
        { op: 'not', children: [{ op: 'term', term: 'network' }] },
      ],
    },
  },
  { query: 'startup', state: 'closed' },
];

const INVALID_CALLS: Record<string, unknown>[] = [
  {},
  { query: 'x', limit: 'ten' },
  { query: 'x', limit: 2.5 },
  { query: 'x', state: 'merged' },
  { query: 'x', filters: [{ field: 'title', value: 'a' }] },
  { query: 'x', where: { op: 'xor' } },
  { query: 'x', where: { op: 'and', children: [{ term: 'missing op' }] } },
];

describe('search_issues, written with toolwright and with the AI SDK and zod', () => {
  it.each(VALID_CALLS)('AU-2: both versions give the same answer to %j', async (input) => {
    const toolwright = await callToolwright(input);
    expect(toolwright).toEqual(await callAiSdk(input));
    expect(toolwright.ok).toBe(true);
  });

  it('AU-2: the answers are the search results, not empty agreement', async () => {
    expect(await callToolwright({ query: 'crash' })).toEqual({
      ok: true,
      text: '#5 [open] Config reload crashes the server (ben)\n#1 [open] Crash when the config file is empty (ana)',
    });
  });

  it.each(INVALID_CALLS)('AU-2: both versions refuse %j', async (input) => {
    expect((await callToolwright(input)).ok).toBe(false);
    expect((await callAiSdk(input)).ok).toBe(false);
  });

  it('AU-2: a misspelled key is refused with a did-you-mean by toolwright, dropped by zod', async () => {
    expect(await callToolwright({ query: 'crash', lables: ['bug'] })).toEqual({
      ok: false,
      text: "Unknown parameter 'lables'. Did you mean 'labels'? The tool was not executed.",
    });
    expect(await callAiSdk({ query: 'crash', lables: ['bug'] })).toEqual(await callToolwright({ query: 'crash' }));
  });

  it('AU-2: both versions describe the same parameters, descriptions, enums and defaults to the model', async () => {
    const summarize = (schema: { properties?: Record<string, Record<string, unknown>> }) =>
      Object.entries(schema.properties ?? {}).map(([name, property]) => ({
        name,
        description: property.description,
        enum: property.enum,
        default: property.default,
        type: property.type,
      }));
    const zodSchema = (await asSchema(searchIssuesTool.inputSchema).jsonSchema) as Parameters<typeof summarize>[0];
    expect(summarize(buildInputSchema(SearchInput))).toEqual(summarize(zodSchema));
  });

  it('AU-2: the toolwright version takes at most 1.3 times the lines of the AI SDK version, as the docs say', () => {
    const toolwright = lineCount(TOOLWRIGHT_FILE);
    const aiSdk = lineCount(AI_SDK_FILE);
    expect(toolwright / aiSdk).toBeLessThanOrEqual(1.3);
    const docs = readFileSync(DOCS, 'utf8');
    expect(docs).toContain(
      `toolwright: ${toolwright} lines; AI SDK + zod: ${aiSdk} lines (${(toolwright / aiSdk).toFixed(2)}×)`,
    );
  });

  it.each([TOOLWRIGHT_FILE, AI_SDK_FILE])('AU-2: docs/writing-tools.md shows %s as it is', (file) => {
    const docs = readFileSync(DOCS, 'utf8');
    const source = readFileSync(new URL(file, FIXTURES), 'utf8');
    expect(docs).toContain(
      `<!-- packages/core/test/fixtures/decorators/search-issues/${file} -->\n\`\`\`ts\n${source}\`\`\`\n`,
    );
  });
});
