import { describe, expect, it } from 'vitest';
import { compileWildcardPattern, readByteSet, RUN, SEGMENT, STAR, type WildcardPattern } from './wildcard-pattern.js';

/** A compiled pattern as text: runs joined by ` ** `, segments by `/`; `?` for a set of bytes. */
function shape(pattern: WildcardPattern | undefined): string | undefined {
  if (pattern === undefined) return undefined;
  expect(pattern.runs).toEqual([...pattern.steps.keys()].filter((index) => pattern.steps[index] === RUN));
  const text = pattern.steps.map((step) =>
    step === RUN ? '|' : step === SEGMENT ? '/' : step === STAR ? '*' : step >= 0 ? String.fromCharCode(step) : '?',
  );
  return text
    .join('')
    .split('|')
    .slice(1)
    .map((run) => run.slice(1))
    .join(' ** ');
}

const compile = (pattern: string) => shape(compileWildcardPattern(Buffer.from(pattern)));

/** The printable ASCII members of the set of `[…]` (the text after its `[`). */
function members(set: string): string {
  const read = readByteSet(Buffer.from(set), 0);
  if (read === undefined) return 'undefined';
  let found = '';
  for (let byte = 0x20; byte < 0x7f; byte++)
    if ((read.set[byte >> 5] ?? 0) & (1 << (byte & 31))) found += String.fromCharCode(byte);
  return found;
}

describe('compileWildcardPattern', () => {
  it('BT-3: segments split at slashes (escaped ones too), fixed parts at stars, escapes taken as they are', () => {
    expect(compile('a*b?c')).toBe('a*b?c');
    expect(compile('src/*.ts')).toBe('src/*.ts');
    expect(compile('a\\/b')).toBe('a/b');
    expect(compile('\\*\\[x')).toBe('*[x');
    expect(compile('***.log')).toBe('*.log');
  });

  it('BT-3: ** between slashes or at an end is any run of segments; anywhere else it is *', () => {
    expect(compile('**/a')).toBe(' ** a');
    expect(compile('a/**/b')).toBe('a ** b');
    expect(compile('a/**')).toBe('a/* ** ');
    expect(compile('**')).toBe('* ** ');
    expect(compile('a/**\\/b')).toBe('a/* ** b');
    expect(compile('a**/b')).toBe('a*/b');
    expect(compile('a/**b')).toBe('a/*b');
    expect(compile('**/**/**/x')).toBe(' **  **  ** x');
  });

  it('BT-3: what git aborts on compiles to nothing: an unclosed [, an unknown class, a final backslash', () => {
    for (const broken of ['[abc', 'a/[', '[]', '[!]', '[[:foo:]]', 'x[[:alpha:]', 'abc\\', '[a\\']) {
      expect(compileWildcardPattern(Buffer.from(broken))).toBeUndefined();
    }
  });
});

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
