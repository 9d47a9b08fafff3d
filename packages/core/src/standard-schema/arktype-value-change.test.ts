import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { findArkTypeValueChange } from './arktype-value-change.js';

describe('findArkTypeValueChange', () => {
  it.each([
    ['string.trim', type('string.trim'), { at: '', by: 'string.trim' }],
    ['string.lower', type('string.lower'), { at: '', by: 'string.lower' }],
    ['string.upper', type('string.upper'), { at: '', by: 'string.upper' }],
    ['string.capitalize', type('string.capitalize'), { at: '', by: 'string.capitalize' }],
    ['string.normalize', type('string.normalize'), { at: '', by: 'string.normalize' }],
    ['string.numeric.parse', type('string.numeric.parse'), { at: '', by: 'string.numeric.parse' }],
    ['string.integer.parse', type('string.integer.parse'), { at: '', by: 'string.integer.parse' }],
    ['string.json.parse', type('string.json.parse'), { at: '', by: 'string.json.parse' }],
    ['string.date.parse', type('string.date.parse'), { at: '', by: 'string.date.parse' }],
  ])('AU-3: the morph keyword %s is found by name', (_name, schema, change) => {
    expect(findArkTypeValueChange(schema)).toEqual(change);
  });

  it.each([
    [
      '=>',
      type(['string', '=>', (text: string) => text.length]),
      { at: '', by: 'a morph: (In: string) => Out<unknown>' },
    ],
    ['.pipe(fn)', type('string').pipe((text) => text.length), { at: '', by: 'a morph: (In: string) => Out<unknown>' }],
    [
      '.pipe(fn, type) back to a string',
      type('string').pipe((text) => text.trim(), type('string')),
      { at: '', by: 'a morph: (In: string) => To<string>' },
    ],
    ['a keyword in a property', type({ name: 'string.trim' }), { at: 'name', by: 'string.trim' }],
    ['a keyword deep inside', type({ a: { b: 'string.upper' } }), { at: 'a.b', by: 'string.upper' }],
    ['a keyword in array items', type({ tags: 'string.lower[]' }), { at: 'tags[]', by: 'string.lower' }],
    ['a keyword in a union', type('string.trim | number'), { at: '', by: 'string.trim' }],
    ['a default in an object', type({ page: 'number = 1' }), { at: 'page', by: 'a default (= 1) inside the schema' }],
    [
      'a default deep inside',
      type({ options: { sort: "'new' | 'old' = 'new'" } }),
      { at: 'options.sort', by: 'a default (= "new") inside the schema' },
    ],
  ])('AU-3: %s is found, with its path', (_name, schema, change) => {
    expect(findArkTypeValueChange(schema)).toEqual(change);
  });

  it('AU-3: schemas that only check are not changes, and reading them runs none of their functions', () => {
    const calls: string[] = [];
    const checking = [
      type('string'),
      type('string.email'),
      type({ x: 'number', 'y?': 'number' }),
      type('string[]'),
      type('string | number'),
      type('string').narrow((text) => (calls.push('narrow'), text !== '')),
      type(['string', '=>', (text: string) => (calls.push('morph'), text)]),
    ];
    expect(checking.slice(0, 6).map((schema) => findArkTypeValueChange(schema))).toEqual(
      checking.slice(0, 6).map(() => undefined),
    );
    expect(findArkTypeValueChange(checking[6])).toEqual({ at: '', by: 'a morph: (In: string) => Out<unknown>' });
    expect(calls).toEqual([]);
  });

  it('AU-3: anything that is not an ArkType schema has nothing to read', () => {
    for (const value of [
      undefined,
      null,
      1,
      'text',
      {},
      { internal: null },
      { internal: { includesTransform: false } },
      () => 1,
    ]) {
      expect(findArkTypeValueChange(value)).toBeUndefined();
    }
  });
});
