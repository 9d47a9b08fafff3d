import type { BackgroundOptions, BackgroundProcess } from './background-process.js';
import type { ExecutionOptions } from './execution-options.js';
import type { ShellCommandResult } from './shell-command-result.js';

/**
 * Somewhere commands run (SPEC SH-1): the local machine, a container, a sandbox. `execute`
 * resolves with a {@link ShellCommandResult} for every command that started, whatever its exit;
 * it rejects with a {@link ShellStartError} only when the command could not start at all, and with a
 * {@link ShellOptionsError} (never a synchronous throw) when an option is missing or out of range.
 */
export interface VirtualShell {
  /** Runs one command line with `bash -c` semantics and waits for it and its whole tree. */
  execute(command: string, options: ExecutionOptions): Promise<ShellCommandResult>;
  /** Starts a command in the background (SPEC BT-2); shells that cannot leave this out. */
  startBackground?(command: string, options: BackgroundOptions): Promise<BackgroundProcess>;
  /** Kills every background command still running. */
  dispose?(): Promise<void>;
}
