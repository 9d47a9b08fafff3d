import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
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
import { findBubblewrap, INSTALL_SANDBOX } from '../sandbox/bubblewrap.js';
import { hostPathOf, makePrivateTmp, removePrivateTmp } from '../sandbox/private-tmp.js';
import { LOCAL_HOST, resolveSandboxPolicy, type PolicyHost } from '../sandbox/resolve-policy.js';
import type { SandboxKind, SandboxPolicy, SandboxSetting } from '../sandbox-policy.js';
import { refusalsOf } from '../sandbox/sandbox-refusals.js';
import { checkKeys, checkSandboxSetting } from '../sandbox/sandbox-setting.js';
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
import { findExecutable } from '../find-executable.js';
import type { BridgeTools } from './sandbox-network.js';
import { SandboxTree, statusOfKilled } from './sandbox-tree.js';
import { whenExited } from './when-exited.js';
import { startSandboxed } from './start-sandboxed.js';

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
  /**
   * The kernel sandbox around every command (SPEC SB-1..SB-6; see {@link SandboxSetting}).
   * `'auto'`, the default, confines commands with bubblewrap where it is installed and says
   * `sandbox: 'none'` elsewhere; `'required'` throws where it is not; `'off'` runs them
   * unconfined. A policy object says what commands may touch (default: write their working
   * directory and a private /tmp, read everything but the secret list, no network). A sandboxed
   * command's containment is the sandbox's own PID namespace.
   */
  readonly sandbox?: SandboxSetting;
}

const OPTION_KEYS = ['bashPath', 'killGraceMs', 'settleMs', 'containment', 'sandbox'];

/**
 * Runs commands on this machine (SPEC SH-1..SH-5) with `bash -c`: each in a new session and
 * process group, inside the strongest containment the machine offers (a PID namespace or a cgroup
 * of its own), stdin closed, an environment that never prompts. A timeout or abort terminates the
 * whole tree (SIGTERM, then SIGKILL while anything lives); processes left behind after a normal
 * exit are killed too; capture is bounded per stream; the command's own exit code is kept.
 * Where bubblewrap is installed, every command runs in its kernel sandbox (SPEC SB-1..SB-6; see
 * {@link LocalShellOptions.sandbox}), which is then its containment.
 */
export class LocalShell implements VirtualShell {
  readonly bashPath: string;
  readonly #killGraceMs: number;
  readonly #settleMs: number;
  /** Probed on first use when 'auto' (a shell that never runs a command starts nothing). */
  #containment: Containment | undefined;
  readonly #background = new Set<LocalBackgroundProcess>();
  /** bubblewrap's path when commands are sandboxed, and the policy a host stated (or none: the default one). */
  readonly #sandbox: { readonly bubblewrap: string; readonly policy: SandboxPolicy | undefined } | undefined;
  /** nsenter and socat, when the policy allows domains (its commands reach them through a bridge). */
  readonly #bridge: BridgeTools | undefined;
  /** The host folder sandboxed commands see as /tmp, made at the first one. */
  #privateTmp: string | undefined;
  /** This machine, with what this shell's secret searches read (each command reads again only what changed). */
  readonly #host: PolicyHost = { ...LOCAL_HOST, searchCache: new Map() };

  constructor(options: LocalShellOptions = {}) {
    if (typeof options !== 'object' || options === null)
      throw new ShellOptionsError('LocalShell takes an options object');
    checkKeys(options, OPTION_KEYS, 'LocalShell');
    this.bashPath = options.bashPath ?? (existsSync('/bin/bash') ? '/bin/bash' : 'bash');
    this.#killGraceMs = options.killGraceMs ?? 500;
    this.#settleMs = options.settleMs ?? 100;
    // A policy comes back copied and frozen: what was checked here is what every command gets.
    const setting = checkSandboxSetting(options.sandbox ?? 'auto');
    const policy = typeof setting === 'object' ? setting : undefined;
    const required = setting === 'required' || (policy !== undefined && policy.required !== false);
    const bubblewrap = setting === 'off' ? undefined : findBubblewrap(this.bashPath);
    if (required && bubblewrap === undefined)
      throw new ShellOptionsError(
        `sandbox is required, but no sandbox is available on this machine: ${INSTALL_SANDBOX}`,
      );
    this.#sandbox = bubblewrap === undefined ? undefined : { bubblewrap, policy };
    this.#bridge = bubblewrap === undefined ? undefined : bridgeTools(policy);
    const wanted = options.containment ?? 'auto';
    if (this.#sandbox !== undefined && wanted !== 'auto' && wanted !== 'pid-namespace') {
      throw new ShellOptionsError(
        `containment '${wanted}' cannot hold a sandboxed command: the sandbox is its own PID namespace; pass sandbox: 'off' to choose another containment`,
      );
    }
    if (this.#sandbox === undefined && wanted !== 'auto' && !containmentAvailable(wanted)) {
      throw new ShellOptionsError(
        `containment '${wanted}' is not available on this machine; available: ${availableContainments().join(', ')}`,
      );
    }
    this.#containment = this.#sandbox !== undefined ? 'pid-namespace' : wanted === 'auto' ? undefined : wanted;
  }

