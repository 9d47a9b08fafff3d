import { describe, expect, it } from 'vitest';
import { requiredLiterals } from './grep-literals.js';

describe('requiredLiterals', () => {
  it.each([
    ['needle_[0-9]+_marker', ['needle_', '_marker']],
    ['marker at', ['marker at']],
    ['ab*c', ['a', 'c']],
    ['ab+c', ['ab', 'c']],
    ['ab?', ['a']],
    ['a{0,3}bc', ['bc']],
    ['a{2}b', ['a', 'b']],
    ['(?:foo)+bar', ['foo', 'bar']],
    ['(?:foo)*bar', ['bar']],
    ['(foo|bar)baz', ['baz']],
    ['[abc]def', ['def']],
    ['[]a]x', ['x']],
    ['[[:alpha:]]x', ['x']],
    ['\\.txt$', ['.txt']],
    ['foo\\tbar', ['foo\tbar']],
    ['\\Qa.b\\E+c', ['a.b', 'c']],
    ['\\x41bc', ['bc']],
    ['\\141bc', ['bc']],
    ['\\p{Greek}ab', ['ab']],
    ['(?s)a.b', ['a', 'b']],
    ['(?P<name>ab)c', ['ab', 'c']],
    ['a{,2}', ['a{,2}']],
  ])('PF-3: %s requires %j', (pattern, literals) => {
    expect(requiredLiterals(pattern)).toEqual(literals);
  });

  it.each([
    ['foo|bar', 'no literal is in every branch'],
    ['(?i)abc', 'case folding switched on inside'],
    ['x(?i:abc)', 'case folding switched on inside'],
    ['ab(?U){0}', 'a quantifier after a flag group binds to the b'],
    ['ab\\Q\\E*', 'a quantifier after an empty quote binds to the b'],
    ['a*', 'the only character may be absent'],
    ['[a-z]+\\d', 'classes only'],
  ])('PF-3: %s requires nothing (%s)', (pattern) => {
    expect(requiredLiterals(pattern)).toEqual([]);
  });
});
