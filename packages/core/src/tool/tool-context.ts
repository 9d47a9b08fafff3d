/** Where a tool writes what it wants the host to see; never the model's channel. */
export interface ToolLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The options of one agent run that tools and the gate read (SPEC PO-2, PO-3). */
export interface RunOptions {
  /** WRITE tools may run. Default false. */
  readonly allowWrite: boolean;
  /** BASH tools may run. Default false. */
  readonly allowBash: boolean;
  /** Every result is cut to this many characters. Default 30,000. */
  readonly maxToolOutputChars: number;
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
}

/** The defaults of {@link RunOptions}: nothing that writes or runs commands, output cut at 30,000 characters. */
export const DEFAULT_RUN_OPTIONS: RunOptions = Object.freeze({
  allowWrite: false,
  allowBash: false,
  maxToolOutputChars: 30_000,
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
  readonly permits?: (path: string, kind?: 'file' | 'folder') => boolean;
}

/**
 * A complete, frozen tool context: the current directory, a signal that never aborts, a silent
 * logger and the default run options, each replaced by what `overrides` gives.
 */
export function createToolContext(overrides: ToolContextOverrides = {}): ToolContext {
  return Object.freeze({
    cwd: overrides.cwd ?? currentDirectory(),
    signal: overrides.signal ?? new AbortController().signal,
    logger: overrides.logger ?? SILENT_LOGGER,
    options: Object.freeze({ ...DEFAULT_RUN_OPTIONS, ...overrides.options }),
    ...(overrides.permits === undefined ? {} : { permits: overrides.permits }),
  });
}

function currentDirectory(): string {
  const host = globalThis as { process?: { cwd?: () => string } };
  return host.process?.cwd?.() ?? '/';
}
