import { describe, expect, it } from 'vitest';
import { matchesWildcard } from './wildcard-match.js';
import { compileWildcardPattern } from './wildcard-pattern.js';

/** Whether `text` matches `pattern` as git's wildmatch with WM_PATHNAME decides (a broken pattern matches nothing). */
function matches(pattern: string, text: string): boolean {
  const compiled = compileWildcardPattern(Buffer.from(pattern));
  const bytes = Buffer.from(text);
  const slashes = [...bytes.keys()].filter((index) => bytes[index] === 0x2f);
  return compiled !== undefined && matchesWildcard(compiled, bytes, 0, bytes.length, slashes);
}

// Cases from git's own wildmatch tests (t3070-wildmatch.sh, the "pathmatch" column: WM_PATHNAME).
describe('matchesWildcard', () => {
  it.each([
    ['foo', 'foo', true],
    ['foo', 'bar', false],
    ['', '', true],
    ['???', 'foo', true],
    ['??', 'foo', false],
    ['*', 'foo', true],
    ['f*', 'foo', true],
    ['*f', 'foo', false],
    ['*foo*', 'foo', true],
    ['*ob*a*r*', 'foobar', true],
    ['*ab', 'aaaaaaabababab', true],
    ['foo\\*', 'foo*', true],
    ['foo\\*bar', 'foobar', false],
    ['f\\\\oo', 'f\\oo', true],
    ['*[al]?', 'ball', true],
    ['[ten]', 'ten', false],
    ['**[!te]', 'ten', true],
    ['**[!ten]', 'ten', false],
    ['t[a-g]n', 'ten', true],
    ['t[!a-g]n', 'ten', false],
    ['t[!a-g]n', 'ton', true],
    ['t[^a-g]n', 'ton', true],
    ['a[]]b', 'a]b', true],
    ['a[]-]b', 'a-b', true],
    ['a[]-]b', 'a]b', true],
    ['a[]-]b', 'aab', false],
    ['a[]a-]b', 'aab', true],
    [']', ']', true],
    ['foo\\', 'foo\\', false],
  ])('BT-3: %j against %j is %s', (pattern, text, expected) => {
    expect(matches(pattern, text)).toBe(expected);
  });

  it('BT-3: a part of a text is matched as a text of its own: its first segment starts there', () => {
    const compiled = compileWildcardPattern(Buffer.from('**/bar'));
    const text = Buffer.from('foo/x/bar');
    expect(compiled !== undefined && matchesWildcard(compiled, text, 2, text.length, [3, 5])).toBe(true);
    expect(compiled !== undefined && matchesWildcard(compiled, text, 6, text.length, [3, 5])).toBe(true);
    expect(compiled !== undefined && matchesWildcard(compiled, text, 7, text.length, [3, 5])).toBe(false);
  });

  it.each([
    ['foo*bar', 'foo/baz/bar', false],
    ['foo**bar', 'foo/baz/bar', false],
    ['foo**bar', 'foobazbar', true],
    ['foo/**/bar', 'foo/baz/bar', true],
    ['foo/**/**/bar', 'foo/baz/bar', true],
    ['foo/**/bar', 'foo/b/a/z/bar', true],
    ['foo/**/bar', 'foo/bar', true],
    ['foo/**/**/bar', 'foo/bar', true],
    ['foo?bar', 'foo/bar', false],
    ['foo[/]bar', 'foo/bar', false],
    ['foo[^a-z]bar', 'foo/bar', false],
    ['f[^eiu][^eiu][^eiu][^eiu][^eiu]r', 'foo-bar', true],
    ['**/foo', 'foo', true],
    ['**/foo', 'XXX/foo', true],
    ['**/foo', 'bar/baz/foo', true],
    ['*/foo', 'bar/baz/foo', false],
    ['**/bar*', 'foo/bar/baz', false],
    ['**/bar/*', 'deep/foo/bar/baz', true],
    ['**/bar/*', 'deep/foo/bar/baz/', false],
    ['**/bar/**', 'deep/foo/bar/baz/', true],
    ['**/bar/*', 'deep/foo/bar', false],
    ['**/bar/**', 'deep/foo/bar/', true],
    ['*/bar/**', 'foo/bar/baz/x', true],
    ['*/bar/**', 'deep/foo/bar/baz/x', false],
    ['**/bar/*/*', 'deep/foo/bar/baz/x', true],
    ['a/**', 'a', false],
    ['a/**', 'a/b/c', true],
    ['a/**\\/b', 'a/b', false],
    ['a/**\\/b', 'a/x/b', true],
    ['**', 'any/depth/at/all', true],
    ['**', '', true],
    ['-*-*-*-*-*-*-12-*-*-*-m-*-*-*', '-adobe-courier-bold-o-normal--12-120-75-75-m-70-iso8859-1', true],
    ['-*-*-*-*-*-*-12-*-*-*-m-*-*-*', '-adobe-courier-bold-o-normal--12-120-75-75-X-70-iso8859-1', false],
    ['-*-*-*-*-*-*-12-*-*-*-m-*-*-*', '-adobe-courier-bold-o-normal--12-120-75-75-/-70-iso8859-1', false],
    ['XXX/*/*/*/*/*/*/12/*/*/*/m/*/*/*', 'XXX/adobe/courier/bold/o/normal//12/120/75/75/m/70/iso8859/1', true],
    ['XXX/*/*/*/*/*/*/12/*/*/*/m/*/*/*', 'XXX/adobe/courier/bold/o/normal//12/120/75/75/X/70/iso8859/1', false],
    ['**/*a*b*g*n*t', 'abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txt', true],
    ['**/*a*b*g*n*t', 'abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txtz', false],
    ['*/*/*', 'foo', false],
    ['*/*/*', 'foo/bar', false],
    ['*/*/*', 'foo/bba/arr', true],
    ['*/*/*', 'foo/bb/aa/rr', false],
    ['**/**/**', 'foo/bb/aa/rr', true],
    ['*X*i', 'abcXdefXghi', true],
    ['*X*i', 'ab/cXd/efXg/hi', false],
    ['*/*X*/*/*i', 'ab/cXd/efXg/hi', true],
    ['**/*X*/**/*i', 'ab/cXd/efXg/hi', true],
  ])('BT-3: with slashes, %j against %j is %s', (pattern, text, expected) => {
    expect(matches(pattern, text)).toBe(expected);
  });

  it.each([
    ['[[:alpha:]][[:digit:]][[:upper:]]', 'a1B', true],
    ['[[:digit:][:upper:][:space:]]', 'a', false],
    ['[[:digit:][:upper:][:space:]]', 'A', true],
    ['[[:digit:][:upper:][:space:]]', '1', true],
    ['[[:digit:][:upper:][:space:]]', ' ', true],
    ['[[:digit:][:upper:][:spaci:]]', '1', false],
    ['[[:space:]]', '\t', true],
    ['[[:space:]]', '\v', false],
    ['[[:xdigit:]]', 'f', true],
    ['[[:xdigit:]]', 'g', false],
    ['[[:punct:]]', '_', true],
    ['[[:punct:]]', 'a', false],
    ['[[:lower:]]', 'é', false],
    ['[^[:alnum:][:alpha:][:blank:][:cntrl:][:digit:][:lower:][:space:][:upper:][:xdigit:]]', '.', true],
    ['[a-c[:digit:]x-z]', '5', true],
    ['[a-c[:digit:]x-z]', 'b', true],
    ['[a-c[:digit:]x-z]', 'y', true],
    ['[a-c[:digit:]x-z]', 'q', false],
    ['[[:alpha]', '[', true],
    ['[[:alpha]', 'a', true],
    ['[[:alpha]', ':', true],
    ['[a-c-e]', 'd', false],
    ['[a-c-e]', '-', true],
    ['[\\]]', ']', true],
    ['[!]]', 'a', true],
    ['[!]]', ']', false],
    ['[abc', 'a', false],
    ['[', '[', false],
    ['[]', ']', false],
    ['?', 'é', false],
    ['??', 'é', true],
  ])('BT-3: sets of bytes: %j against %j is %s', (pattern, text, expected) => {
    expect(matches(pattern, text)).toBe(expected);
  });

  it('PA-4: patterns a backtracking matcher takes exponential time on are matched in linear time', () => {
    const hostile: [string, string][] = [
      [`${'**/'.repeat(20)}${'*a'.repeat(20)}b`, `${'a/'.repeat(60)}${'a'.repeat(200)}`],
      [`${'a/**/'.repeat(20)}b`, `${'a/'.repeat(400)}c`],
      [`${'*'.repeat(10_000)}a${'*'.repeat(10_000)}b`, 'a'.repeat(250)],
      [`${'[a-z]*'.repeat(40)}b`, 'a'.repeat(250)],
      [`*${'?'.repeat(38)}b`, 'a'.repeat(250)],
      [`${'**/a'.repeat(30)}b`, `${'a/'.repeat(300)}a`],
    ];
    for (const [pattern, text] of hostile) {
      const started = performance.now();
      expect(matches(pattern, text)).toBe(false);
      // Exponential work would take hours; the bound, generous for a loaded machine, is the behaviour.
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});
