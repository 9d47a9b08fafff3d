import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { BackgroundOptions, BackgroundProcess } from '../background-process.js';
import { BoundedCapture } from '../capture/bounded-capture.js';
import type { ExecutionOptions } from '../execution-options.js';
import type { ShellCommandResult } from '../shell-command-result.js';
import { ShellStartError, type VirtualShell } from '../virtual-shell.js';
import { trackTree } from './live-trees.js';
import { LocalBackgroundProcess } from './local-background-process.js';
import { ProcessTree } from './process-tree.js';
import {
  checkOptions,
  environment,
  isDirectory,
  pidNamespaceAvailable,
  settle,
  spawnInSession,
} from './spawn-in-session.js';

const NOT_RUN_ABORTED: ShellCommandResult = Object.freeze({
  exitCode: null,
  signal: null,
  stdout: '',
  stderr: '',
  stdoutBytes: 0,
  stderrBytes: 0,
  truncated: false,
  durationMs: 0,
  timedOut: false,
  aborted: true,
});

/** The environment variable every command's processes carry, naming their run; the /proc sweep looks for it. */
export const RUN_MARKER_VARIABLE = 'TOOLWRIGHT_SHELL_RUN';

/** How a {@link LocalShell} is set up. */
export interface LocalShellOptions {
  /** The bash to run commands with. Default `/bin/bash`, else `bash` from PATH. */
  readonly bashPath?: string;
  /** Between SIGTERM and SIGKILL when a tree is terminated. Default 500 ms. */
  readonly killGraceMs?: number;
  /** How long output may still arrive after the shell exits before the streams are closed. Default 100 ms. */
  readonly settleMs?: number;
  /**
   * Run each command in its own PID namespace (`unshare --pid --fork --kill-child`), so the kernel
   * kills everything it started when it ends, environment or not. `auto` uses it where a probe
   * succeeds; `off` (the default) never does.
   */
  readonly pidNamespace?: 'auto' | 'off';
}

/**
 * Runs commands on this machine (SPEC SH-1..SH-5) with `bash -c`: each in a new session and
 * process group, stdin closed, an environment that never prompts. A timeout or abort terminates
 * the whole tree (SIGTERM, then SIGKILL while anything lives, plus a /proc sweep for processes
 * that left the group); processes left behind after a normal exit are killed too; capture is
 * bounded per stream; the command's own exit code is kept.
 */
export class LocalShell implements VirtualShell {
  readonly bashPath: string;
  readonly #killGraceMs: number;
  readonly #settleMs: number;
  readonly #namespace: boolean;
  readonly #background = new Set<LocalBackgroundProcess>();

  constructor(options: LocalShellOptions = {}) {
    this.bashPath = options.bashPath ?? (existsSync('/bin/bash') ? '/bin/bash' : 'bash');
    this.#killGraceMs = options.killGraceMs ?? 500;
    this.#settleMs = options.settleMs ?? 100;
    this.#namespace = options.pidNamespace === 'auto' && pidNamespaceAvailable();
  }

  /** True when commands run in their own PID namespace. */
  get isolated(): boolean {
    return this.#namespace;
  }

  /** True when bash can be started here (the Bash tool is offered only then). */
  static isAvailable(bashPath = existsSync('/bin/bash') ? '/bin/bash' : 'bash'): boolean {
    return spawnSync(bashPath, ['-c', 'exit 0'], { stdio: 'ignore', timeout: 5_000 }).status === 0;
  }

