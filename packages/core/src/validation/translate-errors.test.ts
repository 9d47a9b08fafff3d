import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { translateErrors } from './translate-errors.js';
import type { Violation } from './violation.js';

/** Ajv's errors for `data` (compiled as translateErrors expects: all errors, verbose), translated. */
function translate(
  schema: Record<string, unknown>,
  data: unknown,
  dialect: '2020-12' | 'draft-07' = '2020-12',
): Violation[] {
  const options = { allErrors: true, verbose: true, strict: false } as const;
  const check = (dialect === 'draft-07' ? new Ajv(options) : new Ajv2020(options)).compile(schema);
  expect(check(data)).toBe(false);
  return translateErrors(check.errors ?? [], data, schema);
}

const messages = (schema: Record<string, unknown>, data: unknown, dialect?: '2020-12' | 'draft-07'): string[] =>
  translate(schema, data, dialect).map((violation) => violation.message);

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'object',
  properties,
  ...extra,
});

describe('translateErrors', () => {
  it('GV-2: a missing parameter names the type its schema describes, through a $ref, or "any"', () => {
    const schema = object(
      { path: { $ref: '#/$defs/Path' } },
      { $defs: { Path: { type: 'string' } }, required: ['path', 'count'] },
    );
    expect(translate(schema, {})).toEqual([
      { kind: 'required', path: 'path', message: "Parameter 'path' is required (string). The tool was not executed." },
      { kind: 'required', path: 'count', message: "Parameter 'count' is required (any). The tool was not executed." },
    ]);
  });

  it('GV-2: a typo is one did-you-mean line, and a name the input already has is not suggested', () => {
    const schema = object({ file_path: { type: 'string' } }, { required: ['file_path'], additionalProperties: false });
    expect(translate(schema, { file_paht: 'x' })).toEqual([
      {
        kind: 'unknown',
        path: 'file_paht',
        message: "Unknown parameter 'file_paht'. Did you mean 'file_path'? The tool was not executed.",
      },
    ]);
    expect(messages(schema, { file_path: 'a', file_paht: 'x' })).toEqual([
      "Unknown parameter 'file_paht'. The tool was not executed.",
    ]);
    // unevaluatedProperties speaks as additionalProperties does.
    expect(messages(object({ name: { type: 'string' } }, { unevaluatedProperties: false }), { nmae: 'x' })).toEqual([
      "Unknown parameter 'nmae'. Did you mean 'name'? The tool was not executed.",
    ]);
  });

  it('GV-2: an enum line replaces the type line at the same path; const reads as a one-value enum', () => {
    expect(translate(object({ mode: { type: 'string', enum: ['r', 'w'] } }), { mode: 5 })).toEqual([
      {
        kind: 'enum',
        path: 'mode',
        message: "Parameter 'mode' must be one of [r, w], but was 5. The tool was not executed.",
        withoutValue: "Parameter 'mode' must be one of [r, w]. The tool was not executed.",
      },
    ]);
    expect(messages(object({ v: { const: 'x' } }), { v: 'y' })).toEqual([
      "Parameter 'v' must be one of [x], but was 'y'. The tool was not executed.",
    ]);
  });

  it('GV-2: alternatives of constants are one enum line; a value several branches accept is named so', () => {
    expect(messages(object({ v: { anyOf: [{ const: 'a' }, { enum: ['b', 'c'] }] } }), { v: 'd' })).toEqual([
      "Parameter 'v' must be one of [a, b, c], but was 'd'. The tool was not executed.",
    ]);
    expect(messages(object({ v: { oneOf: [{ type: 'number' }, { type: 'integer' }] } }), { v: 1 })).toEqual([
      "Parameter 'v' matches more than one allowed form. The tool was not executed.",
    ]);
    // Without a branch check, a value of a fitting type gets the summary line, not the branch's pattern line.
    expect(
      messages(object({ v: { anyOf: [{ type: 'string', pattern: '^a' }, { type: 'integer' }] } }), { v: 'b' }),
    ).toEqual(["Parameter 'v' does not match any of the allowed forms. The tool was not executed."]);
  });

  it('GV-2: the other shape keywords each get one sentence in the same voice', () => {
    expect(messages(object({ x: false }), { x: 1 })).toEqual([
      "Parameter 'x' is not allowed. The tool was not executed.",
    ]);
    expect(messages(object({ x: { not: { type: 'string' } } }), { x: 's' })).toEqual([
      "Parameter 'x' has a form that is not allowed. The tool was not executed.",
    ]);
    const dependent = "Parameter 'b' is required when 'a' is present. The tool was not executed.";
    expect(messages({ type: 'object', dependentRequired: { a: ['b'] } }, { a: 1 })).toEqual([dependent]);
    expect(messages({ type: 'object', dependencies: { a: ['b'] } }, { a: 1 }, 'draft-07')).toEqual([dependent]);
    expect(messages({ type: 'array', prefixItems: [{ type: 'string' }], items: false }, ['a', 'b'])).toEqual([
      'The input is invalid (items). The tool was not executed.',
    ]);
  });

  it('GV-2: if/then reports what then requires, once', () => {
    const schema = { type: 'object', if: object({ a: { const: 1 } }), then: { required: ['b'] } };
    expect(messages(schema, { a: 1 })).toEqual(["Parameter 'b' is required (any). The tool was not executed."]);
  });

  it('GV-1: parameters named like keywords (if, contains, not) are checked like any other', () => {
    const schema = object({ if: { type: 'string' }, contains: { type: 'string' }, not: { type: 'string' } });
    expect(messages(schema, { if: 1, contains: 2, not: 3 })).toEqual([
      "Parameter 'if' must be a string. The tool was not executed.",
      "Parameter 'contains' must be a string. The tool was not executed.",
      "Parameter 'not' must be a string. The tool was not executed.",
    ]);
  });

  it('GV-2: paths name array positions and bracket ambiguous keys; a sentence said twice is said once', () => {
    const orders = object({ items: { type: 'array', items: object({ sku: { type: 'string' } }) } });
    expect(
      translate(orders, { items: [{ sku: 'a' }, { sku: 1 }] }).map(({ path, message }) => [path, message]),
    ).toEqual([['items[1].sku', "Parameter 'items[1].sku' must be a string. The tool was not executed."]]);
    expect(messages(object({ 'a.b': { type: 'string', pattern: '^x$' } }), { 'a.b': 'y' })).toEqual([
      'Parameter \'["a.b"]\' must match the pattern ^x$. The tool was not executed.',
    ]);
    expect(messages({ allOf: [{ type: 'string' }, { type: 'string' }] }, 1)).toEqual([
      'The input must be a string. The tool was not executed.',
    ]);
  });
  it('GV-2: a name that breaks propertyNames is one line on the name, saying the rule, never one on the whole input', () => {
    const suffix = 'The tool was not executed.';
    expect(messages({ type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, { ok: 1, A1: 2 })).toEqual([
      `Parameter 'A1' is not an allowed parameter name: names must match the pattern ^[a-z]+$. ${suffix}`,
    ]);
    expect(
      messages(object({ tags: { type: 'object', propertyNames: { maxLength: 3 } } }), { tags: { long: 1 } }),
    ).toEqual([
      `Parameter 'tags.long' is not an allowed parameter name: names must be at most 3 characters long. ${suffix}`,
    ]);
    expect(messages({ type: 'object', propertyNames: { minLength: 2 } }, { a: 1 })).toEqual([
      `Parameter 'a' is not an allowed parameter name: names must be at least 2 characters long. ${suffix}`,
    ]);
    expect(messages({ type: 'object', propertyNames: { enum: ['x', 'y\u0007'] } }, { z: 1 })).toEqual([
      `Parameter 'z' is not an allowed parameter name: names must be one of "x", "y\\u0007". ${suffix}`,
    ]);
    const many = Array.from({ length: 12 }, (_, index) => `n${index}`);
    expect(messages({ type: 'object', propertyNames: { enum: many } }, { z: 1 })).toEqual([
      `Parameter 'z' is not an allowed parameter name: names must be one of ${many
        .slice(0, 10)
        .map((name) => `"${name}"`)
        .join(', ')}, …. ${suffix}`,
    ]);
    expect(messages({ type: 'object', propertyNames: { const: 'only' } }, { other: 1 })).toEqual([
      `Parameter 'other' is not an allowed parameter name: names must be one of "only". ${suffix}`,
    ]);
    expect(messages({ type: 'object', propertyNames: { not: { const: 'other' } } }, { other: 1 })).toEqual([
      `Parameter 'other' is not an allowed parameter name: names must meet the schema's 'not' rule. ${suffix}`,
    ]);
  });
});
