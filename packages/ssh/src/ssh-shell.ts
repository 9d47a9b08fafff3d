import { randomUUID } from 'node:crypto';
import {
  checkBackgroundOptions,
  checkCommand,
  checkExecutionOptions,
  PROMPT_PROOF_ENV,
  ShellOptionsError,
  ShellStartError,
  type BackgroundOptions,
  type BackgroundProcess,
  type ExecutionOptions,
  type SandboxKind,
  type ShellCommandResult,
  type VirtualShell,
} from '@toolwright/shell';
import { notRunResult } from '@toolwright/shell/internal';
import type { ClientChannel } from 'ssh2';
import { CONTAINMENT_PROBE, type RemoteContainment } from './remote-containment.js';
import { shellQuote, supervisorScript, type SupervisedCommand } from './remote-supervisor.js';
import { runRemoteCommand } from './run-remote-command.js';
import { SshBackgroundProcess } from './ssh-background-process.js';
import { SshConnection } from './ssh-connection.js';
import { SSH_SHELL_OPTION_KEYS, type SshShellOptions } from './ssh-shell-options.js';
import { readChannel } from './read-channel.js';
import { checkRemoteSandboxSetting } from './remote-sandbox-setting.js';
import { RemoteSandboxes, type SandboxedRun } from './remote-sandboxes.js';
import { stdinScript } from './stdin-script.js';

/**
 * Runs commands on one remote host over SSH (on `ssh2`; the host key is always verified). Each
 * command gets a session channel of its own on one shared connection, and a small remote
 * supervisor (bash and coreutils) that holds its processes in a PID namespace where the host
 * allows, else in its session, and kills the whole tree on timeout, abort, a dropped connection
 * or the command's own end. Where the host has bubblewrap, every command runs in its kernel
 * sandbox, resolved there by the same policy as on this machine (SPEC SB-7; see
 * {@link SshShellOptions.sandbox}). Output is captured here, bounded per stream; exit codes and
 * signals are values. A dropped connection is made again by the next command.
 */
export class SshShell implements VirtualShell {
  readonly #options: SshShellOptions;
  readonly #connection: SshConnection;
  readonly #killGraceMs: number;
  readonly #running = new Set<() => void>();
  readonly #background = new Set<SshBackgroundProcess>();
  #containment: Promise<RemoteContainment> | undefined;
  readonly #sandboxes: RemoteSandboxes;

  constructor(options: SshShellOptions) {
    for (const key of Object.keys(options))
      if (!SSH_SHELL_OPTION_KEYS.includes(key))
        throw new ShellOptionsError(
          `SshShell has no option ${JSON.stringify(key)}; its options are ${SSH_SHELL_OPTION_KEYS.join(', ')}`,
        );
    const sandbox = checkRemoteSandboxSetting(options.sandbox ?? 'auto');
    if (options.privateKey === undefined && options.agent === undefined)
      throw new ShellOptionsError('SshShell needs a privateKey or an agent to log in with');
    if (typeof options.hostKey !== 'object' || options.hostKey === null)
      throw new ShellOptionsError('SshShell needs a hostKey: { knownHostsFile } or { fingerprint: "SHA256:…" }');
    this.#options = options;
    this.#connection = new SshConnection(options);
    this.#killGraceMs = options.killGraceMs ?? 500;
    this.#sandboxes = new RemoteSandboxes(this.#connection, sandbox);
  }

  /**
   * The kernel sandbox around the host's commands (SPEC SB-7): `'bubblewrap'` where the host has
   * one that works for the login user, else `'none'` — probed on the first command (connects if
   * needed). With `sandbox: 'required'` (or a stated policy) a host without one rejects with a
   * ShellStartError naming what to install, and so does every command.
   */
  async sandbox(): Promise<SandboxKind> {
    return (await this.#sandboxes.sandbox()) === undefined ? 'none' : 'bubblewrap';
  }

  /** `host:port`. */
  get address(): string {
    return this.#connection.address;
  }

  /** How commands' processes are held together on the host: probed on the first command (connects if needed). */
  containment(): Promise<RemoteContainment> {
    const wanted = this.#options.containment ?? 'auto';
    if (wanted !== 'auto') return Promise.resolve(wanted);
    this.#containment ??= this.#connection
      .exec(CONTAINMENT_PROBE, readChannel)
      .then(({ stdout }) => (stdout.trim() === 'pid-namespace' ? 'pid-namespace' : 'session'));
    this.#containment.catch(() => (this.#containment = undefined));
    return this.#containment;
  }

  /** Connects (if not connected) and checks the host; rejects with an {@link SshConnectionError} when it cannot. */
  async check(): Promise<void> {
    await this.containment();
    await this.#sandboxes.sandbox();
    await this.#connection.exec("exec bash --noprofile --norc -c 'exit 0'", readChannel);
  }

  async execute(command: string, options: ExecutionOptions): Promise<ShellCommandResult> {
    checkExecutionOptions(options);
    checkCommand(command);
    // A NUL cannot reach the host (the script would lose it and name another folder): no such folder.
    if (options.cwd?.includes('\0') === true)
      throw new ShellStartError(`The working directory does not exist or is not a directory: ${options.cwd}`);
    if (options.signal?.aborted === true) return notRunResult({ aborted: true });
    const started = performance.now();
    const unconfined = await this.containment();
    const sandboxed = await this.#sandboxes.prepare(command, options.cwd, {
      signal: options.signal,
      timeoutMs: options.timeoutMs - (performance.now() - started),
    });
    // Aborted or out of time while connecting or resolving the sandbox: nothing ran.
    if (isAborted(options.signal)) return notRunResult({ aborted: true }, started);
    const remaining = options.timeoutMs - (performance.now() - started);
    // Out of time before the command could start (its sandbox took it all): nothing ran.
    if (sandboxed === 'timedOut' || (sandboxed !== undefined && remaining <= 0))
      return notRunResult({ timedOut: true }, started);
    const containment = sandboxed === undefined ? unconfined : 'pid-namespace';
    const nonce = randomUUID();
    let stop = (): void => undefined;
    const run = this.#open(
      { command, nonce, ...placement(options.cwd, sandboxed), env: options.env, containment },
      remaining + (this.#options.remoteDeadlineMarginMs ?? 2_000),
      (channel) => {
        stop = () => {
          channel.end();
        };
        this.#running.add(stop);
        return runRemoteCommand(channel, {
          options,
          started,
          nonce,
          containment,
          address: this.address,
          closeAfterMs: this.#closeAfterMs(),
          ...(sandboxed === undefined ? {} : { sandbox: sandboxed.policy }),
        });
      },
    );
    return run.finally(() => this.#running.delete(stop));
  }

