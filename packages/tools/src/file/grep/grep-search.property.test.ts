// Properties of Grep's fast paths (SPEC PF-3) against the engine itself (re2js), on random
// patterns built from the constructs where a literal reader or an automaton could go wrong, and on
// lines and raw bytes made of the characters where engines disagree: a prefilter never rules out a
// line the pattern matches, and the line automaton on raw bytes finds exactly the lines re2js finds
// in the decoded text.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { requiredLiterals } from './grep-literals.js';
import { scanLines } from './grep-line-scan.js';
import { compileGrepPattern } from './grep-pattern.js';
import { createBytePrefilter } from './grep-prefilter.js';
import { splitLines } from './match-lines.js';

/** Atoms: literals (plain, escaped, quoted, by code), classes, assertions, flags. */
const ATOMS = [
  'a',
  'b',
  'k',
  's',
  'K',
  'S',
  'i',
  '_',
  '0',
  '7',
  ' ',
  '-',
  '{',
  '}',
  ']',
  'é',
  'ſ',
  '\u212a',
  '😀',
  '\uFFFD',
  '\\.',
  '\\-',
  '\\\\',
  '\\{',
  '\\t',
  '\\r',
  '\\n',
  '\\x61',
  '\\x{6B}',
  '\\141',
  '\\0',
  '\\Qa.b\\E',
  '\\Q\\E',
  '\\Qk',
  '.',
  '^',
  '$',
  '\\A',
  '\\z',
  '\\b',
  '\\B',
  '\\d',
  '\\D',
  '\\w',
  '\\W',
  '\\s',
  '\\pL',
  '\\p{Greek}',
  '\\PL',
  '[ab]',
  '[^a]',
  '[a-c]',
  '[]a]',
  '[^]a]',
  '[[:alpha:]]',
  '[[:^digit:]k]',
  '[\\d_]',
  '[é-ſ]',
  '(?s)',
  '(?m)',
  '(?U)',
  '(?i)',
  '(?-s)',
  '{,2}',
  '{01}',
];
const QUANTIFIERS = ['', '', '', '*', '+', '?', '{0}', '{2}', '{1,3}', '{0,2}', '{2,}', '*?', '+?', '??', '{1,2}?'];

/** A pattern: alternations of concatenations of quantified atoms and groups, a few levels deep. */
const patterns: fc.Arbitrary<string> = fc.letrec<{ alternation: string; piece: string }>((tie) => ({
  alternation: fc
    .array(fc.array(tie('piece'), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 })
    .map((branches) => branches.map((pieces) => pieces.join('')).join('|')),
  piece: fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...ATOMS) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.constantFrom('(', '(?:', '(?P<n>', '(?i:', '(?s:'), tie('alternation'))
            .map(([open, inner]) => `${open}${inner})`),
        },
      ),
      fc.constantFrom(...QUANTIFIERS),
    )
    .map(([atom, quantifier]) => `${atom}${quantifier}`),
})).alternation;

/** Characters for lines: the pattern's letters in both cases, their Unicode case variants, breaks, and more. */
const LINE_CHARACTERS = [
  'a',
  'b',
  'c',
  'A',
  'B',
  'k',
  's',
  'K',
  'S',
  'i',
  'I',
  '\u0130',
  '\u0131',
  '_',
  '0',
  '7',
  ' ',
  '-',
  '.',
  '{',
  '}',
  ']',
  '\t',
  '\r',
  'é',
  'É',
  'ſ',
  '\u212a',
  'α',
  '😀',
  '\uFFFD',
  '\uFEFF',
];

/** A line (no `\n` in it). */
const lines: fc.Arbitrary<string> = fc.string({ unit: fc.constantFrom(...LINE_CHARACTERS), maxLength: 12 });

/** Byte pieces for raw file contents: text, line breaks, a byte order mark, and invalid or cut UTF-8. */
const BYTE_PIECES: readonly (readonly number[])[] = [
  ...['a', 'b', 'k', 's', 'K', 'S', '_', '0', ' ', '.', 'x', 'y', 'é', 'ſ', '\u212a', '😀', '\uFFFD'].map((text) => [
    ...Buffer.from(text, 'utf8'),
  ]),
  [0x0a],
  [0x0a],
  [0x0d, 0x0a],
  [0x0d],
  [0xef, 0xbb, 0xbf],
  [0xff],
  [0xc3],
  [0xe2, 0x84],
  [0xed, 0xa0, 0x80],
  [0xf0, 0x9f, 0x98],
  [0xc0, 0xaf],
  [0x80],
];

