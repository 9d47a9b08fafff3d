import { cutText } from '@toolwright/core/internal';
import { MAX_LINE_CHARS } from '../read/read-input.js';
import type { LineMatches } from './match-lines.js';

/** How content lines are printed. */
export interface ContentFormat {
  readonly before: number;
  readonly after: number;
  readonly lineNumbers: boolean;
}

/**
 * One file's part of Grep's content output, as grep prints it: `path:12:text` for matching lines,
 * `path-13-text` for context and, when context is asked for, `--` between groups that do not
 * touch. Lines over 2,000 characters are cut. At most `limit` lines are made.
 */
export function contentLines(
  path: string,
  { lines, matched }: LineMatches,
  format: ContentFormat,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  const output: string[] = [];
  const isMatch = new Set(matched);
  const withContext = format.before > 0 || format.after > 0;
  let shownUpTo = -1;
  for (const index of matched) {
    const from = Math.max(index - format.before, shownUpTo + 1);
    const to = Math.min(index + format.after, lines.length - 1);
    if (from > to) continue;
    if (withContext && shownUpTo >= 0 && from > shownUpTo + 1) output.push('--');
    for (let line = from; line <= to && output.length < limit; line++) {
      const separator = isMatch.has(line) ? ':' : '-';
      const number = format.lineNumbers ? `${line + 1}${separator}` : '';
      output.push(`${path}${separator}${number}${cutLine(lines[line] ?? '')}`);
    }
    shownUpTo = to;
    if (output.length >= limit) break;
  }
  return output;
}

function cutLine(line: string): string {
  const { text, cut } = cutText(line, MAX_LINE_CHARS);
  return cut ? `${text} [… line cut at ${MAX_LINE_CHARS.toLocaleString('en-US')} characters]` : text;
}
