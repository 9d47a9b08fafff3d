import { isPlainObject } from './json.js';

/**
 * True when `actual` is the JSON value `expected` exactly: the same primitives, arrays of the same
 * length with the same items, plain objects with the same keys and values (in any order). Anything
 * that is not JSON data — a `Date`, a `Map`, a class instance, `undefined` — equals nothing.
 */
export function isSameJsonValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return Object.is(expected, actual);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => isSameJsonValue(item, actual[index]))
    );
  }
  if (!isPlainObject(expected) || !isPlainObject(actual)) return false;
  const keys = Object.keys(expected);
  return (
    keys.length === Object.keys(actual).length &&
    keys.every((key) => Object.hasOwn(actual, key) && isSameJsonValue(expected[key], actual[key]))
  );
}