/** Raw file contents. */
const fileBytes: fc.Arbitrary<Buffer> = fc
  .array(fc.constantFrom(...BYTE_PIECES), { maxLength: 40 })
  .map((pieces) => Buffer.from(pieces.flat()));

/** The pattern as Grep compiles it, or `undefined` when the engine refuses it. */
function compile(pattern: string, ignoreCase: boolean, multiline = false) {
  const compiled = compileGrepPattern(pattern, { ignoreCase, multiline });
  return compiled.ok ? compiled.pattern : undefined;
}

const RUNS = { numRuns: 400 };
const decoder = new TextDecoder('utf-8', { fatal: false });

describe('Grep prefilters and line automaton (properties)', () => {
  it('PF-3: every required literal is in every line the pattern matches', () => {
    fc.assert(
      fc.property(patterns, fc.array(lines, { minLength: 1, maxLength: 8 }), (pattern, texts) => {
        const compiled = compile(pattern, false);
        if (compiled?.line === undefined) return;
        const literals = requiredLiterals(RE2JS.translateRegExp(pattern));
        for (const text of texts) {
          if (compiled.line.test(text)) for (const literal of literals) expect(text, pattern).toContain(literal);
        }
      }),
      RUNS,
    );
  });

  it('PF-3: in multiline mode, every required literal is in every text the pattern matches', () => {
    fc.assert(
      fc.property(patterns, fc.array(lines, { minLength: 1, maxLength: 4 }), (pattern, texts) => {
        const compiled = compile(pattern, false, true);
        if (compiled?.spanning === undefined) return;
        const text = texts.join('\n');
        if (!compiled.spanning.test(text)) return;
        for (const literal of requiredLiterals(RE2JS.translateRegExp(pattern)))
          expect(text, pattern).toContain(literal);
      }),
      RUNS,
    );
  });

  it('PF-3: the byte prefilter says no only where no line matches, with and without -i', () => {
    fc.assert(
      fc.property(patterns, fc.boolean(), fc.array(lines, { minLength: 1, maxLength: 8 }), (pattern, fold, texts) => {
        const compiled = compile(pattern, fold);
        const prefilter = createBytePrefilter(RE2JS.translateRegExp(pattern), fold);
        if (compiled?.line === undefined || prefilter === undefined) return;
        for (const text of texts) {
          if (prefilter.find(Buffer.from(text, 'utf8'), 0) === -1)
            expect(compiled.line.test(text), pattern).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('PF-3: on raw bytes, the line automaton (with its prefilter) finds exactly the lines re2js finds in the decoded text', () => {
    fc.assert(
      fc.property(patterns, fc.boolean(), fileBytes, fc.integer({ min: 1, max: 4 }), (pattern, fold, bytes, max) => {
        const compiled = compile(pattern, fold);
        if (compiled?.line === undefined) return;
        expect(compiled.automaton, pattern).toBeDefined();
        const expected = splitLines(decoder.decode(bytes)).flatMap((line, index) =>
          compiled.line?.test(line) === true ? [index] : [],
        );
        const automaton = compiled.automaton;
        if (automaton === undefined) return;
        expect(scanLines(bytes, automaton, Number.POSITIVE_INFINITY), pattern).toEqual(expected);
        expect(scanLines(bytes, automaton, Number.POSITIVE_INFINITY, compiled.bytes), pattern).toEqual(expected);
        expect(scanLines(bytes, automaton, max, compiled.bytes), pattern).toEqual(expected.slice(0, max));
      }),
      RUNS,
    );
  });

  it('PF-3: on long files, where candidate lines are dense enough to read every line, the result is the same', () => {
    const longFiles = fc
      .array(fc.constantFrom('x1_ab', 'plain words', '', 'k\u212a', 'a\tb', '42', 'needle_7_marker'), {
        minLength: 40,
        maxLength: 300,
      })
      .map((rows) => Buffer.from(`${rows.join('\n')}\n`, 'utf8'));
    const searched = fc.constantFrom('[0-9]_[a-z]', '[0-9]+', 'needle_[0-9]+', '(?i)K', 'a\\tb|^$', '\\d\\b');
    fc.assert(
      fc.property(searched, longFiles, (pattern, bytes) => {
        const compiled = compile(pattern, false);
        if (compiled?.line === undefined || compiled.automaton === undefined) return;
        const expected = splitLines(decoder.decode(bytes)).flatMap((line, index) =>
          compiled.line?.test(line) === true ? [index] : [],
        );
        expect(scanLines(bytes, compiled.automaton, Number.POSITIVE_INFINITY, compiled.bytes), pattern).toEqual(
          expected,
        );
      }),
      { numRuns: 200 },
    );
  });
});
