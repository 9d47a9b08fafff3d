import { Worker } from 'node:worker_threads';
import type { GrepWorkerRequest } from './grep-worker.js';
import type { TextFindings } from './search-text.js';

// Run from source (the package's own tests), the compiled worker is used: a worker cannot load TypeScript.
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../../dist/file/grep/grep-worker.js', import.meta.url)
  : new URL('./grep-worker.js', import.meta.url);

type Pending = { resolve(findings: TextFindings): void; reject(error: Error): void };

/**
 * One Grep call's worker thread, started at its first large file. The file's bytes move to the
 * worker (no copy); aborting the call terminates the worker, which stops a search in the middle.
 */
export class GrepWorker {
  #worker: Worker | undefined;
  #next = 0;
  readonly #pending = new Map<number, Pending>();
  readonly #signal: AbortSignal;
  readonly #onAbort = (): void => this.close();

  constructor(signal: AbortSignal) {
    this.#signal = signal;
    signal.addEventListener('abort', this.#onAbort, { once: true });
  }

  /** Searches one file's bytes in the worker. Rejects when the call is aborted. */
  search(request: Omit<GrepWorkerRequest, 'id'>): Promise<TextFindings> {
    this.#signal.throwIfAborted();
    const worker = this.#start();
    const id = ++this.#next;
    return new Promise<TextFindings>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id }, [request.bytes.buffer as ArrayBuffer]);
    });
  }

  /** Stops the worker (at once, whatever it is doing) and fails what it had not answered. */
  close(): void {
    this.#signal.removeEventListener('abort', this.#onAbort);
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker !== undefined) void worker.terminate();
    for (const pending of this.#pending.values()) pending.reject(new Error('The search was stopped.'));
    this.#pending.clear();
  }

  #start(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const worker = new Worker(WORKER_URL);
    worker.on('message', (message: { id: number; findings?: TextFindings; error?: string }) => {
      const pending = this.#pending.get(message.id);
      if (pending === undefined) return;
      this.#pending.delete(message.id);
      if (message.findings !== undefined) pending.resolve(message.findings);
      else pending.reject(new Error(message.error ?? 'The search failed.'));
    });
    worker.on('error', (error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      this.#worker = undefined;
    });
    this.#worker = worker;
    return worker;
  }
}