  async startBackground(command: string, options: BackgroundOptions): Promise<BackgroundProcess> {
    checkBackgroundOptions(options);
    checkCommand(command);
    if (options.cwd?.includes('\0') === true)
      throw new ShellStartError(`The working directory does not exist or is not a directory: ${options.cwd}`);
    const unconfined = await this.containment();
    const sandboxed = await this.#sandboxes.prepare(command, options.cwd, { timeoutMs: BACKGROUND_SURVEY_MS });
    if (sandboxed === 'timedOut')
      throw new ShellStartError(
        `The command could not start: its sandbox took longer than ${BACKGROUND_SURVEY_MS} ms to survey the host`,
      );
    if (sandboxed === undefined && options.cwd !== undefined) await this.#checkDirectory(options.cwd);
    const containment = sandboxed === undefined ? unconfined : 'pid-namespace';
    const run = {
      command,
      nonce: randomUUID(),
      ...placement(options.cwd, sandboxed),
      env: options.env,
      containment,
    };
    return this.#open(run, 0, (channel) => {
      const background: SshBackgroundProcess = new SshBackgroundProcess(
        command,
        channel,
        containment,
        sandboxed === undefined ? 'none' : 'bubblewrap',
        options.maxBufferBytes,
        this.#closeAfterMs(),
        () => this.#background.delete(background),
      );
      this.#background.add(background);
      return background;
    });
  }

  /** Kills every command of this shell still running on the host, waits until they are gone, and closes the connection. */
  async dispose(): Promise<void> {
    for (const stop of this.#running) stop();
    await Promise.all([...this.#background].map((background) => background.kill()));
    const deadline = performance.now() + this.#closeAfterMs();
    while (this.#running.size > 0 && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await this.#sandboxes.dispose();
    this.#connection.end();
  }

  #closeAfterMs(): number {
    return this.#killGraceMs + 15_000;
  }

  async #checkDirectory(cwd: string): Promise<void> {
    const missing = new ShellStartError(`The working directory does not exist or is not a directory: ${cwd}`);
    if (cwd.includes('\0')) throw missing;
    const { exec, input } = stdinScript(`test -d ${shellQuote(cwd)}`);
    const { exitCode } = await this.#connection.exec(exec, readChannel, input);
    if (exitCode !== 0) throw missing;
  }

  #open<Started>(
    run: Pick<SupervisedCommand, 'command' | 'nonce' | 'cwd' | 'containment' | 'sandbox'> & {
      env: ExecutionOptions['env'];
    },
    deadlineMs: number,
    start: (channel: ClientChannel) => Started,
  ): Promise<Awaited<Started>> {
    const { exec, input } = stdinScript(
      supervisorScript({
        ...run,
        env: { ...PROMPT_PROOF_ENV, ...run.env },
        deadlineMs: deadlineMs === 0 ? 0 : Math.max(1, deadlineMs),
        killGraceMs: this.#killGraceMs,
      }),
    );
    return this.#connection.exec(exec, start, input);
  }
}

/** How long a background command's sandbox may take to survey the host. */
const BACKGROUND_SURVEY_MS = 60_000;

/**
 * Where the supervisor starts the command: in its working directory, or — sandboxed — wherever
 * bubblewrap is told (`--chdir`: the folder may lie in the private /tmp the host does not see).
 */
function placement(
  cwd: string | undefined,
  sandboxed: SandboxedRun | undefined,
): Pick<SupervisedCommand, 'cwd' | 'sandbox'> {
  return sandboxed === undefined ? { cwd } : { cwd: undefined, sandbox: sandboxed.command };
}

/** Read through a function, so that a check after an await is not narrowed away. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
