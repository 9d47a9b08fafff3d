import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';

describe('deepFreeze', () => {
  it('freezes an object, its arrays and the objects inside them, and returns the same value', () => {
    const value = { a: { b: [1, { c: 'd' }] }, e: null };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(value.a.b[1])).toBe(true);
  });

  it('returns a primitive or null as it is', () => {
    expect(deepFreeze('text')).toBe('text');
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
  });

  it('does not enter an object that is already frozen', () => {
    const inner = { x: 1 };
    const outer = Object.freeze({ inner });
    deepFreeze({ outer });
    expect(Object.isFrozen(inner)).toBe(false);
  });

  it('freezes a null-prototype object and what it holds', () => {
    const value = Object.assign(Object.create(null) as Record<string, unknown>, { list: [{}] });
    deepFreeze(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen((value.list as object[])[0])).toBe(true);
  });
});