  /**
   * Starts a command in the background (SPEC BT-2): resolves once it has started, with a handle
   * to read its bounded output and kill its tree. `dispose()` kills every one still running.
   */
  startBackground(command: string, options: BackgroundOptions): Promise<BackgroundProcess> {
    if (!Number.isSafeInteger(options.maxBufferBytes) || options.maxBufferBytes <= 0) {
      throw new RangeError(
        `maxBufferBytes must be given explicitly as a positive integer, not ${String(options.maxBufferBytes)}`,
      );
    }
    const cwd = options.cwd ?? process.cwd();
    if (!isDirectory(cwd))
      return Promise.reject(new ShellStartError(`The working directory does not exist or is not a directory: ${cwd}`));
    const marker = `${RUN_MARKER_VARIABLE}=${randomUUID()}`;
    const [file, args] = this.#commandLine(command);
    return new Promise((resolve, reject) => {
      const child = spawnInSession(file, args, cwd, environment(options.env, marker));
      child.once('error', (error) =>
        reject(new ShellStartError(`The command could not start: ${error.message}`, { cause: error })),
      );
      child.once('spawn', () => {
        const tree = new ProcessTree(child.pid as number, marker);
        const untrack = trackTree(tree);
        const background = new LocalBackgroundProcess(
          command,
          child,
          tree,
          options.maxBufferBytes,
          this.#killGraceMs,
          () => {
            untrack();
            this.#background.delete(background);
          },
        );
        this.#background.add(background);
        resolve(background);
      });
    });
  }

  /** Kills every background command this shell started that still runs; resolves when they are dead. */
  async dispose(): Promise<void> {
    await Promise.all([...this.#background].map((background) => background.kill()));
  }

  execute(command: string, options: ExecutionOptions): Promise<ShellCommandResult> {
    checkOptions(options);
    // An already-aborted call starts nothing: a command that might run half-way is worse than none.
    if (options.signal?.aborted === true) return Promise.resolve(NOT_RUN_ABORTED);
    const cwd = options.cwd ?? process.cwd();
    if (!isDirectory(cwd))
      return Promise.reject(new ShellStartError(`The working directory does not exist or is not a directory: ${cwd}`));
    const marker = `${RUN_MARKER_VARIABLE}=${randomUUID()}`;
    const [file, args] = this.#commandLine(command);
    const started = performance.now();
    let child: ChildProcess;
    try {
      child = spawnInSession(file, args, cwd, environment(options.env, marker));
    } catch (error) {
      return Promise.reject(
        new ShellStartError(`The command could not start: ${(error as Error).message}`, { cause: error }),
      );
    }
    return new Promise((resolve, reject) => this.#supervise(child, marker, options, started, resolve, reject));
  }

  #supervise(
    child: ChildProcess,
    marker: string,
    options: ExecutionOptions,
    started: number,
    resolve: (result: ShellCommandResult) => void,
    reject: (error: Error) => void,
  ): void {
    const stdout = new BoundedCapture(options.maxCaptureBytes);
    const stderr = new BoundedCapture(options.maxCaptureBytes);
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', (error) => {
      if (child.pid === undefined)
        reject(new ShellStartError(`The command could not start: ${error.message}`, { cause: error }));
    });
    if (child.pid === undefined) return;
    const tree = new ProcessTree(child.pid, marker);
    const untrack = trackTree(tree);
    let timedOut = false;
    let aborted = false;
    let terminating: Promise<void> | undefined;
    const terminate = (): void => {
      terminating ??= tree.terminate(this.#killGraceMs);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      terminate();
    }, options.timeoutMs);
    const onAbort = (): void => {
      aborted = true;
      terminate();
    };
    if (options.signal?.aborted === true) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });

    child.once('exit', (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void (async () => {
        // Whatever the command left behind belongs to background mode, not here: kill it now.
        await terminating;
        tree.killNow();
        await settle(child, this.#settleMs);
        untrack();
        resolve({
          exitCode,
          signal,
          stdout: stdout.text(),
          stderr: stderr.text(),
          stdoutBytes: stdout.totalBytes,
          stderrBytes: stderr.totalBytes,
          truncated: stdout.truncated || stderr.truncated,
          durationMs: performance.now() - started,
          timedOut,
          aborted,
        });
      })();
    });
  }

  #commandLine(command: string): [string, string[]] {
    if (!this.#namespace) return [this.bashPath, ['-c', command]];
    return ['unshare', ['--pid', '--fork', '--kill-child', '--mount-proc', this.bashPath, '-c', command]];
  }
}
