import type { BatchMode } from './grep-batch.js';
import type { GrepOutputMode } from './grep-input.js';
import type { GrepPattern } from './grep-pattern.js';
import { sharedGrepPool, type GrepWorkerPool } from './grep-pool.js';
import type { GrepWorkerPattern } from './grep-worker.js';
import { joinPath } from './search-root.js';

/** Files the walk must have passed before searching starts beside it: smaller searches stay on one thread. */
const FIRST_FILES = 2_000;
const BATCH_FILES = 256;

/**
 * Searches files while the walk is still finding them (SPEC PF-3): each file the walk lets
 * through (its rules, secrets and `.gitignore` applied, and Grep's glob and type) is handed to the
 * worker pool in batches as soon as the walk has passed {@link FIRST_FILES} files, so the cores
 * search while the main thread walks. The findings are per real path; the search then takes them in
 * file order, and searches itself whatever the pool did not answer. Only for searches that read
 * every file anyway: count or files_with_matches with no head_limit.
 */
export class GrepPrefetch {
  readonly #pool: GrepWorkerPool;
  readonly #request: GrepWorkerPattern & { readonly mode: BatchMode };
  readonly #owner = {};
  readonly #found = new Map<string, number>();
  readonly #running = new Set<Promise<void>>();
  readonly #waiting: string[][] = [];
  #batch: string[] = [];
  #seen = 0;

  constructor(pool: GrepWorkerPool, source: GrepWorkerPattern, mode: BatchMode) {
    this.#pool = pool;
    this.#request = { ...source, mode };
  }

  /** The owner of this search's batches in the pool (to end them on an abort). */
  get owner(): object {
    return this.#owner;
  }

  /**
   * The walk's permit, watched: every file it lets through that Grep wants (`wanted`, by its path
   * below the root) is added, by its real path below `realRoot`.
   */
  watch(
    permit: (relative: string, kind: 'file' | 'folder') => boolean,
    wanted: (relative: string) => boolean,
    realRoot: string,
  ): (relative: string, kind: 'file' | 'folder') => boolean {
    return (relative, kind) => {
      const allowed = permit(relative, kind);
      if (allowed && kind === 'file' && wanted(relative)) this.add(joinPath(realRoot, relative));
      return allowed;
    };
  }

  /** Ends this search's batches at once (the walk failed, or the call was abandoned). */
  abandon(): void {
    this.#pool.terminate(this.#owner);
  }

  /** A file (its real path) the walk found and Grep will search. */
  add(path: string): void {
    this.#batch.push(path);
    if (++this.#seen === FIRST_FILES / 4) this.#pool.warm();
    if (this.#seen < FIRST_FILES || this.#batch.length < BATCH_FILES) return;
    for (let start = 0; start < this.#batch.length; start += BATCH_FILES) {
      this.#waiting.push(this.#batch.slice(start, start + BATCH_FILES));
    }
    this.#batch = [];
    this.#dispatch();
  }

  /**
   * Waits for the batches handed out (the ones still waiting for room are dropped: the search
   * does them) and gives each searched path's code (see `searchBatch`). Nothing searched when the
   * walk found too few files. Rejects, and ends this search's batches, when `signal` aborts.
   */
  async settle(signal: AbortSignal): Promise<ReadonlyMap<string, number>> {
    const stop = (): void => this.abandon();
    signal.addEventListener('abort', stop, { once: true });
    try {
      this.#dispatch();
      while (this.#running.size > 0) {
        signal.throwIfAborted();
        await Promise.race(this.#running);
      }
      signal.throwIfAborted();
      return this.#found;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  /** Hands waiting batches to workers with room. */
  #dispatch(): void {
    while (this.#waiting.length > 0 && this.#pool.hasRoom()) {
      const paths = this.#waiting.shift() ?? [];
      const running: Promise<void> = this.#pool
        .run({ ...this.#request, paths: paths.join('\0') }, this.#owner)
        .then(
          (codes) => paths.forEach((path, index) => this.#found.set(path, codes[index] ?? 0)),
          () => undefined, // the search does the batch itself
        )
        .finally(() => {
          this.#running.delete(running);
          this.#dispatch();
        });
      this.#running.add(running);
    }
  }
}

/** A prefetch for a Grep call that reads every file on several cores, or `undefined` for any other search. */
export function createGrepPrefetch(
  pattern: GrepPattern,
  source: GrepWorkerPattern,
  mode: GrepOutputMode,
  headLimit: number | undefined,
): GrepPrefetch | undefined {
  if (mode === 'content' || headLimit !== undefined || pattern.automaton === undefined) return undefined;
  const pool = sharedGrepPool();
  return pool === undefined ? undefined : new GrepPrefetch(pool, source, mode);
}
