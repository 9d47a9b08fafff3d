import type { GrepOutputMode } from './grep-input.js';
import type { GrepPattern } from './grep-pattern.js';
import { matchLines } from './match-lines.js';
import { contentLines, type ContentFormat } from './render-grep.js';

/** What to find in one file's text. */
export interface TextSearch {
  readonly mode: GrepOutputMode;
  readonly format: ContentFormat;
  /** The path shown in content lines. */
  readonly show: string;
  /** The most output lines still wanted (content mode). */
  readonly room: number;
}

/** One file's findings: how many lines matched, and its content lines (content mode). */
export interface TextFindings {
  readonly matched: number;
  readonly lines: readonly string[];
}

/**
 * Searches one file's text (SPEC BT-3): content mode finds no more matches than it can show and
 * makes at most `room` lines; files_with_matches stops at the first; count counts them all.
 * Runs on the main thread (with `pause` between lines) or in Grep's worker, alike.
 */
export async function searchText(
  text: string,
  pattern: GrepPattern,
  search: TextSearch,
  pause?: () => Promise<void> | undefined,
): Promise<TextFindings> {
  const found = await matchLines(text, pattern, {
    firstOnly: search.mode === 'files_with_matches',
    maxMatches: search.mode === 'content' ? search.room : Number.POSITIVE_INFINITY,
    ...(pause === undefined ? {} : { pause }),
  });
  const lines = search.mode === 'content' ? contentLines(search.show, found, search.format, search.room) : [];
  return { matched: found.matched.length, lines };
}
