/** How one command runs (SPEC SH-2). */
export interface ExecutionOptions {
  /** After this many ms the whole process tree is terminated and the result says `timedOut`. Required. */
  readonly timeoutMs: number;
  /**
   * The most bytes held per stream (stdout, stderr). Required: the caller decides how much memory a
   * command may cost, never an implementation default. Past it, output is read and counted, not kept.
   */
  readonly maxCaptureBytes: number;
  /** The working directory; must exist. Default: the process's. */
  readonly cwd?: string;
  /** Variables added to (or, with `undefined`, removed from) the environment. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Aborting it terminates the whole tree; the result says `aborted`. */
  readonly signal?: AbortSignal;
}
