/** A set of bytes, as eight 32-bit words (bit `b & 31` of word `b >> 5` is byte `b`). */
export type ByteSet = Uint32Array;

/** In {@link WildcardPattern.steps}: any run of bytes but `/` (`*`). */
export const STAR = -1;
/** In {@link WildcardPattern.steps}: a segment starts (what one `/`-free segment of the path must be). */
export const SEGMENT = -2;
/** In {@link WildcardPattern.steps}: a run of segments starts; any number of whole segments lie between two runs (`**`). */
export const RUN = -3;
/** In {@link WildcardPattern.steps}: `-(SET_BASE + i)` is the byte set `sets[i]` (`?`, `[…]`). */
export const SET_BASE = 4;

/**
 * A compiled wildcard pattern, flat, so a file of many rules makes few objects: `steps` holds,
 * for each run of segments, {@link RUN} and then, for each segment, {@link SEGMENT} and its steps —
 * a byte (0–255), {@link STAR}, or a set (`-(SET_BASE + i)`). `a*b?c` is
 * `[RUN, SEGMENT, a, STAR, b, set0, c]`; `a`, `**` and `b` between slashes are two runs,
 * `[RUN, SEGMENT, a, RUN, SEGMENT, b]`.
 */
export interface WildcardPattern {
  readonly steps: readonly number[];
  readonly sets: readonly ByteSet[];
  /** Where each run starts in `steps` (its {@link RUN}). */
  readonly runs: readonly number[];
}

const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const STAR_BYTE = 0x2a;
const NO_SETS: readonly ByteSet[] = Object.freeze([]);

/**
 * Compiles `pattern[from, to)` as git's `wildmatch` reads a pattern with `WM_PATHNAME` (bytes,
 * UTF-8): `\x` is `x`; `?` is any byte but `/`; `[…]` a set of bytes (see {@link readByteSet})
 * that never takes `/`; `*` any run of bytes but `/`; `**` with a slash or the pattern's start
 * before it and a slash (or `\/`) or the end after it stands for whole segments — before a
 * slash none or more, at the end one or more — and elsewhere is the same as `*`. Returns
 * `undefined` for a pattern git's `wildmatch` aborts on, which matches nothing: a `[` that is
 * never closed, an unknown `[:class:]`, a `\` at the end.
 */
export function compileWildcardPattern(
  pattern: Uint8Array,
  from = 0,
  to = pattern.length,
): WildcardPattern | undefined {
  const steps: number[] = [RUN, SEGMENT];
  const runs: number[] = [0];
  let sets: ByteSet[] | undefined;
  const startRun = (): void => {
    runs.push(steps.length);
    steps.push(RUN);
  };
  let index = from;
  while (index < to) {
    const byte = pattern[index] as number;
    if (byte === STAR_BYTE) {
      const start = index;
      while (index < to && pattern[index] === STAR_BYTE) index++;
      const next = index < to ? pattern[index] : undefined;
      const escapedSlash = next === BACKSLASH && index + 1 < to && pattern[index + 1] === SLASH;
      const atBoundary =
        index - start >= 2 &&
        (start === from || pattern[start - 1] === SLASH) &&
        (next === undefined || next === SLASH || escapedSlash);
      if (!atBoundary) {
        if (steps[steps.length - 1] !== STAR) steps.push(STAR);
        continue;
      }
      // A boundary `**` stands alone in its segment: the segment begun for it is dropped.
      steps.pop();
      if (next === undefined) {
        // At the end: one or more segments — any one, then any number.
        steps.push(SEGMENT, STAR);
        startRun();
        return { steps, sets: sets ?? NO_SETS, runs };
      }
      // Before `/`: none or more segments; before `\/` one or more (the escaped slash is not skipped as zero).
      if (escapedSlash) steps.push(SEGMENT, STAR);
      startRun();
      steps.push(SEGMENT);
      index += escapedSlash ? 2 : 1;
      continue;
    }
    let step: number;
    if (byte === BACKSLASH) {
      if (index + 1 >= to) return undefined;
      step = pattern[index + 1] as number;
      index += 2;
    } else if (byte === 0x3f || byte === 0x5b) {
      const read = byte === 0x3f ? { set: ANY_BYTE, end: index + 1 } : readByteSet(pattern, index + 1, to);
      if (read === undefined) return undefined;
      sets ??= [];
      step = -(SET_BASE + sets.length);
      sets.push(read.set);
      index = read.end;
    } else {
      step = byte;
      index++;
    }
    steps.push(step === SLASH ? SEGMENT : step);
  }
  return { steps, sets: sets ?? NO_SETS, runs };
}

