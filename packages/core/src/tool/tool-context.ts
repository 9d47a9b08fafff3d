/** Where a tool writes what it wants the host to see; never the model's channel. */
export interface ToolLogger {
  /** Detail for whoever debugs the tool. */
  debug(message: string, fields?: Record<string, unknown>): void;
  /** What the tool did, for the host's log. */
  info(message: string, fields?: Record<string, unknown>): void;
  /** Something the host should look at; the call goes on. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** A failure the host should know of (the model learns of it through the result, not here). */
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * How far a long call has come, as a tool reports it through {@link ToolContext.progress}: `progress`
 * grows with each report (the MCP progress rule), `total` is the amount of work when known, and
 * `message` says in a few words what happens now. Hosts show it (MCP progress notifications,
 * `toolwright call --verbose`, the AI SDK's preliminary results); the model never reads it.
 */
export interface ToolProgress {
  /** The work done so far: a finite number ≥ 0, larger than the one reported before. */
  readonly progress: number;
  /** The whole amount of work, when known: a finite number ≥ 0. */
  readonly total?: number;
  /** What happens now, for a person watching; hosts may cut it (the gate keeps 1,000 characters). */
  readonly message?: string;
}

/** The options of one agent run that tools and the gate read (SPEC PO-2, PO-3). */
export interface RunOptions {
  /** WRITE tools may run. Default false. */
  readonly allowWrite: boolean;
  /** BASH tools may run. Default false. */
  readonly allowBash: boolean;
  /** Every result is cut to this many characters. Default 30,000. */
  readonly maxToolOutputChars: number;
  /**
   * The bytes a result's images, audio and embedded files may take in all (SPEC CO-1); a part past
   * it is left out, and the model reads a sentence saying so. Default 5 MiB (5,242,880).
   */
  readonly maxToolOutputBytes: number;
}

/** What a tool call runs in (SPEC TC-3). */
export interface ToolContext {
  /** The working directory relative paths resolve against. */
  readonly cwd: string;
  /** Aborted when the call is cancelled or times out; tools should stop promptly. */
  readonly signal: AbortSignal;
  /** Where the tool logs for the host. */
  readonly logger: ToolLogger;
  /** The run's options. */
  readonly options: RunOptions;
  /**
   * The gate's permission rules for one more path this call touches (SPEC PA-2, PA-3): true when
   * the call may read or change `path` (absolute, normalised). File tools ask it for the file they
   * actually opened and for every path a walk visits; a `folder` may also be entered when an allow
   * rule could match something below it. Absent when no gate judged the call.
   */
  readonly permits?: (path: string, kind?: 'file' | 'folder') => boolean;
  /**
   * Reports how far the call has come, for the host to show while the tool runs. Never throws and
   * never waits; without a host that listens it does nothing. Under a gate, an update whose numbers
   * are not finite and ≥ 0, or whose `progress` does not grow, is dropped, and so is everything
   * reported after the call has finished (after a timeout, say).
   */
  readonly progress: (update: ToolProgress) => void;
}

/** The defaults of {@link RunOptions}: nothing that writes or runs commands, output cut at 30,000 characters and 5 MiB of binary parts. */
export const DEFAULT_RUN_OPTIONS: RunOptions = Object.freeze({
  allowWrite: false,
  allowBash: false,
  maxToolOutputChars: 30_000,
  maxToolOutputBytes: 5 * 1024 * 1024,
});

/** A logger that drops everything. */
export const SILENT_LOGGER: ToolLogger = Object.freeze({
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
});

/** What {@link createToolContext} accepts: any part of a context, run options partly. */
export interface ToolContextOverrides {
  readonly cwd?: string;
  readonly signal?: AbortSignal;
  readonly logger?: ToolLogger;
  readonly options?: Partial<RunOptions>;
  /** The path permit ({@link ToolContext.permits}). */
  readonly permits?: (path: string, kind?: 'file' | 'folder') => boolean;
  /** Receives the tool's progress reports. Default: they go nowhere. */
  readonly progress?: (update: ToolProgress) => void;
}

/**
 * A complete, frozen tool context: the current directory, a signal that never aborts, a silent
 * logger, progress reports that go nowhere and the default run options, each replaced by what
 * `overrides` gives.
 */
export function createToolContext(overrides: ToolContextOverrides = {}): ToolContext {
  return Object.freeze({
    cwd: overrides.cwd ?? currentDirectory(),
    signal: overrides.signal ?? new AbortController().signal,
    logger: overrides.logger ?? SILENT_LOGGER,
    options: Object.freeze({ ...DEFAULT_RUN_OPTIONS, ...overrides.options }),
    progress: overrides.progress ?? ignoreProgress,
    ...(overrides.permits === undefined ? {} : { permits: overrides.permits }),
  });
}

/** The progress of a context nobody listens to. */
function ignoreProgress(): void {
  // Nobody watches this call.
}

function currentDirectory(): string {
  const host = globalThis as { process?: { cwd?: () => string } };
  return host.process?.cwd?.() ?? '/';
}
