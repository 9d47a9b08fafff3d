import { describe, expect, it } from 'vitest';
import { readByteSet } from './byte-set.js';

/** The printable ASCII members of the set of `[…]` (the text after its `[`). */
function members(set: string): string {
  const read = readByteSet(Buffer.from(set), 0);
  if (read === undefined) return 'undefined';
  let found = '';
  for (let byte = 0x20; byte < 0x7f; byte++)
    if ((read.set[byte >> 5] ?? 0) & (1 << (byte & 31))) found += String.fromCharCode(byte);
  return found;
}

describe('readByteSet', () => {
  it('BT-3: members, ranges, negation with ! or ^, ] first, escapes, and never a slash', () => {
    expect(members('abc]')).toBe('abc');
    expect(members('a-e]')).toBe('abcde');
    expect(members(']a]')).toBe(']a');
    expect(members('a-]')).toBe('-a');
    expect(members('-a]')).toBe('-a');
    expect(members('a-c-e]')).toBe('-abce');
    expect(members('\\]\\-]')).toBe('-]');
    expect(members('/a]')).toBe('a');
    expect(members('!a-y]')).toBe(members('^a-y]'));
    expect(members('!a-y]')).toBe(' !"#$%&\'()*+,-.0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`z{|}~');
    // The range's first byte was a member before it was known to start a range.
    expect(members('z-a]')).toBe('z');
  });

  it('BT-3: the POSIX classes, ASCII only; a [: without its :] is a [', () => {
    expect(members('[:digit:]]')).toBe('0123456789');
    expect(members('[:upper:][:space:]]')).toBe(' ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(members('[:xdigit:]]')).toBe('0123456789ABCDEFabcdef');
    expect(members('[:blank:]]')).toBe(' ');
    expect(members('[:punct:]]')).toBe('!"#$%&\'()*+,-.:;<=>?@[\\]^_`{|}~');
    expect(members('[:alpha]')).toBe(':[ahlp');
    expect(members('[:nope:]]')).toBe('undefined');
    expect(members('abc')).toBe('undefined');
  });
});
