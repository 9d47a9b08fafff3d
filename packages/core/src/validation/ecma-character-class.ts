import { writeSet, type CodePointRange } from './code-point-set.js';
import { readEscape, type Escaped } from './ecma-escape.js';
import type { PatternCursor } from './pattern-cursor.js';

/**
 * Reads a character class (its `[` already read) in ECMAScript's unicode mode and writes it in
 * RE2 syntax, every member spelled as a code point. Syntax that the `v` flag reads differently —
 * a nested `[`, `--` (subtraction), `&&` (intersection) — is refused, since the author's meaning
 * cannot be known.
 */
export function readCharacterClass(cursor: PatternCursor): string {
  const negated = cursor.eat('^');
  const ranges: CodePointRange[] = [];
  const properties: string[] = [];
  const add = (escaped: Escaped): void => {
    if ('codePoint' in escaped) ranges.push([escaped.codePoint, escaped.codePoint]);
    else {
      ranges.push(...escaped.set.ranges);
      properties.push(...escaped.set.properties);
    }
  };
  for (;;) {
    const character = cursor.peek();
    if (character === undefined) cursor.refuse("a character class '[' is not closed by ']'");
    if (character === ']') break;
    const low = readClassAtom(cursor);
    if (cursor.peek() !== '-' || cursor.peek(1) === ']' || cursor.peek(1) === undefined) {
      add(low);
      continue;
    }
    if (cursor.peek(1) === '-') refuseVFlagSyntax(cursor, '--');
    cursor.next();
    const high = readClassAtom(cursor);
    if (!('codePoint' in low) || !('codePoint' in high)) {
      cursor.refuse('a range in a character class cannot start or end with a class escape like \\d');
    }
    if (low.codePoint > high.codePoint) cursor.refuse('a range in a character class is out of order');
    ranges.push([low.codePoint, high.codePoint]);
  }
  cursor.next();
  return writeSet({ ranges: merge(ranges), properties: [...new Set(properties)] }, negated);
}

function readClassAtom(cursor: PatternCursor): Escaped {
  const character = cursor.next();
  if (character === '\\') return readEscape(cursor, true);
  if (character === '[') refuseVFlagSyntax(cursor, '[');
  if ((character === '-' || character === '&') && cursor.peek() === character) {
    refuseVFlagSyntax(cursor, `${character}${character}`);
  }
  return { codePoint: character.codePointAt(0) as number };
}

function refuseVFlagSyntax(cursor: PatternCursor, syntax: string): never {
  const escaped = [...new Set(syntax)].map((character) => `\\${character}`).join(' and ');
  cursor.refuse(
    `'${syntax}' inside a character class means something else under ECMAScript's v flag; write ${escaped} for the character itself`,
  );
}

/** The ranges sorted and merged where they touch or overlap. */
function merge(ranges: CodePointRange[]): CodePointRange[] {
  const sorted = [...ranges].sort((left, right) => left[0] - right[0]);
  const merged: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  return merged;
}
