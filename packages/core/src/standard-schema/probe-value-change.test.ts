import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonObject } from '../json/json.js';
import { probeValueChange } from './probe-value-change.js';
import type { StandardJsonSchema, StandardSchemaResult } from './standard-schema.js';

/** A hand-written Standard Schema: `validate` as given, and the JSON Schema `document`. */
function handWritten(document: JsonObject, validate: (value: unknown) => unknown): StandardJsonSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'handwritten',
      validate: validate as (value: unknown) => StandardSchemaResult<unknown>,
      jsonSchema: { input: () => document, output: () => document },
    },
  };
}

const STRING = { type: 'string' } as const;
const passes = (value: unknown) => ({ value });

describe('probeValueChange', () => {
  it.each([
    [
      'trims',
      STRING,
      (value: unknown) => ({ value: typeof value === 'string' ? value.trim() : value }),
      "'  Mixed Case  ' became 'Mixed Case'",
    ],
    [
      'lowers',
      STRING,
      (value: unknown) => ({ value: typeof value === 'string' ? value.toLowerCase() : value }),
      "'  Mixed Case  ' became '  mixed case  '",
    ],
    [
      'normalises',
      { enum: ['e\u0301'] },
      (value: unknown) => ({ value: (value as string).normalize('NFC') }),
      "'e\u0301' became '\u00e9'",
    ],
    [
      'coerces to a number',
      { type: 'number' },
      (value: unknown) => (value === '12' ? { value: 12 } : { value }),
      "'12' became 12",
    ],
    ['coerces to a string', STRING, (value: unknown) => ({ value: String(value) }), "12 became '12'"],
    [
      'falls back',
      STRING,
      (value: unknown) => ({ value: typeof value === 'string' ? value : 'fallback' }),
      "12 became 'fallback'",
    ],
    [
      'returns a Date',
      STRING,
      (value: unknown) => ({ value: new Date(String(value)) }),
      "'  Mixed Case  ' became a Date",
    ],
    [
      'rewrites a property in place',
      { type: 'object', properties: { n: { type: 'integer' } } },
      (value: unknown) => (((value as { n: unknown }).n = 1), { value }),
      '{"n":3} became {"n":1}',
    ],
    [
      'drops a key',
      { type: 'object', properties: { a: STRING, b: STRING } },
      (value: unknown) => ({ value: { a: (value as { a: unknown }).a } }),
      `{"a":"  Mixed Case  ","b":"  Mixed Case  "} became {"a":"  Mixed Case  "}`,
    ],
  ])('AU-3: a schema that %s is caught by what validating a sample gives', (_name, document, validate, by) => {
    expect(probeValueChange(handWritten(document, validate), document)).toEqual({ at: '', by });
  });

  it('AU-3: what reading a library schema misses is caught: a zod check that rewrites ctx.value, a Valibot fallback', () => {
    const rewriting = z.string().check((context) => {
      context.value = context.value.trim();
    });
    expect(probeValueChange(rewriting, { type: 'string' })).toEqual({
      at: '',
      by: "'  Mixed Case  ' became 'Mixed Case'",
    });
    const fallback = toStandardJsonSchema(v.object({ count: v.fallback(v.number(), 1) }));
    const document = { type: 'object', properties: { count: { type: 'number' } }, required: ['count'] };
    expect(probeValueChange(fallback, document)).toEqual({ at: '', by: '{"count":"12"} became {"count":1}' });
  });

  it('AU-3: schemas that keep values pass; refusing, throwing and asynchronous validators tell nothing', () => {
    const object = { type: 'object', properties: { a: STRING, b: { type: 'array', items: { type: 'number' } } } };
    expect(probeValueChange(handWritten(object, passes), object)).toBeUndefined();
    expect(
      probeValueChange(z.object({ a: z.string().min(2), b: z.array(z.number()).optional() }), object),
    ).toBeUndefined();
    expect(
      probeValueChange(
        handWritten(STRING, () => ({ issues: [{ message: 'no' }] })),
        STRING,
      ),
    ).toBeUndefined();
    expect(
      probeValueChange(
        handWritten(STRING, () => {
          throw new Error('broken');
        }),
        STRING,
      ),
    ).toBeUndefined();
    expect(
      probeValueChange(
        handWritten(STRING, () => Promise.reject(new Error('later'))),
        STRING,
      ),
    ).toBeUndefined();
    expect(
      probeValueChange(
        handWritten(STRING, () => 'not a result'),
        STRING,
      ),
    ).toBeUndefined();
  });

  it('AU-3: validate sees defined sample values only, never undefined itself, so the field default is never evaluated', () => {
    const seen: unknown[] = [];
    const document = { type: 'object', properties: { a: { type: 'string', default: 'x' } }, default: {} };
    probeValueChange(
      handWritten(document, (value) => (seen.push(value), { value })),
      document,
    );
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((value) => value === undefined)).toEqual([]);
    // An optional property is left out, so a default filled in for it is seen as a change.
    expect(seen).toContainEqual({});
  });

  it('AU-3: a default filled in for a property left out is a change (Valibot optional with a default, in an object)', () => {
    const schema = toStandardJsonSchema(v.object({ page: v.optional(v.number(), 1), query: v.string() }));
    const document = {
      type: 'object',
      properties: { page: { type: 'number', default: 1 }, query: { type: 'string' } },
      required: ['query'],
    };
    expect(probeValueChange(schema, document)).toEqual({
      at: '',
      by: `{"query":"  Mixed Case  "} became {"page":1,"query":"  Mixed Case  "}`,
    });
  });
});
