import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GrepBatchRequest } from './grep-worker.js';

// Run from source (the package's own tests), the compiled worker is used: a worker cannot load TypeScript.
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../../dist/file/grep/grep-worker.js', import.meta.url)
  : new URL('./grep-worker.js', import.meta.url);

/** Idle workers end after this long; the next large search starts them again. */
const IDLE_MS = 30_000;
/** Batches given to one worker at a time, so it never waits for the next. */
const IN_FLIGHT = 3;
/** At most this many workers, whatever the machine. */
const MAX_WORKERS = 4;

type Pending = { readonly owner: object; resolve(codes: Int32Array): void; reject(error: Error): void };
interface Slot {
  readonly worker: Worker;
  online: boolean;
  readonly pending: Map<number, Pending>;
}

/**
 * The worker threads Grep spreads a large search over (SPEC PF-3), one per core up to four,
 * shared by every Grep call of the process: started on first use, kept while searches come, ended
 * after 30 s idle. A worker holds the process open only while it has work. Each batch reads and
 * searches its files in the worker (see `searchBatch`).
 */
export class GrepWorkerPool {
  readonly #size: number;
  readonly #slots: Slot[] = [];
  #next = 0;
  #idle: NodeJS.Timeout | undefined;

  constructor(size: number) {
    this.#size = size;
  }

  /** How many workers the pool runs when all are up. */
  get size(): number {
    return this.#size;
  }

  /** Starts the workers that are not running; they come online in the background. */
  warm(): void {
    clearTimeout(this.#idle);
    this.#idle = undefined;
    while (this.#slots.length < this.#size) this.#slots.push(this.#start());
  }

  /** True when some worker is up (started and answering). */
  isOnline(): boolean {
    return this.#slots.some((slot) => slot.online);
  }

  /** True when an online worker holds fewer than `depth` batches (default three) and can take another now. */
  hasRoom(depth = IN_FLIGHT): boolean {
    return this.#slots.some((slot) => slot.online && slot.pending.size < depth);
  }

  /**
   * Searches a batch on a worker with room (check {@link hasRoom} with the same `depth` first) for
   * `owner` (one search); resolves to its per-file codes. The least busy worker takes it.
   */
  run(request: Omit<GrepBatchRequest, 'id'>, owner: object, depth = IN_FLIGHT): Promise<Int32Array> {
    const slot = this.#slots
      .filter((candidate) => candidate.online && candidate.pending.size < depth)
      .reduce<Slot | undefined>(
        (best, candidate) => (best === undefined || candidate.pending.size < best.pending.size ? candidate : best),
        undefined,
      );
    if (slot === undefined) return Promise.reject(new Error('No Grep worker has room.'));
    const id = ++this.#next;
    slot.worker.ref();
    return new Promise<Int32Array>((resolve, reject) => {
      slot.pending.set(id, { owner, resolve, reject });
      slot.worker.postMessage({ ...request, id });
    });
  }

  /**
   * Ends at once the workers busy with `owner`'s batches (an abandoned search), or every worker;
   * what they had not answered fails (another search retries its own batches).
   */
  terminate(owner?: object): void {
    const ending = this.#slots.filter(
      (slot) => owner === undefined || [...slot.pending.values()].some((pending) => pending.owner === owner),
    );
    for (const slot of ending) {
      this.#slots.splice(this.#slots.indexOf(slot), 1);
      void slot.worker.terminate();
      this.#fail(slot, new Error('The search was stopped.'));
    }
  }

  #start(): Slot {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    const slot: Slot = { worker, online: false, pending: new Map() };
    worker.once('online', () => {
      slot.online = true;
    });
    worker.on('message', (message: { id: number; codes?: Int32Array; error?: string }) => {
      const pending = slot.pending.get(message.id);
      if (pending === undefined) return;
      slot.pending.delete(message.id);
      if (slot.pending.size === 0) worker.unref();
      if (message.codes !== undefined) pending.resolve(message.codes);
      else pending.reject(new Error(message.error ?? 'The search failed.'));
      this.#idleLater();
    });
    const lost = (error: Error): void => {
      const index = this.#slots.indexOf(slot);
      if (index !== -1) this.#slots.splice(index, 1);
      this.#fail(slot, error);
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('A Grep worker stopped.')));
    return slot;
  }

  #fail(slot: Slot, error: Error): void {
    for (const pending of slot.pending.values()) pending.reject(error);
    slot.pending.clear();
  }

  #idleLater(): void {
    if (this.#slots.some((slot) => slot.pending.size > 0)) return;
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.terminate(), IDLE_MS);
    this.#idle.unref();
  }
}

let shared: GrepWorkerPool | undefined;

/** The process's pool: one worker per core (at most four), or none on a single core. */
export function sharedGrepPool(): GrepWorkerPool | undefined {
  const size = Math.min(availableParallelism(), MAX_WORKERS);
  if (size < 2) return undefined;
  shared ??= new GrepWorkerPool(size);
  return shared;
}
