import { createToolUse, type ToolLogger } from '@toolwright/core';
import { DRAFT_07_URI } from '@toolwright/core/internal';
import { describe, expect, it } from 'vitest';
import { ToolGate } from '../tool-gate.js';
import { ScriptedTool, SearchTool } from '../../test/test-tools.js';
import { compileTolerantValidator, UNCHECKABLE_INPUT } from './tolerant-validator.js';

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const UNCHECKABLE = `${UNCHECKABLE_INPUT} The tool was not executed.`;

const use = (name: string, input: unknown) => createToolUse('call_1', name, input);
const messages = (schema: unknown, value: unknown): string[] =>
  compileTolerantValidator(schema)
    .validate(value)
    .map((violation) => violation.message);

/** Schemas that once changed what every later compile saw: `$id`s naming meta-schemas or each other. */
const HOSTILE_SCHEMAS: unknown[] = [DRAFT_2020_12, DRAFT_07_URI].flatMap((dialect) => [
  { $schema: dialect, $id: DRAFT_2020_12, type: 'object' },
  { $schema: dialect, $id: DRAFT_07_URI, type: 'object' },
  { $schema: dialect, $id: 'https://json-schema.org/draft/2020-12/meta/core', type: 'object' },
  { $schema: dialect, type: 'object', properties: { a: { $id: DRAFT_07_URI, type: 'string' } } },
  { $schema: dialect, type: 'object', properties: { a: { $id: DRAFT_2020_12, required: 'broken' } } },
  { $schema: dialect, $id: 'https://tools.example/same.json', type: 'object', properties: { a: { type: 'string' } } },
  { $schema: dialect, $id: 'https://tools.example/same.json', type: 'object', properties: { a: { type: 'number' } } },
]);

const STRICT_SCHEMA = {
  type: 'object',
  properties: { path: { type: 'string' } },
  required: ['path'],
  additionalProperties: false,
};

function recordingLogger(): ToolLogger & { warnings: string[] } {
  const warnings: string[] = [];
  const ignore = (): void => undefined;
  return { warnings, debug: ignore, info: ignore, error: ignore, warn: (message) => warnings.push(message) };
}

