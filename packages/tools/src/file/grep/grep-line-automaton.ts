import { Empty, mayMatchWide, Op, type Program } from './grep-program.js';

/** A transition's result when a match ends there: the line matches. */
export const MATCHED = -2;
/** An end-of-line transition's result when the line does not match. */
export const NOT_MATCHED = -3;
/** Not computed yet: ask {@link LineAutomaton.next}. */
export const UNKNOWN = -1;
/** In the byte table for bytes 0x80–0xFF: a code point outside ASCII starts here; decode it and ask {@link LineAutomaton.next}. */
export const WIDE = -4;
/** In the byte table for `\n`: the line ends here; ask {@link LineAutomaton.end}. */
export const LINE_END = -5;
/** In the byte table for `\r`: part of the line unless a `\n` follows; ask {@link LineAutomaton.next} for it. */
export const RETURN = -6;

/** States kept before the cache is cleared and rebuilt (RE2's way of bounding a lazy DFA's memory). */
const MAX_STATES = 2_048;
/** Transitions on code points outside ASCII kept before the cache is cleared. */
const MAX_WIDE_TRANSITIONS = 65_536;
/** Not an EMPTY_WIDTH condition: set on a state whose last code point was a word character. */
const LAST_WORD = 64;
const BEGIN = Empty.BEGIN_LINE | Empty.BEGIN_TEXT;

const isWordRune = (rune: number): boolean =>
  (rune >= 0x61 && rune <= 0x7a) || (rune >= 0x41 && rune <= 0x5a) || (rune >= 0x30 && rune <= 0x39) || rune === 0x5f;

/**
 * A lazy DFA for one line at a time (SPEC PF-3), built state by state from re2js's compiled
 * program as RE2's own DFA is: a state is the set of instructions alive after the code points read
 * so far, a transition is computed once and then read from a table (per ASCII byte, or per code
 * point outside ASCII). Every code point costs one step whatever the pattern, so it runs in time
 * linear in the text; the cache is bounded and cleared when full. A line starts at
 * {@link LineAutomaton.start} (where `^` holds), feeds its code points to
 * {@link LineAutomaton.next} and ends with {@link LineAutomaton.end} (where `$` holds). It only
 * answers whether a line matches: no positions, no groups.
 */
export class LineAutomaton {
  readonly #program: Program;
  #states: Int32Array[] = [];
  #flags: number[] = [];
  #ids = new Map<string, number>();
  /** Per state, 256 entries: the transitions on ASCII bytes, then {@link WIDE}. */
  #table = new Int32Array(0);
  /** Per state, the transition at the end of the line. */
  #ends = new Int32Array(0);
  #wide = new Map<number, number>();
  #start = UNKNOWN;
  /** Marks instructions visited by one closure (generation counter, no clearing). */
  readonly #seen: Uint32Array;
  #generation = 0;

  constructor(program: Program) {
    this.#program = program;
    this.#seen = new Uint32Array(program.instructions.length);
  }

