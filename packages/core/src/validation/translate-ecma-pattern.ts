import { LINE_TERMINATOR, writeCodePoint, writeSet } from './code-point-set.js';
import { readCharacterClass } from './ecma-character-class.js';
import { readEscape } from './ecma-escape.js';
import { PatternCursor } from './pattern-cursor.js';

/** The largest repetition count, and the most nested counts may multiply to (RE2's own limit). */
export const MAX_REPEAT = 1000;

/** Groups nested deeper than this are refused: no real pattern needs more, and the reader is recursive. */
export const MAX_GROUP_DEPTH = 100;

/** A pattern rewritten in RE2 syntax with the same meaning, and an estimate of its compiled size. */
export interface TranslatedPattern {
  /** The pattern in RE2 syntax: every character a code point escape, classes spelled out. */
  readonly source: string;
  /** About how many instructions RE2 compiles it to, repetitions unrolled as RE2 unrolls them. */
  readonly size: number;
}

interface Piece {
  readonly source: string;
  readonly size: number;
  /** The product of the nested repetition counts inside (RE2 refuses more than {@link MAX_REPEAT}). */
  readonly repeats: number;
  /** False for assertions, which cannot take a quantifier. */
  readonly quantifiable: boolean;
}

const EMPTY: Piece = { source: '', size: 0, repeats: 1, quantifiable: false };
const GROUP_NAME = /^[$_\p{ID_Start}][$\p{ID_Continue}\u200C\u200D]*$/u;
const QUANTIFIER_BRACES = /^\{(\d+)(,(\d*))?\}/;
const MUST_ESCAPE = new Set(['{', '}', ']']);
const MAX_QUANTIFIER_LENGTH = 64;

/**
 * Translates a JSON Schema `pattern` — an ECMA-262 regular expression, read in unicode mode as ajv
 * reads it — into RE2 syntax with the same meaning for `test`, or refuses it with the reason. The
 * syntax accepted is an allowlist: literals, `.`, classes, `\d \w \s` and their negations,
 * `\p{…}` for properties both engines share, anchors, word boundaries, groups (named groups as
 * plain groups) and quantifiers (laziness dropped: it cannot change whether a string matches).
 * Backreferences, lookaround, inline flags, legacy octal and unknown escapes are refused.
 * Throws `PatternRefusal`.
 */
export function translateEcmaPattern(pattern: string): TranslatedPattern {
  const cursor = new PatternCursor(pattern);
  const translator = new Translator(cursor);
  const piece = translator.disjunction(0);
  if (!cursor.atEnd()) cursor.refuse(`')' ${cursor.place()} has no '(' before it`);
  return { source: piece.source, size: piece.size };
}

class Translator {
  private readonly groupNames = new Set<string>();

  constructor(private readonly cursor: PatternCursor) {}

  disjunction(depth: number): Piece {
    const alternatives = [this.alternative(depth)];
    while (this.cursor.eat('|')) alternatives.push(this.alternative(depth));
    if (alternatives.length === 1) return alternatives[0] as Piece;
    return {
      source: alternatives.map((alternative) => alternative.source).join('|'),
      size: alternatives.reduce((sum, alternative) => sum + alternative.size, alternatives.length - 1),
      repeats: Math.max(...alternatives.map((alternative) => alternative.repeats)),
      quantifiable: true,
    };
  }

  private alternative(depth: number): Piece {
    let source = '';
    let size = 0;
    let repeats = 1;
    for (let next = this.cursor.peek(); next !== undefined && next !== '|' && next !== ')'; next = this.cursor.peek()) {
      const term = this.quantified(this.term(depth));
      source += term.source;
      size += term.size;
      repeats = Math.max(repeats, term.repeats);
    }
    return source === '' ? EMPTY : { source, size, repeats, quantifiable: true };
  }

  private term(depth: number): Piece {
    const cursor: PatternCursor = this.cursor;
    if (cursor.eat('^')) return assertion('\\A');
    if (cursor.eat('$')) return assertion('\\z');
    if (cursor.eat('\\b')) return assertion('\\b');
    if (cursor.eat('\\B')) return assertion('\\B');
    if (cursor.eat('(?=') || cursor.eat('(?!')) cursor.refuse('lookahead cannot run on the linear-time engine');
    if (cursor.eat('(?<=') || cursor.eat('(?<!')) cursor.refuse('lookbehind cannot run on the linear-time engine');
    const character = cursor.next();
    switch (character) {
      case '.':
        return atom(writeSet(LINE_TERMINATOR, true));
      case '[':
        return atom(readCharacterClass(cursor));
      case '(':
        return this.group(depth);
      case '\\': {
        const escaped = readEscape(cursor, false);
        return atom('codePoint' in escaped ? writeCodePoint(escaped.codePoint) : writeSet(escaped.set, false));
      }
      case '*':
      case '+':
      case '?':
        return cursor.refuse(`'${character}' has nothing before it to repeat`);
    }
    if (MUST_ESCAPE.has(character)) {
      cursor.refuse(`'${character}' must be escaped as \\${character} in ECMAScript's unicode mode`);
    }
    return atom(writeCodePoint(character.codePointAt(0) as number));
  }

