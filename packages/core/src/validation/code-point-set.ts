/** An inclusive range of code points. */
export type CodePointRange = readonly [number, number];

/** A set of code points as RE2 writes it inside `[…]`: ranges, plus Unicode properties (`\p{Lu}`, `\P{Greek}`). */
export interface CodePointSet {
  /** Ranges of code points. */
  readonly ranges: readonly CodePointRange[];
  /** RE2 property items, written as they appear inside a class. */
  readonly properties: readonly string[];
}

/** The largest Unicode code point. */
export const MAX_CODE_POINT = 0x10ffff;

const set = (ranges: readonly CodePointRange[]): CodePointSet => ({ ranges, properties: [] });

/** ECMAScript's `\d`. */
export const DIGIT = set([[0x30, 0x39]]);

/** ECMAScript's `\w` (unicode mode, no `i` flag): ASCII letters, digits and `_`. */
export const WORD = set([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);

/** ECMAScript's `\s`: WhiteSpace (tab, VT, FF, ZWNBSP, every Zs character) and LineTerminator. */
export const SPACE = set([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);

/** ECMAScript's LineTerminator: what `.` does not match. */
export const LINE_TERMINATOR = set([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);

/** Code points 0–127 (`\p{ASCII}`). */
export const ASCII = set([[0x00, 0x7f]]);

/** Every code point not in `source` (which has ranges only, sorted and disjoint). */
export function complement(source: CodePointSet): CodePointSet {
  const ranges: CodePointRange[] = [];
  let next = 0;
  for (const [low, high] of source.ranges) {
    if (low > next) ranges.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) ranges.push([next, MAX_CODE_POINT]);
  return set(ranges);
}

/** One code point in RE2 syntax, whatever it is: `\x{2028}`. */
export function writeCodePoint(codePoint: number): string {
  return `\\x{${codePoint.toString(16)}}`;
}

/**
 * A class in RE2 syntax. An empty set becomes a class that matches nothing (`[]` in ECMAScript),
 * and its negation one that matches every code point (`[^]`).
 */
export function writeSet(items: CodePointSet, negated: boolean): string {
  if (items.ranges.length === 0 && items.properties.length === 0) {
    return negated ? `[${writeRange([0, MAX_CODE_POINT])}]` : `[^${writeRange([0, MAX_CODE_POINT])}]`;
  }
  return `[${negated ? '^' : ''}${items.ranges.map(writeRange).join('')}${items.properties.join('')}]`;
}

function writeRange([low, high]: CodePointRange): string {
  return low === high ? writeCodePoint(low) : `${writeCodePoint(low)}-${writeCodePoint(high)}`;
}
