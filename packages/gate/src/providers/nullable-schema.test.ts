import { describe, expect, it } from 'vitest';
import { toNullableSchema } from './nullable-schema.js';

describe('toNullableSchema', () => {
  it("PR-3: a scalar type gains 'null', in place", () => {
    expect(toNullableSchema({ type: 'string', description: 'Path' })).toEqual({
      type: ['string', 'null'],
      description: 'Path',
    });
    expect(toNullableSchema({ type: ['string', 'integer'] })).toEqual({ type: ['string', 'integer', 'null'] });
  });

  it('PR-3: an enum gains null as well as its type', () => {
    expect(toNullableSchema({ type: 'string', enum: ['a', 'b'] })).toEqual({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
  });

  it('PR-3: a $ref, an object, an array, a const become anyOf [schema, null], annotations outside', () => {
    expect(toNullableSchema({ description: 'Parent', $ref: '#' })).toEqual({
      description: 'Parent',
      anyOf: [{ $ref: '#' }, { type: 'null' }],
    });
    expect(toNullableSchema({ type: 'array', title: 'Tags', items: { type: 'string' } })).toEqual({
      title: 'Tags',
      anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }],
    });
    expect(toNullableSchema({ type: 'string', const: 'x' })).toEqual({
      anyOf: [{ type: 'string', const: 'x' }, { type: 'null' }],
    });
  });

  it('PR-3: an anyOf gains a null branch instead of being wrapped again', () => {
    expect(toNullableSchema({ description: 'Node', anyOf: [{ $ref: '#/$defs/Node' }] })).toEqual({
      description: 'Node',
      anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }],
    });
  });

  it('PR-3: a schema that already accepts null is returned as it is', () => {
    const nullableType = { type: ['string', 'null'] };
    const nullableBranch = { anyOf: [{ type: 'object' }, { type: 'null' }] };
    expect(toNullableSchema(nullableType)).toBe(nullableType);
    expect(toNullableSchema(nullableBranch)).toBe(nullableBranch);
    expect(toNullableSchema({ type: ['string', 'null'], enum: ['a'] })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
  });

  it('PR-3: never changes its argument', () => {
    const schema = Object.freeze({ type: 'string', enum: Object.freeze(['a']) });
    expect(toNullableSchema(schema)).toEqual({ type: ['string', 'null'], enum: ['a', null] });
    expect(schema).toEqual({ type: 'string', enum: ['a'] });
  });
});
