import { describe, expect, it } from 'vitest';
import { isSameJsonValue } from './same-json-value.js';

describe('isSameJsonValue', () => {
  it('AU-3: equal JSON data is the same, key order aside', () => {
    expect(isSameJsonValue({ a: [1, 'x', null, { b: true }], c: {} }, { c: {}, a: [1, 'x', null, { b: true }] })).toBe(
      true,
    );
    expect(isSameJsonValue('  a ', '  a ')).toBe(true);
    expect(
      isSameJsonValue(
        Object.defineProperty({}, '__proto__', { value: 1, enumerable: true }),
        JSON.parse('{"__proto__":1}'),
      ),
    ).toBe(true);
  });

  it.each([
    ['a trimmed string', '  a ', 'a'],
    ['a coerced number', '12', 12],
    ['a coerced boolean', 1, true],
    ['a dropped key', { a: 1, b: 2 }, { a: 1 }],
    ['an added key', { a: 1 }, { a: 1, b: undefined }],
    ['a changed item', [1, 2], [1, 3]],
    ['a shorter array', [1, 2], [1]],
    ['an array for an object', {}, []],
    ['a Date for a string', '2020-01-01', new Date('2020-01-01')],
    ['a class instance for an object', {}, new (class Empty {})()],
    ['undefined for null', null, undefined],
    ['-0 for 0', 0, -0],
  ])('AU-3: %s is another value', (_name, expected, actual) => {
    expect(isSameJsonValue(expected, actual)).toBe(false);
  });
});
