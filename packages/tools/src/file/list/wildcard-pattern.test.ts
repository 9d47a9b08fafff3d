import { describe, expect, it } from 'vitest';
import { compileWildcardPattern, RUN, SEGMENT, STAR, type WildcardPattern } from './wildcard-pattern.js';

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
