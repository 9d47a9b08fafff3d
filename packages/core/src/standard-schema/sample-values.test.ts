import { describe, expect, it } from 'vitest';
import { sampleValues } from './sample-values.js';

describe('sampleValues', () => {
  it('AU-3: a string schema gives strings a rewrite would change, then values of other types', () => {
    expect(sampleValues({ type: 'string' })).toEqual(['  Mixed Case  ', 'plain', 'e\u0301', '\u00e9', '', 12, true]);
  });

  it('AU-3: numbers with their bounds, integers, booleans and null, each with the values a coercion takes', () => {
    expect(sampleValues({ type: 'number', minimum: 5, maximum: 9.5 })).toEqual([1.5, 3, 0, -2, 5, 9.5, '12', '', true]);
    expect(sampleValues({ type: 'integer' })).toEqual([3, 0, -2, '12', '', true]);
    expect(sampleValues({ type: 'boolean' })).toEqual([true, false, 'true', 'false', 1, 0, '']);
    expect(sampleValues({ type: ['null', 'boolean'] })).toEqual([null, '', 0, 'null', true, false, 'true', 'false', 1]);
  });

  it('AU-3: const and enum values come first; anyOf branches are sampled in turn', () => {
    expect(sampleValues({ enum: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(sampleValues({ const: 7 })).toEqual([7]);
    expect(sampleValues({ anyOf: [{ const: 'x' }, { type: 'null' }] })).toEqual(['x', null, '', 0, 'null']);
  });

  it('AU-3: an object holds every property, then leaves the optional ones out, and each property takes each of its samples in turn', () => {
    expect(
      sampleValues({
        type: 'object',
        properties: { name: { type: 'string' }, done: { type: 'boolean' } },
        required: ['name'],
      }),
    ).toEqual([
      { name: '  Mixed Case  ', done: true },
      { name: '  Mixed Case  ' },
      { name: 'plain', done: true },
      { name: '  Mixed Case  ', done: false },
      { name: 'e\u0301', done: true },
      { name: '  Mixed Case  ', done: 'true' },
      { name: '\u00e9', done: true },
      { name: '  Mixed Case  ', done: 'false' },
      { name: '', done: true },
      { name: '  Mixed Case  ', done: 1 },
      { name: 12, done: true },
      { name: '  Mixed Case  ', done: 0 },
      { name: true, done: true },
      { name: '  Mixed Case  ', done: '' },
    ]);
  });

  it('AU-3: arrays: empty, one of each item sample, two items; tuples item by item; records under an odd key', () => {
    expect(sampleValues({ type: 'array', items: { enum: [1, 2] } })).toEqual([[], [1], [2], [1, 2]]);
    expect(sampleValues({ type: 'array', prefixItems: [{ const: 'a' }, { enum: [1, 2] }], items: false })).toEqual([
      ['a', 1],
      ['a', 2],
    ]);
    expect(sampleValues({ type: 'object', additionalProperties: { const: 1 } })).toEqual([{}, { ' Mixed Key ': 1 }]);
  });

  it('AU-3: references are followed, a recursive schema stops six levels deep, and the count is bounded', () => {
    const tree = {
      type: 'object',
      properties: { name: { const: 'n' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['name'],
    };
    const samples = sampleValues(tree);
    expect(samples[0]).toEqual({ name: 'n', children: [] });
    expect(samples).toContainEqual({ name: 'n', children: [{ name: 'n', children: [] }] });
    expect(JSON.stringify(samples).length).toBeLessThan(1_000_000);
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`p${index}`, { type: 'string' }])),
    };
    expect(sampleValues(wide).length).toBe(48);
    expect(sampleValues({ anyOf: Array.from({ length: 400 }, (_, index) => ({ const: index })) }).length).toBe(48);
  });

  it('AU-3: a schema with no type gives values of every primitive type; false and unknown references give none', () => {
    expect(sampleValues({})).toEqual([
      '  Mixed Case  ',
      'plain',
      'e\u0301',
      '\u00e9',
      '',
      12,
      true,
      1.5,
      3,
      0,
      -2,
      '12',
      false,
      'true',
      'false',
      1,
      null,
      'null',
    ]);
    expect(sampleValues({ not: {} }).length).toBeGreaterThan(0);
    expect(sampleValues({ $ref: '#/$defs/missing', $defs: {} })).toEqual([]);
    expect(sampleValues({ type: 'object', properties: { a: false }, required: ['a'] })).toEqual([]);
  });

  it('AU-3: optional properties are left out all together and one by one', () => {
    const samples = sampleValues({
      type: 'object',
      properties: { a: { const: 1 }, b: { const: 2 }, c: { const: 3 } },
      required: ['a'],
    });
    expect(samples).toEqual([{ a: 1, b: 2, c: 3 }, { a: 1 }, { a: 1, c: 3 }, { a: 1, b: 2 }]);
  });
});
