import type { ByteSet } from './byte-set.js';
import { SEGMENT, SET_BASE, STAR, type WildcardPattern } from './wildcard-pattern.js';

/** The segments of `text[from, to)`: where each starts and ends, from the positions of the text's slashes. */
interface Segments {
  readonly count: number;
  start(segment: number): number;
  end(segment: number): number;
}

/**
 * Whether `text[from, to)` (bytes) matches a compiled wildcard pattern — the answer git's
 * `wildmatch` gives with `WM_PATHNAME`, found without backtracking. The pattern is runs of
 * segment patterns with any number of whole segments (`**`) between; each run is placed at its
 * leftmost fit in the path's segments (the first run at the start, the last at the end): an
 * earliest fit never hides a later run's fit, so nothing is retried. Within a segment, the fixed
 * parts between `*` are placed the same way. So a pattern costs at most (path length × longest
 * fixed part) byte comparisons however many `*` and `**` it holds: `*a*a*a*a*b` takes linear time.
 * `slashes` are the positions of every `/` in `text`, in order (found once per path).
 */
export function matchesWildcard(
  pattern: WildcardPattern,
  text: Uint8Array,
  from: number,
  to: number,
  slashes: readonly number[],
): boolean {
  const first = firstAtOrAfter(slashes, from);
  const { steps, runs } = pattern;
  // Most patterns are one segment (`*.log`): no segments to lay out.
  if (runs.length === 1 && steps.indexOf(SEGMENT, 2) < 0) {
    if (first < slashes.length && (slashes[first] as number) < to) return false;
    return matchesSegment(pattern, 2, steps.length, text, from, to);
  }
  const segments: Segments = {
    count: slashes.length - first + 1,
    start: (segment) => (segment === 0 ? from : (slashes[first + segment - 1] as number) + 1),
    end: (segment) => (first + segment < slashes.length ? (slashes[first + segment] as number) : to),
  };
  const runEnd = (run: number): number => (run + 1 < runs.length ? (runs[run + 1] as number) : steps.length);
  const firstEnd = runEnd(0);
  const firstCount = countSegments(steps, 0, firstEnd);
  if (runs.length === 1) return firstCount === segments.count && fitsRun(pattern, 0, firstEnd, text, segments, 0);
  const lastRun = runs.length - 1;
  const lastStart = runs[lastRun] as number;
  const lastAt = segments.count - countSegments(steps, lastStart, steps.length);
  if (lastAt < firstCount || !fitsRun(pattern, 0, firstEnd, text, segments, 0)) return false;
  if (!fitsRun(pattern, lastStart, steps.length, text, segments, lastAt)) return false;
  let at = firstCount;
  for (let run = 1; run < lastRun; run++) {
    const start = runs[run] as number;
    const end = runEnd(run);
    const count = countSegments(steps, start, end);
    let found = -1;
    for (let candidate = at; candidate + count <= lastAt; candidate++) {
      if (fitsRun(pattern, start, end, text, segments, candidate)) {
        found = candidate;
        break;
      }
    }
    if (found < 0) return false;
    at = found + count;
  }
  return true;
}

/** The index of the first position in `sorted` at or after `from` (its length when there is none). */
function firstAtOrAfter(sorted: readonly number[], from: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

function countSegments(steps: readonly number[], start: number, end: number): number {
  let count = 0;
  for (let index = start; index < end; index++) if (steps[index] === SEGMENT) count++;
  return count;
}

/** Whether the run at `steps[start, end)` fits the text's segments from segment `at` on. */
function fitsRun(
  pattern: WildcardPattern,
  start: number,
  end: number,
  text: Uint8Array,
  segments: Segments,
  at: number,
): boolean {
  let segment = at;
  for (let index = start; index < end; index++) {
    if (pattern.steps[index] !== SEGMENT) continue;
    let stop = index + 1;
    while (stop < end && pattern.steps[stop] !== SEGMENT) stop++;
    if (!matchesSegment(pattern, index + 1, stop, text, segments.start(segment), segments.end(segment))) return false;
    segment++;
    index = stop - 1;
  }
  return true;
}

/** Whether `text[from, to)` (one segment, no `/`) matches the segment at `steps[start, end)`: fixed parts with `*` between. */
function matchesSegment(
  pattern: WildcardPattern,
  start: number,
  end: number,
  text: Uint8Array,
  from: number,
  to: number,
): boolean {
  const steps = pattern.steps;
  let firstStar = -1;
  let lastStar = -1;
  for (let index = start; index < end; index++) {
    if (steps[index] !== STAR) continue;
    if (firstStar < 0) firstStar = index;
    lastStar = index;
  }
  if (firstStar < 0) return to - from === end - start && fitsAt(pattern, start, end, text, from);
  const lastAt = to - (end - lastStar - 1);
  if (lastAt < from + (firstStar - start)) return false;
  if (!fitsAt(pattern, start, firstStar, text, from) || !fitsAt(pattern, lastStar + 1, end, text, lastAt)) return false;
  let at = from + (firstStar - start);
  for (let chunk = firstStar + 1; chunk <= lastStar;) {
    let chunkEnd = chunk;
    while (steps[chunkEnd] !== STAR) chunkEnd++;
    if (chunkEnd > chunk) {
      // The leftmost place in [at, lastAt - length] where the fixed part steps[chunk, chunkEnd) fits.
      const length = chunkEnd - chunk;
      while (at + length <= lastAt && !fitsAt(pattern, chunk, chunkEnd, text, at)) at++;
      if (at + length > lastAt) return false;
      at += length;
    }
    chunk = chunkEnd + 1;
  }
  return true;
}

function fitsAt(pattern: WildcardPattern, start: number, end: number, text: Uint8Array, at: number): boolean {
  const steps = pattern.steps;
  for (let index = start; index < end; index++) {
    const step = steps[index] as number;
    const byte = text[at + index - start] as number;
    if (step >= 0) {
      if (step !== byte) return false;
    } else {
      const set = pattern.sets[-step - SET_BASE] as ByteSet;
      if (((set[byte >> 5] as number) & (1 << (byte & 31))) === 0) return false;
    }
  }
  return true;
}