  /** The state at the start of a line, or {@link MATCHED} when the empty start matches already. */
  start(): number {
    if (this.#start === UNKNOWN) this.#start = this.#state([this.#program.start], BEGIN);
    return this.#start;
  }

  /**
   * The byte table: `table[(state << 8) | byte]` is the next state (≥ 0), {@link MATCHED},
   * {@link UNKNOWN} (ask {@link next}) or a marker for the bytes a caller handles itself:
   * {@link LINE_END}, {@link RETURN}, {@link WIDE} (0x80–0xFF). Read it again after {@link next}
   * and {@link end}: they may replace it.
   */
  get table(): Int32Array {
    return this.#table;
  }

  /** The state after `rune` (a code point other than `\n`), or {@link MATCHED}. */
  next(state: number, rune: number): number {
    const inTable = rune < 0x80 && rune !== 0x0d;
    const known = inTable ? (this.#table[(state << 8) | rune] ?? UNKNOWN) : this.#wide.get(rune * MAX_STATES + state);
    if (known !== undefined && (known >= 0 || known === MATCHED)) return known;
    const [from, target] = this.#step(state, rune);
    if (inTable) this.#table[(from << 8) | rune] = target;
    else this.#wide.set(rune * MAX_STATES + from, target);
    return target;
  }

  /** {@link MATCHED} when the line read into `state` matches at its end, else {@link NOT_MATCHED}. */
  end(state: number): number {
    const known = this.#ends[state] ?? UNKNOWN;
    if (known !== UNKNOWN) return known;
    const [from, target] = this.#step(state, -1);
    this.#ends[from] = target;
    return target;
  }

  /**
   * The bytes a line must hold to match, when they can be named (SPEC PF-3): from the start of a
   * line, and from the state after any byte that starts no match, every other ASCII byte leads
   * back to those idle states, and no idle state matches at the end of a line. `wide`: a code
   * point outside ASCII may start a match too. `undefined` when an empty line, or one of any
   * bytes, may match.
   */
  requiredBytes(): { readonly ascii: readonly number[]; readonly wide: boolean } | undefined {
    if (this.#states.length > MAX_STATES / 2) return undefined; // room for its ~400 states without a clear
    const start = this.start();
    const idle = [this.#state([this.#program.start], 0), this.#state([this.#program.start], LAST_WORD)];
    const states = [start, ...idle];
    if (states.some((state) => state < 0 || this.end(state) === MATCHED)) return undefined;
    const ascii: number[] = [];
    for (let byte = 0; byte < 0x80; byte++) {
      if (byte === 0x0a) continue;
      if (states.some((state) => !idle.includes(this.next(state, byte)))) ascii.push(byte);
    }
    const first = this.#closure([this.#program.start], 63);
    const wide =
      first === MATCHED ||
      first.some((pc) => {
        const instruction = this.#program.instructions[pc];
        return instruction !== undefined && instruction.op >= Op.RUNE && mayMatchWide(instruction);
      });
    return { ascii, wide };
  }

  /** One transition, computed; `from` is the state's id afterwards (it changes when the cache is cleared). */
  #step(state: number, rune: number): [from: number, target: number] {
    if (this.#states.length >= MAX_STATES || this.#wide.size >= MAX_WIDE_TRANSITIONS) state = this.#clear(state);
    const flags = this.#flags[state] ?? 0;
    const word = rune >= 0 && isWordRune(rune);
    let before =
      (flags & BEGIN) | (word === ((flags & LAST_WORD) !== 0) ? Empty.NO_WORD_BOUNDARY : Empty.WORD_BOUNDARY);
    if (rune < 0) before |= Empty.END_LINE | Empty.END_TEXT;
    const alive = this.#closure(this.#states[state] ?? [], before);
    if (alive === MATCHED) return [state, MATCHED];
    if (rune < 0) return [state, NOT_MATCHED];
    const following: number[] = [this.#program.start];
    for (const pc of alive) {
      const instruction = this.#program.instructions[pc];
      if (instruction === undefined || instruction.op < Op.RUNE) continue;
      const takes =
        instruction.op === Op.RUNE_ANY ||
        (instruction.op === Op.RUNE_ANY_NOT_NL ? rune !== 0x0a : instruction.matchRune(rune));
      if (takes) following.push(instruction.out);
    }
    return [state, this.#state(following, word ? LAST_WORD : 0)];
  }

  /** The state for the instructions reachable from `seeds` under `flags`, made if new; {@link MATCHED} when MATCH is reachable. */
  #state(seeds: readonly number[], flags: number): number {
    const alive = this.#closure(seeds, flags & ~LAST_WORD);
    if (alive === MATCHED) return MATCHED;
    alive.sort((left, right) => left - right);
    const key = `${flags}:${alive.join(',')}`;
    const known = this.#ids.get(key);
    if (known !== undefined) return known;
    const id = this.#states.length;
    this.#states.push(Int32Array.from(alive));
    this.#flags.push(flags);
    this.#ids.set(key, id);
    if (this.#ends.length <= id) {
      const capacity = Math.max(64, 2 * (id + 1));
      const table = new Int32Array(capacity << 8);
      for (let row = 0; row < capacity; row++) {
        table.fill(UNKNOWN, row << 8, (row << 8) | 0x80);
        table.fill(WIDE, (row << 8) | 0x80, (row + 1) << 8);
        table[(row << 8) | 0x0a] = LINE_END;
        table[(row << 8) | 0x0d] = RETURN;
      }
      table.set(this.#table);
      this.#table = table;
      const ends = new Int32Array(capacity).fill(UNKNOWN);
      ends.set(this.#ends);
      this.#ends = ends;
    }
    return id;
  }

  /**
   * The instructions reachable from `seeds` without reading a code point, where the conditions
   * in `flags` hold: rune instructions, and EMPTY_WIDTH ones (kept, to be tried again when more
   * is known at the next code point); {@link MATCHED} as soon as MATCH is reachable.
   */
  #closure(seeds: ArrayLike<number>, flags: number): number[] | typeof MATCHED {
    const generation = ++this.#generation;
    const alive: number[] = [];
    const pending = Array.from(seeds);
    for (let pc = pending.pop(); pc !== undefined; pc = pending.pop()) {
      if (pc === 0 || this.#seen[pc] === generation) continue;
      this.#seen[pc] = generation;
      const instruction = this.#program.instructions[pc];
      if (instruction === undefined) continue;
      switch (instruction.op) {
        case Op.MATCH:
          return MATCHED;
        case Op.ALT:
        case Op.ALT_MATCH:
          pending.push(instruction.arg, instruction.out);
          break;
        case Op.NOP:
        case Op.CAPTURE:
          pending.push(instruction.out);
          break;
        case Op.EMPTY_WIDTH:
          alive.push(pc);
          if ((instruction.arg & ~flags) === 0) pending.push(instruction.out);
          break;
        case Op.FAIL:
          break;
        default:
          alive.push(pc);
      }
    }
    return alive;
  }

  /** Forgets every state but `state`, which it returns under its new id. */
  #clear(state: number): number {
    const keep = { seeds: Array.from(this.#states[state] ?? []), flags: this.#flags[state] ?? 0 };
    this.#states = [];
    this.#flags = [];
    this.#ids = new Map();
    this.#table = new Int32Array(0);
    this.#ends = new Int32Array(0);
    this.#wide = new Map();
    this.#start = UNKNOWN;
    const kept = this.#state(keep.seeds, keep.flags);
    return kept === MATCHED ? this.#state([], keep.flags) : kept;
  }
}
