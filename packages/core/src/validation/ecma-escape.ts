import { ASCII, complement, DIGIT, SPACE, WORD, type CodePointSet } from './code-point-set.js';
import type { PatternCursor } from './pattern-cursor.js';
import { resolveUnicodeProperty } from './unicode-property.js';

/** What an escape stands for: one code point, or a set of them (`\d`, `\p{L}`). */
export type Escaped = { readonly codePoint: number } | { readonly set: CodePointSet };

const CONTROL_ESCAPES: ReadonlyMap<string, number> = new Map([
  ['t', 0x09],
  ['n', 0x0a],
  ['v', 0x0b],
  ['f', 0x0c],
  ['r', 0x0d],
]);

const CLASS_ESCAPES: ReadonlyMap<string, CodePointSet> = new Map([
  ['d', DIGIT],
  ['D', complement(DIGIT)],
  ['w', WORD],
  ['W', complement(WORD)],
  ['s', SPACE],
  ['S', complement(SPACE)],
]);

const HEX_DIGIT = /^[0-9A-Fa-f]$/;
const DECIMAL_DIGIT = /^[0-9]$/;
const ASCII_LETTER = /^[A-Za-z]$/;
const ASCII_ALPHANUMERIC = /^[0-9A-Za-z]$/;
const PROPERTY_CHARACTER = /^[0-9A-Za-z_=]$/;

/**
 * Reads what follows a backslash (already read), in ECMAScript's unicode mode. The assertions
 * `\b` and `\B` outside a class are the caller's. A backslash before ASCII punctuation means that
 * character in every dialect, so `\-` and `\@` are read as `-` and `@` outside classes too.
 * Anything else that is not an escape ECMAScript defines is refused, never guessed.
 */
export function readEscape(cursor: PatternCursor, inClass: boolean): Escaped {
  const letter = cursor.next('the pattern ends with a lone backslash');
  const set = CLASS_ESCAPES.get(letter);
  if (set !== undefined) return { set };
  const control = CONTROL_ESCAPES.get(letter);
  if (control !== undefined) return { codePoint: control };
  switch (letter) {
    case 'p':
    case 'P':
      return { set: readProperty(cursor, letter === 'P') };
    case 'c':
      return { codePoint: readControlLetter(cursor) };
    case 'x':
      return { codePoint: readHex(cursor, 2, '\\x needs exactly two hex digits') };
    case 'u':
      return { codePoint: readUnicodeEscape(cursor) };
    case '0':
      if (DECIMAL_DIGIT.test(cursor.peek() ?? '')) {
        cursor.refuse(`\\0${cursor.peek()} is a legacy octal escape, which ECMAScript's unicode mode does not allow`);
      }
      return { codePoint: 0 };
    case 'k':
      cursor.refuse('\\k is a named backreference, which the linear-time engine cannot run');
  }
  if (inClass && letter === 'b') return { codePoint: 0x08 };
  if (DECIMAL_DIGIT.test(letter)) {
    if (inClass) cursor.refuse(`\\${letter} is not an escape ECMAScript defines inside a character class`);
    cursor.refuse(`\\${letter} is a backreference, which the linear-time engine cannot run`);
  }
  const codePoint = letter.codePointAt(0) as number;
  if (codePoint < 0x80 && !ASCII_ALPHANUMERIC.test(letter)) return { codePoint };
  cursor.refuse(`\\${letter} is not an escape ECMAScript defines${inClass ? ' inside a character class' : ''}`);
}

function readControlLetter(cursor: PatternCursor): number {
  const letter = cursor.peek();
  if (letter === undefined || !ASCII_LETTER.test(letter)) cursor.refuse('\\c must be followed by a letter');
  cursor.next();
  return (letter.codePointAt(0) as number) % 32;
}

function readHex(cursor: PatternCursor, digits: number, problem: string): number {
  let text = '';
  for (let index = 0; index < digits; index++) {
    const digit = cursor.peek();
    if (digit === undefined || !HEX_DIGIT.test(digit)) cursor.refuse(problem);
    text += cursor.next();
  }
  return Number.parseInt(text, 16);
}

/** `\uHHHH`, `\u{H…}`, and a surrogate pair written as two escapes (one code point in unicode mode). */
function readUnicodeEscape(cursor: PatternCursor): number {
  if (cursor.eat('{')) {
    const digits = cursor.readWhile((character) => HEX_DIGIT.test(character));
    const value = digits === '' ? Number.NaN : Number.parseInt(digits, 16);
    if (!cursor.eat('}') || !(value <= 0x10ffff)) cursor.refuse('\\u{…} needs a code point of at most 10FFFF');
    return value;
  }
  const value = readHex(cursor, 4, '\\u needs four hex digits or a code point in braces');
  const isLead = value >= 0xd800 && value <= 0xdbff;
  if (isLead && cursor.peek() === '\\' && cursor.peek(1) === 'u' && cursor.peek(2) !== '{') {
    const trailText = [2, 3, 4, 5].map((offset) => cursor.peek(offset) ?? '').join('');
    const trail = /^[0-9A-Fa-f]{4}$/.test(trailText) ? Number.parseInt(trailText, 16) : Number.NaN;
    if (trail >= 0xdc00 && trail <= 0xdfff) {
      cursor.eat(`\\u${trailText}`);
      return (value - 0xd800) * 0x400 + (trail - 0xdc00) + 0x10000;
    }
  }
  return value;
}

function readProperty(cursor: PatternCursor, negated: boolean): CodePointSet {
  const escape = negated ? 'P' : 'p';
  if (!cursor.eat('{')) cursor.refuse(`\\${escape} must be followed by a property in braces, like \\${escape}{L}`);
  const body = cursor.readWhile((character) => PROPERTY_CHARACTER.test(character));
  if (!cursor.eat('}')) cursor.refuse(`\\${escape}{ is not closed by '}'`);
  const property = resolveUnicodeProperty(body);
  if (typeof property === 'string') cursor.refuse(property);
  if ('ascii' in property) return negated ? complement(ASCII) : ASCII;
  return { ranges: [], properties: [`\\${escape}{${property.re2}}`] };
}
