import type { GrepFile } from './grep-types.js';

/**
 * The files of one Grep call, in path order, as the walk finds them (SPEC PF-3): the search can
 * start on the first files while the walk lists the rest. Ends when the walk ends; fails when it
 * fails (then a waiting search fails too).
 */
export class GrepFileFeed {
  /** The files found so far; only ever grows. */
  readonly files: GrepFile[] = [];
  #ended = false;
  #failure: { readonly error: unknown } | undefined;
  #waiter: { readonly count: number; readonly promise: Promise<void>; readonly wake: () => void } | undefined;

  /** A feed that holds `files` and has ended. */
  static of(files: readonly GrepFile[]): GrepFileFeed {
    const feed = new GrepFileFeed();
    feed.files.push(...files);
    feed.end();
    return feed;
  }

  /** True once no more files will come. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Adds the next file. */
  add(file: GrepFile): void {
    this.files.push(file);
    if (this.#waiter !== undefined && this.files.length >= this.#waiter.count) this.#wake();
  }

  /** No more files will come. */
  end(): void {
    this.#ended = true;
    this.#wake();
  }

  /** No more files will come, because the walk failed: waiting rejects with its error. */
  fail(error: unknown): void {
    this.#failure = { error };
    this.end();
  }

  /** Throws the walk's error if it failed. */
  throwIfFailed(): void {
    if (this.#failure !== undefined) throw this.#failure.error;
  }

  /**
   * Resolves once the feed holds at least `count` files or has ended (rejects if it failed).
   * One wait at a time: while one is pending, it is returned whatever the count.
   */
  waitFor(count: number): Promise<void> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure.error);
    if (this.#ended || this.files.length >= count) return Promise.resolve();
    if (this.#waiter === undefined) {
      let wake = (): void => undefined;
      const promise = new Promise<void>((resolve) => (wake = resolve));
      this.#waiter = { count, promise, wake };
    }
    return this.#waiter.promise.then(() => {
      if (this.#failure !== undefined) throw this.#failure.error;
    });
  }

  #wake(): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.wake();
  }
}
