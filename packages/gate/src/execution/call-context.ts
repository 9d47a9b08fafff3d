import type { PathPermit } from '../permission/permission-config.js';
import type { RunOptions, ToolContext, ToolLogger, ToolProgress } from '@toolwright/core';
import type { LazyAbort } from './lazy-abort.js';

/**
 * The frozen context of one call (SPEC TC-3). Its signal is made only when the tool reads it (see
 * {@link LazyAbort}); `permits` is there only for a call allowed with a path permit.
 */
export class CallContext implements ToolContext {
  readonly cwd: string;
  readonly logger: ToolLogger;
  readonly options: RunOptions;
  readonly progress: (update: ToolProgress) => void;
  declare readonly permits?: PathPermit;
  readonly #abort: LazyAbort;

  constructor(
    cwd: string,
    logger: ToolLogger,
    options: RunOptions,
    progress: (update: ToolProgress) => void,
    abort: LazyAbort,
    permits?: PathPermit,
  ) {
    this.cwd = cwd;
    this.logger = logger;
    this.options = options;
    this.progress = progress;
    this.#abort = abort;
    if (permits !== undefined) Object.defineProperty(this, 'permits', { value: permits, enumerable: true });
    Object.freeze(this);
  }

  /** Aborted when the call is cancelled or times out. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** The same call's context with the permit its tool applies to every further path it touches. */
  withPermits(permits: PathPermit): CallContext {
    return new CallContext(this.cwd, this.logger, this.options, this.progress, this.#abort, permits);
  }
}
