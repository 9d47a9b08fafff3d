import { describe, expect, it } from 'vitest';
import { completeUtf8Prefix, nextUtf8Boundary } from './utf8.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

describe('completeUtf8Prefix', () => {
  it('SH-4: drops a sequence cut short at the end, of two, three or four bytes', () => {
    expect(completeUtf8Prefix(bytes(0x61, 0xc3), 2)).toBe(1);
    expect(completeUtf8Prefix(bytes(0x61, 0xe2, 0x82), 3)).toBe(1);
    expect(completeUtf8Prefix(bytes(0x61, 0xf0, 0x9f, 0x98), 4)).toBe(1);
  });

  it('SH-4: keeps whole sequences and ASCII', () => {
    expect(completeUtf8Prefix(bytes(0x61, 0xc3, 0xa9), 3)).toBe(3);
    expect(completeUtf8Prefix(bytes(0xe2, 0x82, 0xac), 3)).toBe(3);
    expect(completeUtf8Prefix(bytes(0xf0, 0x9f, 0x98, 0x80), 4)).toBe(4);
    expect(completeUtf8Prefix(bytes(0x61, 0x62), 2)).toBe(2);
    expect(completeUtf8Prefix(bytes(), 0)).toBe(0);
  });

  it('SH-4: measures the prefix up to `end`, not the whole array', () => {
    const euro = bytes(0x61, 0xe2, 0x82, 0xac);
    expect([0, 1, 2, 3, 4].map((end) => completeUtf8Prefix(euro, end))).toEqual([0, 1, 1, 1, 4]);
  });

  it('SH-4: leaves bytes that are invalid anyway as they are (stray continuations, too many of them)', () => {
    expect(completeUtf8Prefix(bytes(0x80, 0x80), 2)).toBe(2);
    expect(completeUtf8Prefix(bytes(0x61, 0x80), 2)).toBe(2);
    expect(completeUtf8Prefix(bytes(0xf0, 0x80, 0x80, 0x80, 0x80), 5)).toBe(5);
    expect(completeUtf8Prefix(bytes(0x61, 0xe2, 0x82, 0xac, 0x80), 5)).toBe(5);
  });

  it('SH-4: drops a lone lead byte at the end', () => {
    expect(completeUtf8Prefix(bytes(0xc3), 1)).toBe(0);
    expect(completeUtf8Prefix(bytes(0x61, 0xf0), 2)).toBe(1);
  });
});

describe('nextUtf8Boundary', () => {
  it('SH-4: skips the continuation bytes at `from`, at most three', () => {
    const euro = bytes(0x61, 0xe2, 0x82, 0xac);
    expect([0, 1, 2, 3, 4].map((from) => nextUtf8Boundary(euro, from))).toEqual([0, 1, 4, 4, 4]);
    expect(nextUtf8Boundary(bytes(0x80, 0x80, 0x80, 0x80, 0x61), 0)).toBe(3);
  });
});
