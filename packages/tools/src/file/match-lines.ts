import type { GrepPattern } from './grep-pattern.js';

/** A text split into lines (line breaks `\n` or `\r\n`, not kept) and the indexes of the matching ones. */
export interface LineMatches {
  readonly lines: readonly string[];
  /** 0-based, ascending. */
  readonly matched: readonly number[];
}

/**
 * Finds the lines of `text` that match (SPEC BT-3). Line by line, as grep does; a whole-text
 * prefilter first skips texts with no possible match. In multiline mode the pattern runs over the
 * whole text and every line a match touches counts as matching. `firstOnly` stops at the first.
 */
export function matchLines(text: string, pattern: GrepPattern, firstOnly: boolean): LineMatches {
  const normalised = text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
  if (pattern.prefilter !== undefined && !pattern.prefilter.test(normalised)) return { lines: [], matched: [] };
  const lines = normalised.split('\n');
  if (normalised.endsWith('\n') || normalised === '') lines.pop();
  const matched: number[] = [];
  if (pattern.spanning !== undefined) {
    const starts = lineStarts(normalised);
    const found = pattern.spanning.matcher(normalised);
    let last = -1;
    while (found.find()) {
      const first = lineAt(starts, found.start());
      if (first >= lines.length) break; // an empty match after the final line break
      const end = lineAt(starts, Math.max(found.start(), found.end() - 1));
      for (let line = Math.max(first, last + 1); line <= Math.min(end, lines.length - 1); line++) matched.push(line);
      last = Math.max(last, end);
      if (firstOnly && matched.length > 0) break;
    }
    return { lines, matched };
  }
  const line = pattern.line;
  if (line === undefined) return { lines, matched };
  for (let index = 0; index < lines.length; index++) {
    if (!line.test(lines[index] ?? '')) continue;
    matched.push(index);
    if (firstOnly) break;
  }
  return { lines, matched };
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
