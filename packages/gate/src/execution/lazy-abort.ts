/**
 * An abort controller made only when somebody asks for its signal: most tools never read
 * `context.signal`, and creating a controller is a noticeable part of the gate's cost per call.
 * Aborting before the signal exists is remembered, so a signal asked for later is already aborted.
 */
export class LazyAbort {
  #controller: AbortController | undefined;
  #combined: AbortSignal | undefined;
  #aborted = false;
  #reason: unknown;

  constructor(private readonly host?: AbortSignal) {}

  /** The call's signal: aborted by the gate (timeout, cancel) or by the host's own signal. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    if (this.host === undefined) return this.#controller.signal;
    this.#combined ??= AbortSignal.any([this.host, this.#controller.signal]);
    return this.#combined;
  }

  /** Aborts the call's signal, now or whenever it is first asked for. */
  abort(reason: unknown): void {
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}
