import { Buffer } from 'node:buffer';
import type { GrepOutputMode } from './grep-input.js';
import { scanLines } from './grep-line-scan.js';
import type { GrepPattern } from './grep-pattern.js';
import { matchLines, splitLines } from './match-lines.js';
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

const NOTHING: TextFindings = Object.freeze({ matched: 0, lines: Object.freeze([]) });
const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Searches one file's raw bytes (SPEC BT-3, PF-3): the pattern's line automaton tests the lines
 * on the bytes (with a prefilter, only the lines that hold what every match needs), and only a
 * file with matching lines shown in content mode is decoded. Multiline patterns, and patterns no
 * automaton can run, go to {@link searchText}. Runs on the main thread or in Grep's worker,
 * alike; reads `bytes` only before its first await.
 */
export function searchBytes(
  bytes: Uint8Array,
  pattern: GrepPattern,
  search: TextSearch,
  pause?: () => Promise<void> | undefined,
): Promise<TextFindings> | TextFindings {
  const view = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (pattern.automaton === undefined) {
    if (pattern.bytes?.covers(view) === true && pattern.bytes.find(view, 0) === -1) return NOTHING;
    return searchText(decoder.decode(view), pattern, search, pause);
  }
  const max =
    search.mode === 'files_with_matches' ? 1 : search.mode === 'content' ? search.room : Number.POSITIVE_INFINITY;
  const matched = scanLines(view, pattern.automaton, max, pattern.bytes);
  if (matched.length === 0) return NOTHING;
  if (search.mode !== 'content') return { matched: matched.length, lines: [] };
  const lines = splitLines(decoder.decode(view));
  return { matched: matched.length, lines: contentLines(search.show, { lines, matched }, search.format, search.room) };
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