  private group(depth: number): Piece {
    const cursor: PatternCursor = this.cursor;
    if (depth >= MAX_GROUP_DEPTH) cursor.refuse(`groups are nested more than ${MAX_GROUP_DEPTH} deep`);
    if (cursor.eat('?')) {
      if (cursor.eat('<')) this.readGroupName();
      else if (!cursor.eat(':')) {
        cursor.refuse(
          "'(?' may only start a group '(?:' or '(?<name>' (inline flags and other group kinds are refused)",
        );
      }
    }
    const inner = this.disjunction(depth + 1);
    if (!cursor.eat(')')) cursor.refuse("a group '(' is not closed by ')'");
    return { source: `(?:${inner.source})`, size: inner.size, repeats: inner.repeats, quantifiable: true };
  }

  private readGroupName(): void {
    const cursor: PatternCursor = this.cursor;
    const name = cursor.readWhile((character) => character !== '>' && character !== ')');
    if (!cursor.eat('>') || !GROUP_NAME.test(name)) cursor.refuse(`'(?<${name}' does not start a named group`);
    if (this.groupNames.has(name)) cursor.refuse(`the group name '${name}' is used twice`);
    this.groupNames.add(name);
  }

  private quantified(piece: Piece): Piece {
    const cursor: PatternCursor = this.cursor;
    const next = cursor.peek();
    let minimum: number;
    let maximum: number | undefined;
    let written: string;
    if (next === '*' || next === '+' || next === '?') {
      cursor.next();
      [minimum, maximum, written] =
        next === '*' ? [0, undefined, '*'] : next === '+' ? [1, undefined, '+'] : [0, 1, '?'];
    } else if (next === '{') {
      const braces = QUANTIFIER_BRACES.exec(this.lookahead(MAX_QUANTIFIER_LENGTH));
      if (braces === null) cursor.refuse(`'{' must be escaped as \\{ in ECMAScript's unicode mode`);
      cursor.eat(braces[0]);
      minimum = readCount(cursor, braces[1] as string);
      maximum =
        braces[2] === undefined ? minimum : braces[3] === '' ? undefined : readCount(cursor, braces[3] as string);
      written = braces[0];
    } else {
      return piece;
    }
    cursor.eat('?');
    if (!piece.quantifiable) cursor.refuse(`'${written}' has nothing before it to repeat`);
    if (maximum !== undefined && minimum > maximum) cursor.refuse(`the repetition ${written} counts down`);
    const count = maximum ?? minimum;
    const repeats = written.startsWith('{') ? (count === 0 ? 1 : piece.repeats * count) : piece.repeats;
    if (repeats > MAX_REPEAT) {
      cursor.refuse(
        `nested repetition counts multiply to more than ${MAX_REPEAT}, the most the linear-time engine allows`,
      );
    }
    const size =
      maximum === undefined
        ? minimum * piece.size + piece.size + 1
        : written.startsWith('{')
          ? minimum * piece.size + (maximum - minimum) * (piece.size + 1)
          : piece.size + 1;
    return { source: `${piece.source}${written}`, size: Math.max(size, 1), repeats, quantifiable: false };
  }

  /** The next `length` characters as text, without reading them. */
  private lookahead(length: number): string {
    let text = '';
    for (let offset = 0; offset < length; offset++) text += this.cursor.peek(offset) ?? '';
    return text;
  }
}

/** A repetition count, refused above {@link MAX_REPEAT}. */
function readCount(cursor: PatternCursor, digits: string): number {
  const count = Number(digits);
  if (count > MAX_REPEAT) {
    cursor.refuse(`the repetition count ${digits} is above ${MAX_REPEAT}, the most the linear-time engine allows`);
  }
  return count;
}

function atom(source: string): Piece {
  return { source, size: 1, repeats: 1, quantifiable: true };
}

function assertion(source: string): Piece {
  return { source, size: 1, repeats: 1, quantifiable: false };
}
