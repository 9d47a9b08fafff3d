import type { BackgroundOptions, BackgroundProcess } from './background-process.js';
import type { ExecutionOptions } from './execution-options.js';
import type { ShellCommandResult } from './shell-command-result.js';

/**
 * Somewhere commands run (SPEC SH-1): the local machine, a container, a sandbox. `execute`
 * resolves with a {@link ShellCommandResult} for every command that started, whatever its exit;
 * it rejects with a {@link ShellStartError} only when the command could not start at all.
 */
export interface VirtualShell {
  /** Runs one command line with `bash -c` semantics and waits for it and its whole tree. */
  execute(command: string, options: ExecutionOptions): Promise<ShellCommandResult>;
  /** Starts a command in the background (SPEC BT-2); shells that cannot leave this out. */
  startBackground?(command: string, options: BackgroundOptions): Promise<BackgroundProcess>;
  /** Kills every background command still running. */
  dispose?(): Promise<void>;
}

const BRAND = Symbol.for('toolwright.shellStartError');

/** A command that could not start: no such working directory, no shell. Nothing ran. */
export class ShellStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ShellStartError';
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for a ShellStartError from any copy of this package. */
  static isInstance(value: unknown): value is ShellStartError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