/** `?`: any byte but `/`. */
const ANY_BYTE: ByteSet = (() => {
  const set = new Uint32Array(8).fill(0xffffffff);
  set[SLASH >> 5] = (set[SLASH >> 5] as number) & ~(1 << (SLASH & 31));
  return set;
})();

const CLASSES: Readonly<Record<string, (byte: number) => boolean>> = {
  alnum: (byte) => isAlpha(byte) || isDigit(byte),
  alpha: isAlpha,
  blank: (byte) => byte === 0x20 || byte === 0x09,
  cntrl: (byte) => byte < 0x20 || byte === 0x7f,
  digit: isDigit,
  graph: (byte) => byte > 0x20 && byte < 0x7f,
  lower: (byte) => byte >= 0x61 && byte <= 0x7a,
  print: (byte) => byte >= 0x20 && byte < 0x7f,
  punct: (byte) => byte > 0x20 && byte < 0x7f && !isAlpha(byte) && !isDigit(byte),
  // git's own isspace: no vertical tab, no form feed.
  space: (byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d,
  upper: (byte) => byte >= 0x41 && byte <= 0x5a,
  xdigit: (byte) => isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66),
};

function isAlpha(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}

/**
 * The set of a `[…]` whose members start at `start` (after the `[`), read as git's `wildmatch`
 * reads it: `!` or `^` first negates; the first member may be `]`; `\x` is `x`; `a-z` a range
 * (not after a range, nor before the `]`); `[:alpha:]` and the other POSIX classes, ASCII only
 * (a `[:` without its `:]` is a `[`). `/` is never in it. `undefined` when the set is never closed
 * or names an unknown class.
 */
export function readByteSet(
  pattern: Uint8Array,
  start: number,
  to = pattern.length,
): { set: ByteSet; end: number } | undefined {
  const at = (index: number): number | undefined => (index < to ? pattern[index] : undefined);
  const members = new Uint32Array(8);
  const add = (byte: number): void => {
    members[byte >> 5] = (members[byte >> 5] as number) | (1 << (byte & 31));
  };
  let index = start;
  const negated = at(index) === 0x21 || at(index) === 0x5e;
  if (negated) index++;
  let previous = 0;
  for (let first = true; first || at(index) !== 0x5d; first = false) {
    let byte = at(index);
    if (byte === undefined) return undefined;
    if (byte === BACKSLASH) {
      byte = at(++index);
      if (byte === undefined) return undefined;
      add(byte);
    } else if (byte === 0x2d && previous !== 0 && at(index + 1) !== undefined && at(index + 1) !== 0x5d) {
      let last = at(++index) as number;
      if (last === BACKSLASH) {
        const escaped = at(++index);
        if (escaped === undefined) return undefined;
        last = escaped;
      }
      for (let member = previous; member <= last; member++) add(member);
      byte = 0;
    } else if (byte === 0x5b && at(index + 1) === 0x3a) {
      const close = findClassEnd(pattern, index + 2, to);
      if (close === undefined) return undefined;
      if (close.named === undefined) {
        add(0x5b);
      } else {
        const test = CLASSES[close.named];
        if (test === undefined) return undefined;
        for (let member = 0; member < 256; member++) if (test(member)) add(member);
        index = close.end;
        byte = 0;
      }
    } else {
      add(byte);
    }
    previous = byte;
    index++;
  }
  const set = new Uint32Array(8);
  for (let word = 0; word < 8; word++) set[word] = negated ? ~(members[word] as number) : (members[word] as number);
  set[SLASH >> 5] = (set[SLASH >> 5] as number) & ~(1 << (SLASH & 31));
  return { set, end: index + 1 };
}

/**
 * After `[:`: the class's name and the index of the `]` of its `:]`; no name when the first `]`
 * is not after a `:` (then the `[` is a member like any other); `undefined` when no `]` follows.
 */
function findClassEnd(pattern: Uint8Array, from: number, to: number): { named?: string; end: number } | undefined {
  let index = from;
  while (index < to && pattern[index] !== 0x5d) index++;
  if (index >= to) return undefined;
  if (index - from < 1 || pattern[index - 1] !== 0x3a) return { end: index };
  return { named: Buffer.from(pattern.subarray(from, index - 1)).toString('latin1'), end: index };
}