  /** The kernel sandbox around this shell's commands: `'bubblewrap'`, or `'none'` (SPEC SB-4). */
  get sandbox(): SandboxKind {
    return this.#sandbox === undefined ? 'none' : 'bubblewrap';
  }

  /** How this shell holds each command's processes together (a cgroup that cannot be made falls back to the session, per command). */
  get containment(): Containment {
    return (this.#containment ??= strongestContainment());
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
    if (!this.#isDirectory(cwd))
      return Promise.reject(new ShellStartError(`The working directory does not exist or is not a directory: ${cwd}`));
    return this.#start(command, cwd, options.env).then((started) => {
      const { child, tree } = started as StartedCommand;
      const untrack = trackTree(tree);
      const background = new LocalBackgroundProcess(
        command,
        child,
        tree,
        this.sandbox,
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

  /** Kills every background command this shell started that still runs; resolves when they are dead. Then the private /tmp of its sandboxed commands is removed. */
  async dispose(): Promise<void> {
    await Promise.all([...this.#background].map((background) => background.kill()));
    if (this.#privateTmp !== undefined) removePrivateTmp(this.#privateTmp);
    this.#privateTmp = undefined;
  }

  /** Whether `cwd` is a folder as the command would see it (under /tmp, a sandboxed command sees its private /tmp). */
  #isDirectory(cwd: string): boolean {
    if (this.#sandbox === undefined || !isAbsolute(cwd)) return isDirectory(cwd);
    return isDirectory(hostPathOf(resolve(cwd), this.#privateTmpFolder()));
  }

  #privateTmpFolder(): string {
    this.#privateTmp ??= makePrivateTmp();
    return this.#privateTmp;
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
    if (!this.#isDirectory(cwd))
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
    if (this.#sandbox !== undefined) {
      const { bubblewrap, policy } = this.#sandbox;
      const bashPath = this.bashPath;
      return Promise.resolve().then(() => {
        if (findExecutable(bashPath) === undefined)
          throw new ShellStartError(`The command could not start: spawn ${bashPath} ENOENT`);
        if (signal?.aborted === true) return undefined;
        const privateTmp = this.#privateTmpFolder();
        return resolveSandboxPolicy(policy, resolve(cwd), privateTmp, undefined, this.#host).then((resolved) =>
          // Aborted while the policy was being resolved: nothing starts.
          signal?.aborted === true
            ? undefined
            : startSandboxed({
                bubblewrap,
                policy: resolved,
                privateTmp,
                bashPath,
                command,
                marker,
                env: environment(env, marker),
                ...(this.#bridge === undefined ? {} : { bridge: this.#bridge }),
              }),
        );
      });
    }
    return startCommand({
      containment: this.containment,
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
    { child, tree, policy }: StartedCommand,
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

    whenExited(child, (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void (async () => {
        // Whatever the command left behind belongs to background mode, not here: kill it now.
        await terminating;
        tree.killNow();
        await settle(child, this.#settleMs);
        untrack();
        tree.release();
        const ended =
          tree instanceof SandboxTree && (timedOut || aborted) ? statusOfKilled(exitCode, signal) : undefined;
        resolve({
          exitCode: ended === undefined ? exitCode : ended.exitCode,
          signal: ended === undefined ? signal : ended.signal,
          stdout: stdout.text(),
          stderr: stderr.text(),
          stdoutBytes: stdout.totalBytes,
          stderrBytes: stderr.totalBytes,
          truncated: stdout.truncated || stderr.truncated,
          durationMs: performance.now() - started,
          timedOut,
          aborted,
          containment: tree.containment,
          sandbox: this.sandbox,
          ...refusalsOf(stderr.text(), policy, tree instanceof SandboxTree ? tree.network?.refusals : undefined),
        });
      })();
    });
  }
}

/**
 * nsenter and socat, found, when a policy allows domains: without them its commands could reach
 * nothing, so their absence is an error here rather than a network that silently never works.
 */
function bridgeTools(policy: SandboxPolicy | undefined): BridgeTools | undefined {
  const network = policy?.network;
  if (network === undefined || network === 'none' || network.allowedDomains.length === 0) return undefined;
  const nsenter = findExecutable('nsenter');
  const socat = findExecutable('socat');
  if (nsenter === undefined || socat === undefined)
    throw new ShellOptionsError(
      `sandbox.network.allowedDomains needs ${socat === undefined ? 'socat' : 'nsenter'} to bridge the sandbox to its proxy: install it (Debian and Ubuntu: apt-get install ${socat === undefined ? 'socat' : 'util-linux'})`,
    );
  return { nsenter, socat };
}
