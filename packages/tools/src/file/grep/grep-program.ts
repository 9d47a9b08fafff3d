import type { RE2JS } from 're2js';

/** Instruction codes of re2js's compiled program (its `Inst` class), the ones a line automaton can run. */
export const Op = {
  ALT: 1,
  ALT_MATCH: 2,
  CAPTURE: 3,
  EMPTY_WIDTH: 4,
  FAIL: 5,
  MATCH: 6,
  NOP: 7,
  RUNE: 8,
  RUNE1: 9,
  RUNE_ANY: 10,
  RUNE_ANY_NOT_NL: 11,
} as const;

/** The conditions an EMPTY_WIDTH instruction waits for (re2js's `Utils.EMPTY_*`). */
export const Empty = {
  BEGIN_LINE: 1,
  END_LINE: 2,
  BEGIN_TEXT: 4,
  END_TEXT: 8,
  WORD_BOUNDARY: 16,
  NO_WORD_BOUNDARY: 32,
} as const;

/** One instruction: rune instructions test a code point themselves (ranges, case folding). */
export interface Instruction {
  readonly op: number;
  readonly out: number;
  readonly arg: number;
  /** A rune instruction's code points: one (folded when `arg` has FOLD_CASE), or ranges as pairs. */
  readonly runes?: unknown;
  matchRune(rune: number): boolean;
}

/** The FOLD_CASE bit of a rune instruction's `arg`. */
const FOLD_CASE = 1;

/**
 * Whether a rune instruction may match a code point outside ASCII: `.`, a range reaching past
 * 0x7F, a character outside ASCII, or `k`/`s` folded (K U+212A, ſ U+017F). Anything this code
 * cannot read counts as yes.
 */
export function mayMatchWide(instruction: Instruction): boolean {
  if (instruction.op === Op.RUNE_ANY || instruction.op === Op.RUNE_ANY_NOT_NL) return true;
  const runes = instruction.runes;
  if (!(runes instanceof Int32Array) && !Array.isArray(runes)) return true;
  const values = Array.from(runes as ArrayLike<unknown>);
  if (!values.every((value) => typeof value === 'number')) return true;
  const numbers = values as number[];
  if (numbers.length === 1) {
    const [rune = 0x80] = numbers;
    return rune >= 0x80 || ((instruction.arg & FOLD_CASE) !== 0 && 'kKsS'.includes(String.fromCharCode(rune)));
  }
  return (
    numbers.length === 0 || numbers.length % 2 !== 0 || numbers.some((rune, index) => index % 2 === 1 && rune >= 0x80)
  );
}

/** A compiled pattern as re2js runs it: instructions, and where matching starts. */
export interface Program {
  readonly instructions: readonly Instruction[];
  readonly start: number;
}

/**
 * The program re2js compiled for `compiled` (SPEC PF-3), read from the engine's own compilation so
 * that a line automaton means exactly what the engine means; `undefined` when it is not there in
 * the shape this code knows (another re2js version), or uses instructions a line automaton does
 * not run (lookbehind). Grep then runs the engine itself.
 */
export function programOf(compiled: RE2JS): Program | undefined {
  const program = (compiled as unknown as { re2Input?: { prog?: { inst?: unknown; start?: unknown } } }).re2Input?.prog;
  const instructions = program?.inst;
  const start = program?.start;
  if (!Array.isArray(instructions) || typeof start !== 'number' || start < 0 || start >= instructions.length) {
    return undefined;
  }
  const known = instructions.every((instruction: unknown, pc) => pc === 0 || isKnown(instruction, instructions.length));
  return known ? { instructions: instructions as Instruction[], start } : undefined;
}

function isKnown(value: unknown, size: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { op, out, arg, matchRune } = value as Partial<Record<keyof Instruction, unknown>>;
  if (typeof op !== 'number' || !Number.isInteger(op) || op < Op.ALT || op > Op.RUNE_ANY_NOT_NL) return false;
  if (typeof out !== 'number' || out < 0 || out >= size || typeof arg !== 'number') return false;
  if ((op === Op.ALT || op === Op.ALT_MATCH) && (arg < 0 || arg >= size)) return false;
  if (op === Op.EMPTY_WIDTH && (arg & ~63) !== 0) return false;
  return op < Op.RUNE || typeof matchRune === 'function';
}
