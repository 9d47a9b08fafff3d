import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { checkLinearPattern, compileLinearRegExp, MAX_PATTERN_PROGRAM_SIZE } from './linear-regexp.js';

function reason(pattern: string): string {
  const checked = checkLinearPattern(pattern);
  if (checked.ok) throw new Error(`accepted ${JSON.stringify(pattern)}`);
  return checked.reason;
}

/** [pattern, strings it matches, strings it does not] — each also checked against V8 in unicode mode. */
const FAITHFUL: [string, string[], string[]][] = [
  ['^a+$', ['a', 'aaa'], ['', 'ab', 'a\n']],
  [
    '^\\s$',
    [' ', '\t', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u202f', '\u3000', '\ufeff'],
    ['\u200b', 'a'],
  ],
  ['^\\S$', ['a', '\u200b', '😀'], [' ', '\u00a0', '\ufeff']],
  ['^.$', ['a', '😀', '\ud800', '\u0085'], ['\n', '\r', '\u2028', '\u2029', '']],
  ['^\\w+$', ['a_Z0'], ['ſ', '\u212a', 'é']],
  ['^\\d$', ['0', '9'], ['٣', 'a']],
  ['a$', ['a', 'ba'], ['a\n', 'ab']],
  ['^a', ['ab'], ['\na', 'ba']],
  ['\\bfoo\\b', ['a foo b', 'foo'], ['foobar', 'éfoo_']],
  ['^[^]$', ['a', '\n', '😀'], ['', 'ab']],
  ['[]', [], ['', 'a', '\n']],
  ['^\\u{1F600}$', ['😀'], ['\ud83d']],
  ['^\\uD83D\\uDE00$', ['😀'], ['\ud83d']],
  ['^[\\uD83D\\uDE00-\\uD83D\\uDE4F]$', ['😀', '🙏'], ['😱'.slice(0, 1), 'a']],
  ['^\\cJ\\0[\\b]$', ['\n\u0000\u0008'], ['cJ0b']],
  ['^\\p{L}+$', ['héllo', 'Ωμέγα'], ['a1', '']],
  ['^\\p{Letter}\\P{Lu}$', ['Ab', 'éé'], ['AB']],
  ['^\\p{gc=Nd}\\p{Script=Greek}$', ['٣Ω'], ['3a']],
  ['^[\\p{ASCII}-]$', ['a', '-'], ['é']],
  ['^(?<year>\\d{4})-(?<month>\\d{2})$', ['2024-05'], ['2024-5']],
  ['^a+?b{2,3}?$', ['abb', 'aabbb'], ['ab', 'abbbb']],
  ['^\\-\\@\\_$', ['-@_'], ['\\-\\@\\_']],
  ['^[a-z-]+$', ['a-b'], ['A']],
  ['(a+)+$', ['aaa'], ['aab!']],
];

/** The words a refusal gives for constructs that cannot be translated faithfully. */
const REFUSED: [string, string][] = [
  ['^(?<n>a)\\k<n>$', '\\k is a named backreference, which the linear-time engine cannot run'],
  ['(a)\\1', '\\1 is a backreference, which the linear-time engine cannot run'],
  ['\\k', '\\k is a named backreference, which the linear-time engine cannot run'],
  ['(?=a)', 'lookahead cannot run on the linear-time engine'],
  ['(?!a)', 'lookahead cannot run on the linear-time engine'],
  ['(?<=a)b', 'lookbehind cannot run on the linear-time engine'],
  ['(?<!a)b', 'lookbehind cannot run on the linear-time engine'],
  ['(?i)a', "'(?' may only start a group '(?:' or '(?<name>' (inline flags and other group kinds are refused)"],
  ['(?i:a)', "'(?' may only start a group '(?:' or '(?<name>' (inline flags and other group kinds are refused)"],
  ['(?P<n>a)', "'(?' may only start a group '(?:' or '(?<name>' (inline flags and other group kinds are refused)"],
  ['a\\z', '\\z is not an escape ECMAScript defines'],
  ['\\Aa', '\\A is not an escape ECMAScript defines'],
  ['\\Qa.b\\E', '\\Q is not an escape ECMAScript defines'],
  ['\\e', '\\e is not an escape ECMAScript defines'],
  ['\\h', '\\h is not an escape ECMAScript defines'],
  ['\\é', '\\é is not an escape ECMAScript defines'],
  ['\\01', "\\01 is a legacy octal escape, which ECMAScript's unicode mode does not allow"],
  ['[\\1]', '\\1 is not an escape ECMAScript defines inside a character class'],
  ['[\\B]', '\\B is not an escape ECMAScript defines inside a character class'],
  ['\\p{Greek}', '\\p{Greek} is not a Unicode property the linear-time engine matches exactly like ECMAScript'],
  [
    '\\p{Script_Extensions=Greek}',
    '\\p{Script_Extensions=Greek} is not a Unicode property the linear-time engine matches exactly like ECMAScript',
  ],
  [
    '\\p{sc=Grek}',
    'Grek is not a Unicode script name the linear-time engine knows (write the full name, like Script=Greek)',
  ],
  ['\\p{gc=Greek}', 'Greek is not a Unicode general category'],
  ['\\pL', '\\p must be followed by a property in braces, like \\p{L}'],
  [
    '[\\w--\\d]',
    "'--' inside a character class means something else under ECMAScript's v flag; write \\- for the character itself",
  ],
  [
    '[a&&b]',
    "'&&' inside a character class means something else under ECMAScript's v flag; write \\& for the character itself",
  ],
  [
    '[[a]]',
    "'[' inside a character class means something else under ECMAScript's v flag; write \\[ for the character itself",
  ],
  ['a{,5}', "'{' must be escaped as \\{ in ECMAScript's unicode mode"],
  ['a}', "'}' must be escaped as \\} in ECMAScript's unicode mode"],
  ['a]', "']' must be escaped as \\] in ECMAScript's unicode mode"],
  ['a**', "'*' has nothing before it to repeat"],
  ['^*', "'*' has nothing before it to repeat"],
  ['a{3,2}', 'the repetition {3,2} counts down'],
  ['a{1001}', 'the repetition count 1001 is above 1000, the most the linear-time engine allows'],
  ['(a{100}){11}', 'nested repetition counts multiply to more than 1000, the most the linear-time engine allows'],
  ['[\\d-z]', 'a range in a character class cannot start or end with a class escape like \\d'],
  ['[z-a]', 'a range in a character class is out of order'],
  ['\\x4', '\\x needs exactly two hex digits'],
  ['\\u{110000}', '\\u{…} needs a code point of at most 10FFFF'],
  ['\\c1', '\\c must be followed by a letter'],
  ['(a', "a group '(' is not closed by ')'"],
  ['a)', "')' at character 2 has no '(' before it"],
  ['[a', "a character class '[' is not closed by ']'"],
  ['a\\', 'the pattern ends with a lone backslash'],
  ['(?<n>a)(?<n>b)', "the group name 'n' is used twice"],
  [`${'('.repeat(101)}${')'.repeat(101)}`, 'groups are nested more than 100 deep'],
  [
    'a{2,1000}b{2,1000}',
    'it unrolls to about 3996 instructions; at most 2000 are accepted (maxLength, not a pattern, is the way to limit a length)',
  ],
];

describe('checkLinearPattern', () => {
  it.each(FAITHFUL)('SC-3: %s matches exactly what V8 matches', (pattern, matching, other) => {
    const checked = checkLinearPattern(pattern);
    if (!checked.ok) throw new Error(checked.reason);
    const v8 = new RegExp(pattern.replace('\\-\\@\\_', '-@_'), 'u');
    expect(matching.map((text) => [text, checked.regExp.test(text), v8.test(text)])).toEqual(
      matching.map((text) => [text, true, true]),
    );
    expect(other.map((text) => [text, checked.regExp.test(text), v8.test(text)])).toEqual(
      other.map((text) => [text, false, false]),
    );
  });

  it('SC-3: \\B is never judged inside a surrogate pair, as ECMAScript specifies (V8 does judge it there)', () => {
    const checked = checkLinearPattern('\\B');
    expect(checked.ok && [checked.regExp.test('a😀a'), checked.regExp.test('😀')]).toEqual([false, true]);
    expect(/\B/u.exec('a😀a')?.index).toBe(2);
  });

  it.each(REFUSED)('SC-3: %s is refused, never read differently', (pattern, expected) => {
    expect(reason(pattern)).toBe(expected);
    expect(() => compileLinearRegExp(pattern)).toThrow(new ToolwrightError('INVALID_SCHEMA', expected));
  });

  it('SC-3: the largest program accepted is the size limit', () => {
    // `a{0,N}` unrolls to about 2N instructions.
    expect(checkLinearPattern(`a{0,${MAX_PATTERN_PROGRAM_SIZE / 2}}`).ok).toBe(true);
    expect(reason(`a{0,${MAX_PATTERN_PROGRAM_SIZE / 2}}b`)).toBe(
      'it unrolls to about 2001 instructions; at most 2000 are accepted (maxLength, not a pattern, is the way to limit a length)',
    );
  });

  it('SC-3: a pattern is compiled once and kept, and the cache forgets the oldest beyond its bounds', () => {
    const first = checkLinearPattern('^kept-[a-z]+$');
    expect(checkLinearPattern('^kept-[a-z]+$')).toBe(first);
    // Refusals are kept too.
    expect(checkLinearPattern('(a)\\1')).toBe(checkLinearPattern('(a)\\1'));
    // A thousand other patterns push it out: it is compiled again, to the same behaviour.
    for (let index = 0; index < 1_000; index++) checkLinearPattern(`^filler-${index}$`);
    const again = checkLinearPattern('^kept-[a-z]+$');
    expect(again).not.toBe(first);
    expect(again.ok && again.regExp.test('kept-abc')).toBe(true);
    // Large programs are pushed out by size long before the count is reached.
    const large = checkLinearPattern('^x{0,999}$');
    for (let index = 0; index < 60; index++) checkLinearPattern(`^${String.fromCodePoint(0x4e00 + index)}{0,999}$`);
    expect(checkLinearPattern('^x{0,999}$')).not.toBe(large);
  });
});
