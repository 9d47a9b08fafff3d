import type { GrepPattern } from './grep-pattern.js';

/** A text split into lines (line breaks `\n` or `\r\n`, not kept) and the indexes of the matching ones. */
export interface LineMatches {
  readonly lines: readonly string[];
  /** 0-based, ascending. */
  readonly matched: readonly number[];
}

/** How far {@link matchLines} goes. */
export interface MatchLimits {
  /** Stop at the first matching line. */
  readonly firstOnly: boolean;
  /** Stop after this many matching lines. */
  readonly maxMatches: number;
  /** Called between lines: yields to the event loop now and then (see `createYielder`). */
  readonly pause?: () => Promise<void> | undefined;
}

/**
 * Finds the lines of `text` that match (SPEC BT-3). Line by line, as grep does; a whole-text
 * prefilter first skips texts with no possible match. In multiline mode the pattern runs over the
 * whole text and every line a match touches counts as matching. Stops at `maxMatches` matching
 * lines (`firstOnly`: at the first), and pauses between lines so a huge file does not hold the
 * event loop.
 */
export async function matchLines(text: string, pattern: GrepPattern, limits: MatchLimits): Promise<LineMatches> {
  const max = limits.firstOnly ? 1 : limits.maxMatches;
  const normalised = normaliseLineBreaks(text);
  if (pattern.prefilter !== undefined && !pattern.prefilter.test(normalised)) return { lines: [], matched: [] };
  const lines = splitNormalised(normalised);
  const matched: number[] = [];
  if (pattern.spanning !== undefined) {
    const starts = lineStarts(normalised);
    const found = pattern.spanning.matcher(normalised);
    let last = -1;
    while (matched.length < max && found.find()) {
      await limits.pause?.();
      const first = lineAt(starts, found.start());
      if (first >= lines.length) break; // an empty match after the final line break
      const end = lineAt(starts, Math.max(found.start(), found.end() - 1));
      for (let line = Math.max(first, last + 1); line <= Math.min(end, lines.length - 1); line++) matched.push(line);
      last = Math.max(last, end);
    }
    return { lines, matched };
  }
  const line = pattern.line;
  if (line === undefined) return { lines, matched };
  for (let index = 0; index < lines.length && matched.length < max; index++) {
    if ((index & 1023) === 0) await limits.pause?.();
    if (!line.test(lines[index] ?? '')) continue;
    matched.push(index);
  }
  return { lines, matched };
}

/** The lines of a text as Grep numbers them: split at `\n`, the `\r` of `\r\n` left out, no empty line after a final break. */
export function splitLines(text: string): string[] {
  return splitNormalised(normaliseLineBreaks(text));
}

function normaliseLineBreaks(text: string): string {
  return text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
}

function splitNormalised(normalised: string): string[] {
  const lines = normalised.split('\n');
  if (normalised.endsWith('\n') || normalised === '') lines.pop();
  return lines;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The 0-based line holding character `index`. */
function lineAt(starts: readonly number[], index: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}