describe('compileTolerantValidator', () => {
  it('GV-4: after hostile $ids were compiled, ENFORCE still refuses bad arguments to tools compiled later', async () => {
    // A process that has already validated something, as any running agent has.
    expect(messages(STRICT_SCHEMA, { path: 'a' })).toEqual([]);
    for (const schema of HOSTILE_SCHEMAS) compileTolerantValidator(schema);
    const later = new ScriptedTool({ name: 'later', inputSchema: STRICT_SCHEMA });
    const search = new SearchTool();
    const gate = new ToolGate({ tools: [later, search], schemaValidation: 'ENFORCE' });
    const refused = await gate.execute(use('later', { path: 7, extra: true }));
    expect([refused.isError, refused.content.split('\n')]).toEqual([
      true,
      [
        "Unknown parameter 'extra'. The tool was not executed.",
        "Parameter 'path' must be a string. The tool was not executed.",
      ],
    ]);
    const searched = await gate.execute(use('search', { query: 3 }));
    expect(searched.content).toBe("Parameter 'query' must be a string. The tool was not executed.");
    expect([later.runs, search.runs]).toEqual([0, 0]);
    expect((await gate.execute(use('later', { path: '/tmp/a' }))).isError).toBe(false);
  });

  it.each([DRAFT_2020_12, DRAFT_07_URI])(
    'GV-3: each of those schemas is checked by its own rules (dialect %s)',
    (dialect) => {
      const value = { a: 7 };
      const answers = HOSTILE_SCHEMAS.filter((schema) => (schema as { $schema: string }).$schema === dialect).map(
        (schema) => messages(schema, value),
      );
      expect(answers).toEqual([
        [],
        [],
        [],
        ["Parameter 'a' must be a string. The tool was not executed."],
        // A property whose schema is broken passes (GV-3).
        [],
        ["Parameter 'a' must be a string. The tool was not executed."],
        [],
      ]);
    },
  );

  it('GV-4: a schema from which no check at all can be built refuses in ENFORCE and is logged in WARN', async () => {
    // A broken definition that every property shares: neither the whole schema nor any part compiles.
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      $defs: { broken: { required: 'a' } },
    };
    const validator = compileTolerantValidator(schema);
    expect(validator.validate({ a: 'fine' }).map((violation) => violation.message)).toEqual([UNCHECKABLE]);
    expect(validator.unchecked).toEqual(['property a', 'the whole schema']);
    const enforced = new ScriptedTool({ name: 'broken', inputSchema: schema });
    const refused = await new ToolGate({ tools: [enforced], schemaValidation: 'ENFORCE' }).execute(
      use('broken', { a: 'fine' }),
    );
    expect([refused.isError, refused.content, enforced.runs]).toEqual([true, UNCHECKABLE, 0]);
    const warned = new ScriptedTool({ name: 'broken', inputSchema: schema });
    const logger = recordingLogger();
    const ran = await new ToolGate({ tools: [warned], schemaValidation: 'WARN', logger }).execute(
      use('broken', { a: 'fine' }),
    );
    expect([ran.isError, warned.runs, logger.warnings]).toEqual([
      false,
      1,
      ['Schema violations in a call to broken (WARN mode: the tool runs anyway)'],
    ]);
  });

  it('GV-3: a property that cannot be compiled passes while its siblings are still checked', () => {
    const schema = {
      type: 'object',
      properties: { odd: { type: 'string', required: 'x' }, n: { type: 'integer' } },
    };
    expect(messages(schema, { odd: 1, n: 'x' })).toEqual([
      "Parameter 'n' must be an integer. The tool was not executed.",
    ]);
  });

  it('GV-3/SC-3: a pattern the linear-time engine cannot read faithfully is passed unchecked, never read differently', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', pattern: '^(?<n>a)\\k<n>$' }, b: { type: 'string', pattern: '^x+$' } },
    };
    const validator = compileTolerantValidator(schema);
    expect(validator.unchecked).toEqual(['pattern ^(?<n>a)\\k<n>$']);
    expect(messages(schema, { a: 'aa', b: 'xx' })).toEqual([]);
    expect(messages(schema, { a: 'ak<n>', b: 'y' })).toEqual([
      "Parameter 'b' must match the pattern ^x+$. The tool was not executed.",
    ]);
  });

  it('GV-3/GV-5: a property whose check would multiply without end passes unchecked; its siblings are checked', () => {
    const definitions: Record<string, unknown> = { d20: { type: 'string' } };
    for (let level = 0; level < 20; level++) {
      definitions[`d${level}`] = { allOf: [{ $ref: `#/$defs/d${level + 1}` }, { $ref: `#/$defs/d${level + 1}` }] };
    }
    const schema = {
      type: 'object',
      properties: { slow: { $ref: '#/$defs/d0' }, endless: { $ref: '#/$defs/loop' }, n: { type: 'integer' } },
      $defs: { ...definitions, loop: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/loop' }] } },
    };
    const validator = compileTolerantValidator(schema);
    expect(validator.unchecked).toEqual(['property slow', 'property endless']);
    expect(validator.validate({ slow: 1, endless: 2, n: 'x' }).map((violation) => violation.message)).toEqual([
      "Parameter 'n' must be an integer. The tool was not executed.",
    ]);
  });

  it('GV-3/GV-5: a reference with a malformed escape is passed unchecked instead of failing every call', () => {
    const schema = { type: 'object', properties: { a: { $ref: '#/%E0%A4%A' }, b: { type: 'boolean' } } };
    const validator = compileTolerantValidator(schema);
    expect(validator.unchecked).toEqual(['$ref #/%E0%A4%A']);
    expect(validator.validate({ a: 1, b: 'no' }).map((violation) => violation.message)).toEqual([
      "Parameter 'b' must be a boolean. The tool was not executed.",
    ]);
  });
});
