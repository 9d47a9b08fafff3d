import { BINARY, DEFERRED, LARGE, searchBatch, UNREADABLE, type BatchMode } from './grep-batch.js';
import type { GrepWorkerPool } from './grep-pool.js';
import { GrepFileReader } from './grep-read-file.js';
import type { GrepFile, GrepFindings, GrepPlan } from './grep-search.js';
import type { GrepWorker } from './grep-worker-client.js';
import { createYielder } from './yield-now.js';

/** Files per batch: a few milliseconds of work, so the main thread answers its workers often. */
const BATCH_FILES = 256;

/**
 * Searches many files over the cores (SPEC PF-3), in count or files_with_matches mode: batches
 * of files go to the pool's workers while they have room and to the main thread otherwise (which
 * yields to the event loop between its batches, and so covers the time the workers take to
 * start); the findings are then taken in file order exactly as the one-thread search takes them,
 * up to the same limit, so the result is the same. Large files met on the main thread go to the
 * call's own worker. An abort ends the pool's workers.
 */
export async function searchInParallel(
  files: readonly GrepFile[],
  plan: GrepPlan,
  pool: GrepWorkerPool,
  large: GrepWorker,
): Promise<GrepFindings> {
  const mode = plan.mode as BatchMode;
  const batches = Array.from({ length: Math.ceil(files.length / BATCH_FILES) }, (_, index) =>
    files.slice(index * BATCH_FILES, (index + 1) * BATCH_FILES).map((file) => file.open),
  );
  const results: (Int32Array | undefined)[] = [];
  const tally = createTally(files, plan);
  const reader = new GrepFileReader();
  const pause = createYielder();
  const inFlight = new Set<Promise<void>>();
  // Batches not yet searched, in file order; one a worker failed (ended by another call's abort,
  // or lost) goes back to the front, and the main thread searches it.
  const todo = batches.map((_, index) => index);
  const owner = {};
  const stop = (): void => pool.terminate(owner);
  plan.signal.addEventListener('abort', stop, { once: true });
  pool.warm();
  try {
    while (tally.done < batches.length && !tally.full) {
      plan.signal.throwIfAborted();
      while (todo.length > 0 && pool.hasRoom()) {
        const index = todo.shift() ?? 0;
        const running: Promise<void> = pool
          .run({ paths: batches[index] ?? [], ...plan.source, mode }, owner)
          .then(
            (codes) => void (results[index] = codes),
            () => void todo.unshift(index),
          )
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
      const index = todo.shift();
      if (index !== undefined) {
        results[index] = await searchHere(batches[index] ?? [], index * BATCH_FILES);
        const paused = pause();
        if (paused !== undefined) await paused;
      } else if (inFlight.size > 0) await Promise.race(inFlight);
      while (results[tally.done] !== undefined && !tally.full) tally.add(results[tally.done] ?? new Int32Array(0));
    }
    return tally.findings();
  } finally {
    plan.signal.removeEventListener('abort', stop);
  }

  async function searchHere(paths: readonly string[], offset: number): Promise<Int32Array> {
    const codes = searchBatch(reader, paths, plan.pattern, mode, true);
    for (const [index, code] of codes.entries()) {
      if (code !== DEFERRED) continue;
      const loaded = reader.read(paths[index] ?? '');
      if (loaded.kind !== 'text') codes[index] = loaded.kind === 'binary' ? BINARY : UNREADABLE;
      else {
        const search = { mode, format: plan.format, show: files[offset + index]?.show ?? '', room: plan.enough };
        codes[index] = (await large.search({ bytes: loaded.bytes, ...plan.source, search })).matched;
      }
    }
    return codes;
  }
}

/** Takes per-file codes in file order, as the one-thread search counts and prints them. */
function createTally(files: readonly GrepFile[], plan: GrepPlan) {
  const output: string[] = [];
  let filesSearched = 0;
  let filesMatched = 0;
  let matchingLines = 0;
  let skippedBinary = 0;
  let skippedLarge = 0;
  let next = 0;
  const tally = {
    done: 0,
    full: false,
    add(codes: Int32Array): void {
      for (const code of codes) {
        if (output.length >= plan.enough) {
          tally.full = true;
          return;
        }
        const show = files[next++]?.show ?? '';
        if (code === BINARY) skippedBinary++;
        else if (code === LARGE) skippedLarge++;
        else if (code !== UNREADABLE) {
          filesSearched++;
          if (code > 0) {
            filesMatched++;
            matchingLines += code;
            output.push(plan.mode === 'count' ? `${show}:${code}` : show);
          }
        }
      }
      tally.done++;
      tally.full = output.length >= plan.enough;
    },
    findings(): GrepFindings {
      return { output, filesSearched, filesMatched, matchingLines, skippedBinary, skippedLarge };
    },
  };
  return tally;
}
