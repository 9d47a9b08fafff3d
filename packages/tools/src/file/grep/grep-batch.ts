import type { GrepPattern } from './grep-pattern.js';
import { GrepFileReader, WORKER_FILE_BYTES } from './grep-read-file.js';
import { searchBytes, type TextSearch } from './search-text.js';

/** A file of a batch that could not be read (or changed since the walk). */
export const UNREADABLE = -1;
/** A binary file (a NUL byte in the first 8 KB). */
export const BINARY = -2;
/** A file over 16 MB. */
export const LARGE = -3;
/** A file over 256 KB met on the main thread: to be searched off it. */
export const DEFERRED = -4;

/** The output modes a batch serves: one line per file, so files can be searched in any order. */
export type BatchMode = 'count' | 'files_with_matches';

const FORMAT = Object.freeze({ before: 0, after: 0, lineNumbers: false });

/**
 * Searches a batch of files (SPEC BT-3, PF-3) for Grep's parallel search: per file, how many
 * lines match (at most 1 in files_with_matches mode), or why it was not searched
 * ({@link UNREADABLE}, {@link BINARY}, {@link LARGE}, or {@link DEFERRED} when `holdLarge`, on
 * the main thread). Synchronous: only patterns with a line automaton come here.
 */
export function searchBatch(
  reader: GrepFileReader,
  paths: readonly string[],
  pattern: GrepPattern,
  mode: BatchMode,
  holdLarge: boolean,
): Int32Array {
  const codes = new Int32Array(paths.length);
  const search = { mode, format: FORMAT, show: '', room: Number.POSITIVE_INFINITY };
  try {
    searchEach(reader, paths, pattern, holdLarge, search, codes);
  } finally {
    reader.release();
  }
  return codes;
}

function searchEach(
  reader: GrepFileReader,
  paths: readonly string[],
  pattern: GrepPattern,
  holdLarge: boolean,
  search: TextSearch,
  codes: Int32Array,
): void {
  for (const [index, path] of paths.entries()) {
    const loaded = reader.read(path);
    if (loaded.kind !== 'text') {
      codes[index] = loaded.kind === 'binary' ? BINARY : loaded.kind === 'large' ? LARGE : UNREADABLE;
      continue;
    }
    if (holdLarge && loaded.bytes.length > WORKER_FILE_BYTES) {
      codes[index] = DEFERRED;
      continue;
    }
    const found = searchBytes(loaded.bytes, pattern, search);
    if (found instanceof Promise) throw new Error('A batch needs a pattern with a line automaton.');
    codes[index] = found.matched;
  }
}
