import { ANY_BYTE_BUT_SLASH, readByteSet, type ByteSet } from './byte-set.js';

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
 * UTF-8): `\x` is `x`; `?` is any byte but `/`; `[…]` a set of bytes (see `readByteSet`)
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
      const read = byte === 0x3f ? { set: ANY_BYTE_BUT_SLASH, end: index + 1 } : readByteSet(pattern, index + 1, to);
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
