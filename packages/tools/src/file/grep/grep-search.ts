import type { GrepFileFeed } from './grep-file-feed.js';
import { searchInParallel } from './grep-parallel.js';
import { sharedGrepPool } from './grep-pool.js';
import { GrepFileReader, WORKER_FILE_BYTES } from './grep-read-file.js';
import { GrepWorker } from './grep-worker-client.js';
import { searchBytes } from './search-text.js';
import { GrepTally } from './grep-tally.js';
import { createYielder } from '../access/yield-now.js';
import type { GrepFile, GrepFindings, GrepPlan } from './grep-types.js';

export { MAX_GREP_FILE_BYTES, WORKER_FILE_BYTES } from './grep-read-file.js';
export type { GrepFile, GrepFindings, GrepPlan } from './grep-types.js';

/** Content mode stops collecting after this many output lines when no head_limit is given. */
export const MAX_CONTENT_LINES = 20_000;

/** A search of at least this many files, in count or files_with_matches mode, spreads over the cores. */
export const PARALLEL_MIN_FILES = 2_000;

/**
 * Searches the files of a feed in order (SPEC BT-3): in count and files_with_matches mode, a
 * feed of at least {@link PARALLEL_MIN_FILES} files is searched over the cores while the walk
 * still runs; otherwise once the walk is over, with synchronous reads (six times faster than
 * `fs.promises` on many small files) in slices that yield to the event loop every 20 ms; files
 * over 256 KB are searched in a worker thread, so no single match holds the event loop (SPEC
 * PA-4), and an abort stops it. A file whose bytes hold none of the pattern's required literals
 * is counted as searched without being decoded (SPEC PF-3). Binary files (a NUL byte in the first
 * 8 KB) and files over 16 MB are skipped and counted; invalid UTF-8 is read as U+FFFD; files that
 * cannot be read are skipped, as grep -s would.
 */
export async function searchFiles(feed: GrepFileFeed, plan: GrepPlan): Promise<GrepFindings> {
  const worker = new GrepWorker(plan.signal);
  try {
    const pool = plan.mode !== 'content' && plan.pattern.automaton !== undefined ? sharedGrepPool() : undefined;
    if (pool !== undefined) await feed.waitFor(PARALLEL_MIN_FILES);
    if (pool !== undefined && feed.files.length >= PARALLEL_MIN_FILES) {
      return await searchInParallel(feed, plan, pool, worker);
    }
    await feed.waitFor(Number.POSITIVE_INFINITY);
    const reader = new GrepFileReader();
    try {
      return await searchInOrder(feed.files, plan, worker, reader);
    } finally {
      reader.release();
    }
  } finally {
    worker.close();
  }
}

/** Searches the files one after another on the main thread (large ones in the call's worker). */
async function searchInOrder(
  files: readonly GrepFile[],
  plan: GrepPlan,
  worker: GrepWorker,
  reader: GrepFileReader,
): Promise<GrepFindings> {
  const tally = new GrepTally(plan);
  const pause = createYielder();
  for (const file of files) {
    // Awaited only when the slice is over: an await per file would cost more than most searches.
    const paused = pause();
    if (paused !== undefined) await paused;
    plan.signal.throwIfAborted();
    if (tally.full) break;
    const loaded = reader.read(file.open);
    if (loaded.kind === 'binary' || loaded.kind === 'large') tally.skipped(loaded.kind);
    if (loaded.kind !== 'text') continue;
    tally.searched();
    const search = { mode: plan.mode, format: plan.format, show: file.show, room: tally.room };
    // searchBytes reads a shared buffer before its first await: the next read reuses the buffer.
    // A large file the prefilter rules out does not go to the worker at all.
    const prefilter = plan.pattern.bytes;
    if (!loaded.shared && prefilter?.covers(loaded.bytes) === true && prefilter.find(loaded.bytes, 0) === -1) continue;
    const searched =
      loaded.bytes.length > WORKER_FILE_BYTES
        ? worker.search({ bytes: loaded.bytes, ...plan.source, search })
        : searchBytes(loaded.bytes, plan.pattern, search, pause);
    const found = searched instanceof Promise ? await searched : searched;
    tally.matched(file.show, found.matched, found.lines);
  }
  return tally.findings();
}
