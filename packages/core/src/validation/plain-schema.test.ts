import { describe, expect, it } from 'vitest';
import { isPlainSchema, plainlyConforms } from './plain-schema.js';

/** `levels` objects, each the only property of the one above. */
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { inner: schema } };
  return schema;
}

describe('isPlainSchema', () => {
  it('is true for what the decorators emit for common fields', () => {
    expect(
      isPlainSchema({
        type: 'object',
        properties: {
          path: { type: 'string', description: 'The file' },
          limit: { type: 'integer', description: 'Lines', default: 2000 },
          mode: { type: 'string', enum: ['content', 'files_with_matches'] },
          tags: { type: 'array', items: { type: 'string' } },
          nothing: { type: ['string', 'null'] },
        },
        required: ['path'],
        additionalProperties: false,
      }),
    ).toBe(true);
  });

  it.each([
    ['a pattern (the linear engine may refuse it)', { type: 'string', pattern: 'a+' }],
    ['a reference', { $ref: '#/$defs/x', $defs: { x: { type: 'string' } } }],
    ['an alternative', { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    ['a type name that is not one', { type: 'strnig' }],
    ['an empty type list', { type: [] }],
    ['a repeated type', { type: ['string', 'string'] }],
    ['an empty enum (ajv refuses it)', { enum: [] }],
    ['a repeated enum member', { enum: ['a', 'a'] }],
    ['an enum member that is an object', { enum: [{ a: 1 }] }],
    ['a repeated required name', { required: ['a', 'a'] }],
    ['a required name that is not a string', { required: [1] }],
    ['a description that is not a string', { description: 1 }],
    ['a property named __proto__', JSON.parse('{"properties":{"__proto__":{"type":"string"}}}')],
    ['a property schema that is not plain', { properties: { a: { type: 'string', format: 'uri' } } }],
    ['items as a list (draft-07 tuples)', { items: [{ type: 'string' }] }],
    ['a boolean schema at the root', true],
    ['nesting past 32 levels', nested(33)],
  ])('is false for %s', (_case, schema) => {
    expect(isPlainSchema(schema)).toBe(false);
  });

  it('is true up to 32 levels of nesting', () => {
    expect(isPlainSchema(nested(32))).toBe(true);
  });
});

describe('plainlyConforms', () => {
  it.each([
    [{ type: 'integer' }, 30],
    [{ type: 'number' }, 0.5],
    [{ type: ['string', 'null'] }, null],
    [{ type: 'string', enum: ['a', 'b'] }, 'b'],
    [{ const: 3 }, 3],
    [{ type: 'array', items: { type: 'integer' } }, [1, 2]],
    [{ type: 'array', items: false }, []],
    [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
      { a: 'x' },
    ],
    [{ type: 'object', additionalProperties: { type: 'boolean' } }, { a: true }],
    [{ description: 'anything' }, { deep: [1, { x: null }] }],
  ])('is true for %j and %j', (schema, value) => {
    expect(plainlyConforms(schema, value)).toBe(true);
  });

  it.each([
    ['a fraction for an integer', { type: 'integer' }, 1.5],
    ['NaN', { type: 'number' }, Number.NaN],
    ['an infinity', {}, Number.POSITIVE_INFINITY],
    ['a Date (not plain JSON)', {}, new Date(0)],
    ['undefined', {}, undefined],
    ['a missing required property', { type: 'object', required: ['a'] }, {}],
    ['an extra property where none may be', { type: 'object', additionalProperties: false }, { a: 1 }],
    ['an extra property of the wrong type', { type: 'object', additionalProperties: { type: 'string' } }, { a: 1 }],
    ['a value outside the enum', { enum: ['a'] }, 'b'],
    ['a const that is an array (left to the compile)', { const: [1] }, [1]],
    ['an item where none may be', { items: false }, [1]],
    ['a schema that is not plain', { type: 'string', pattern: 'a' }, 'a'],
  ])('is false for %s', (_case, schema, value) => {
    expect(plainlyConforms(schema, value)).toBe(false);
  });
});
