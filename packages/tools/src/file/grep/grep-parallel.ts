import { BINARY, DEFERRED, LARGE, searchBatch, UNREADABLE, type BatchMode } from './grep-batch.js';
import type { GrepWorkerPool } from './grep-pool.js';
import type { GrepFileFeed } from './grep-file-feed.js';
import { GrepFileReader } from './grep-read-file.js';
import { GrepTally } from './grep-tally.js';
import type { GrepFile, GrepFindings, GrepPlan } from './grep-types.js';
import type { GrepWorker } from './grep-worker-client.js';
import { createYielder } from '../access/yield-now.js';

/** Files per batch: a few milliseconds of work, so the main thread answers its workers often. */
const BATCH_FILES = 256;
/**
 * Batches one worker may hold while the walk still runs: the walk holds the main thread for
 * slices of 20 ms, in which no answer is taken, so workers are given work ahead.
 */
const WALKING_DEPTH = 16;

/**
 * Searches many files over the cores (SPEC PF-3), in count or files_with_matches mode, while the
 * walk still finds them: batches of files go to the pool's workers as they have room, and to the
 * main thread when the walk is over and no worker is up (it yields to the event loop between
 * batches). The findings are taken in file order exactly as the one-thread search takes them, up
 * to the same limit, so the result is the same. Large files met on the main thread go to the
 * call's own worker. An abort ends the workers busy with this search; a batch a worker failed is
 * searched again.
 */
export async function searchInParallel(
  feed: GrepFileFeed,
  plan: GrepPlan,
  pool: GrepWorkerPool,
  large: GrepWorker,
): Promise<GrepFindings> {
  const mode = plan.mode as BatchMode;
  const files = feed.files;
  const codes: number[] = [];
  const ready: boolean[] = [];
  const owner = {};
  // Batches of file indexes not yet searched, in file order; one a worker failed goes back to the front.
  const todo: number[][] = [];
  let batched = 0;
  const store = (batch: readonly number[], found: Int32Array): void => {
    for (const [index, file] of batch.entries()) {
      codes[file] = found[index] ?? 0;
      ready[file] = true;
    }
  };
  const tally = createTally(files, plan);
  const reader = new GrepFileReader();
  const pause = createYielder();
  const inFlight = new Set<Promise<void>>();
  const stop = (): void => pool.terminate(owner);
  plan.signal.addEventListener('abort', stop, { once: true });
  pool.warm();
  try {
    while (!tally.done(ready, codes, feed.ended)) {
      plan.signal.throwIfAborted();
      feed.throwIfFailed();
      // Whole batches while the walk runs; the rest once it is over.
      const ended = feed.ended;
      while (files.length - batched >= BATCH_FILES || (ended && batched < files.length)) {
        const batch: number[] = [];
        for (const end = Math.min(batched + BATCH_FILES, files.length); batched < end; batched++) {
          batch.push(batched);
          // Filled in file order, so the arrays stay dense whatever order the batches come back in.
          codes.push(0);
          ready.push(false);
        }
        todo.push(batch);
      }
      const depth = ended ? undefined : WALKING_DEPTH;
      while (todo.length > 0 && pool.hasRoom(depth)) {
        const batch = todo.shift() ?? [];
        const paths = batch.map((file) => files[file]?.open ?? '').join('\0');
        const running: Promise<void> = pool
          .run({ paths, ...plan.source, mode }, owner, depth)
          .then(
            (found) => store(batch, found),
            () => void todo.unshift(batch),
          )
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
      // Once the walk is over, until a worker is up (or while none has room for this search), the
      // main thread searches; otherwise it only hands out batches and takes results.
      const batch = !ended || (pool.isOnline() && inFlight.size > 0) ? undefined : todo.shift();
      if (batch !== undefined) {
        store(batch, await searchHere(batch));
        const paused = pause();
        if (paused !== undefined) await paused;
      } else if (!ended) await Promise.race([...inFlight, feed.waitFor(batched + BATCH_FILES)]);
      else if (inFlight.size > 0) await Promise.race(inFlight);
    }
    return tally.findings();
  } finally {
    plan.signal.removeEventListener('abort', stop);
  }

  async function searchHere(batch: readonly number[]): Promise<Int32Array> {
    const paths = batch.map((file) => files[file]?.open ?? '');
    const found = searchBatch(reader, paths, plan.pattern, mode, true);
    for (const [index, code] of found.entries()) {
      if (code !== DEFERRED) continue;
      const loaded = reader.read(paths[index] ?? '');
      reader.release();
      if (loaded.kind !== 'text') found[index] = loaded.kind === 'binary' ? BINARY : UNREADABLE;
      else {
        const search = { mode, format: plan.format, show: files[batch[index] ?? 0]?.show ?? '', room: plan.enough };
        found[index] = (await large.search({ bytes: loaded.bytes, ...plan.source, search })).matched;
      }
    }
    return found;
  }
}

/** Takes per-file codes in file order, as the one-thread search counts and prints them. */
function createTally(files: readonly GrepFile[], plan: GrepPlan) {
  const tally = new GrepTally(plan);
  let next = 0;
  return {
    /** Takes the files ready in order; true once all are taken (and no more will come), or the output is full. */
    done(ready: readonly boolean[], codes: readonly number[], ended: boolean): boolean {
      for (; next < files.length && ready[next] === true; next++) {
        if (tally.full) return true;
        const code = codes[next] ?? UNREADABLE;
        if (code === BINARY) tally.skipped('binary');
        else if (code === LARGE) tally.skipped('large');
        else if (code !== UNREADABLE) {
          tally.searched();
          if (code > 0) tally.matched(files[next]?.show ?? '', code);
        }
      }
      return (ended && next >= files.length) || tally.full;
    },
    findings(): GrepFindings {
      return tally.findings();
    },
  };
}
