import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { BackgroundOptions, BackgroundProcess } from '../background-process.js';
import { BoundedCapture } from '../capture/bounded-capture.js';
import { checkCommand } from '../check-command.js';
import { checkBackgroundOptions, checkExecutionOptions, refusal } from '../check-options.js';
import type { Containment } from '../containment.js';
import type { ExecutionOptions } from '../execution-options.js';
import { notRunResult } from '../not-run-result.js';
import type { ShellCommandResult } from '../shell-command-result.js';
import { ShellOptionsError } from '../shell-options-error.js';
import { ShellStartError } from '../shell-start-error.js';
import type { VirtualShell } from '../virtual-shell.js';
import {
  availableContainments,
  containmentAvailable,
  containmentSupport,
  strongestContainment,
} from './detect-containment.js';
import { trackTree } from './live-trees.js';
import { LocalBackgroundProcess } from './local-background-process.js';
import { environment, isDirectory, settle } from './spawn-in-session.js';
import { startCommand, type StartedCommand } from './start-command.js';

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
   * How each command's processes are held together so that all of them die with it (see
   * {@link Containment}). `auto`, the default, takes the strongest this machine offers — a PID
   * namespace, else a cgroup v2 of its own, else its session — probed once per process. Naming one
   * that this machine does not offer throws.
   */
  readonly containment?: 'auto' | Containment;
}

/**
 * Runs commands on this machine (SPEC SH-1..SH-5) with `bash -c`: each in a new session and
 * process group, inside the strongest containment the machine offers (a PID namespace or a cgroup
 * of its own), stdin closed, an environment that never prompts. A timeout or abort terminates the
 * whole tree (SIGTERM, then SIGKILL while anything lives); processes left behind after a normal
 * exit are killed too; capture is bounded per stream; the command's own exit code is kept.
 */
export class LocalShell implements VirtualShell {
  readonly bashPath: string;
  readonly #killGraceMs: number;
  readonly #settleMs: number;
  readonly #containment: Containment;
  readonly #background = new Set<LocalBackgroundProcess>();

  constructor(options: LocalShellOptions = {}) {
    this.bashPath = options.bashPath ?? (existsSync('/bin/bash') ? '/bin/bash' : 'bash');
    this.#killGraceMs = options.killGraceMs ?? 500;
    this.#settleMs = options.settleMs ?? 100;
    const wanted = options.containment ?? 'auto';
    if (wanted !== 'auto' && !containmentAvailable(wanted)) {
      throw new ShellOptionsError(
        `containment '${wanted}' is not available on this machine; available: ${availableContainments().join(', ')}`,
      );
    }
    this.#containment = wanted === 'auto' ? strongestContainment() : wanted;
  }

  /** How this shell holds each command's processes together (a cgroup that cannot be made falls back to the session, per command). */
  get containment(): Containment {
    return this.#containment;
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
    const refused = refusal(() => {
      checkBackgroundOptions(options);
      checkCommand(command);
    });
    if (refused !== undefined) return refused;
    const cwd = options.cwd ?? process.cwd();
    if (!isDirectory(cwd))
      return Promise.reject(new ShellStartError(`The working directory does not exist or is not a directory: ${cwd}`));
    return this.#start(command, cwd, options.env).then((started) => {
      const { child, tree } = started as StartedCommand;
      const untrack = trackTree(tree);
      const background = new LocalBackgroundProcess(
        command,
        child,
        tree,
        options.maxBufferBytes,
        this.#killGraceMs,
        this.#settleMs,
        () => {
          untrack();
          this.#background.delete(background);
        },
      );
      this.#background.add(background);
      return background;
    });
  }

  /** Kills every background command this shell started that still runs; resolves when they are dead. */
  async dispose(): Promise<void> {
    await Promise.all([...this.#background].map((background) => background.kill()));
  }

  execute(command: string, options: ExecutionOptions): Promise<ShellCommandResult> {
    const refused = refusal(() => {
      checkExecutionOptions(options);
      checkCommand(command);
    });
    if (refused !== undefined) return refused;
    // An already-aborted call starts nothing: a command that might run half-way is worse than none.
    if (options.signal?.aborted === true) return Promise.resolve(notRunResult({ aborted: true }));
    const cwd = options.cwd ?? process.cwd();
    if (!isDirectory(cwd))
      return Promise.reject(new ShellStartError(`The working directory does not exist or is not a directory: ${cwd}`));
    const started = performance.now();
    return this.#start(command, cwd, options.env, options.signal).then((command) =>
      // Aborted while its containment was being made: nothing ran.
      command === undefined
        ? notRunResult({ aborted: true }, started)
        : new Promise((resolve) => this.#supervise(command, options, started, resolve)),
    );
  }

  #start(
    command: string,
    cwd: string,
    env: ExecutionOptions['env'],
    signal?: AbortSignal,
  ): Promise<StartedCommand | undefined> {
    const marker = `${RUN_MARKER_VARIABLE}=${randomUUID()}`;
    return startCommand({
      containment: this.#containment,
      support: containmentSupport(),
      bashPath: this.bashPath,
      command,
      marker,
      cwd,
      env: environment(env, marker),
      signal,
    });
  }

  #supervise(
    { child, tree }: StartedCommand,
    options: ExecutionOptions,
    started: number,
    resolve: (result: ShellCommandResult) => void,
  ): void {
    const stdout = new BoundedCapture(options.maxCaptureBytes);
    const stderr = new BoundedCapture(options.maxCaptureBytes);
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    const untrack = trackTree(tree);
    let timedOut = false;
    let aborted = false;
    let terminating: Promise<void> | undefined;
    const terminate = (): void => {
      terminating ??= tree.terminate(this.#killGraceMs);
    };
    // The timeout counts from the call: making the containment took part of it.
    const timer = setTimeout(
      () => {
        timedOut = true;
        terminate();
      },
      Math.max(0, options.timeoutMs - (performance.now() - started)),
    );
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
        tree.release();
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
          containment: tree.containment,
        });
      })();
    });
  }
}
