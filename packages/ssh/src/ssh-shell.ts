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
import { stdinScript } from './stdin-script.js';

/**
 * Runs commands on one remote host over SSH (on `ssh2`; the host key is always verified). Each
 * command gets a session channel of its own on one shared connection, and a small remote
 * supervisor (bash and coreutils) that holds its processes in a PID namespace where the host
 * allows, else in its session, and kills the whole tree on timeout, abort, a dropped connection
 * or the command's own end. Output is captured here, bounded per stream; exit codes and signals
 * are values. A dropped connection is made again by the next command.
 */
export class SshShell implements VirtualShell {
  readonly #options: SshShellOptions;
  readonly #connection: SshConnection;
  readonly #killGraceMs: number;
  readonly #running = new Set<() => void>();
  readonly #background = new Set<SshBackgroundProcess>();
  #containment: Promise<RemoteContainment> | undefined;

  constructor(options: SshShellOptions) {
    for (const key of Object.keys(options))
      if (!SSH_SHELL_OPTION_KEYS.includes(key))
        throw new ShellOptionsError(
          `SshShell has no option ${JSON.stringify(key)}; its options are ${SSH_SHELL_OPTION_KEYS.join(', ')}`,
        );
    const sandbox = options.sandbox ?? 'auto';
    if (sandbox === 'required')
      throw new ShellOptionsError(
        "sandbox is required, but SshShell does not sandbox the host's commands yet; pass sandbox: 'auto' or 'off' (its results say sandbox: 'none')",
      );
    if (sandbox !== 'auto' && sandbox !== 'off')
      throw new ShellOptionsError(`sandbox must be 'auto', 'required' or 'off', not ${JSON.stringify(sandbox)}`);
    if (options.privateKey === undefined && options.agent === undefined)
      throw new ShellOptionsError('SshShell needs a privateKey or an agent to log in with');
    if (typeof options.hostKey !== 'object' || options.hostKey === null)
      throw new ShellOptionsError('SshShell needs a hostKey: { knownHostsFile } or { fingerprint: "SHA256:…" }');
    this.#options = options;
    this.#connection = new SshConnection(options);
    this.#killGraceMs = options.killGraceMs ?? 500;
  }

  /** The kernel sandbox around the host's commands: none yet (SPEC SB-7). */
  get sandbox(): 'none' {
    return 'none';
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
    const containment = await this.containment();
    // Aborted while connecting: nothing ran.
    if (isAborted(options.signal)) return notRunResult({ aborted: true }, started);
    const nonce = randomUUID();
    const remaining = options.timeoutMs - (performance.now() - started);
    let stop = (): void => undefined;
    const run = this.#open(
      { command, nonce, cwd: options.cwd, env: options.env, containment },
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
        });
      },
    );
    return run.finally(() => this.#running.delete(stop));
  }

  async startBackground(command: string, options: BackgroundOptions): Promise<BackgroundProcess> {
    checkBackgroundOptions(options);
    checkCommand(command);
    const containment = await this.containment();
    if (options.cwd !== undefined) await this.#checkDirectory(options.cwd);
    const run = { command, nonce: randomUUID(), cwd: options.cwd, env: options.env, containment };
    return this.#open(run, 0, (channel) => {
      const background: SshBackgroundProcess = new SshBackgroundProcess(
        command,
        channel,
        containment,
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
    run: Pick<SupervisedCommand, 'command' | 'nonce' | 'cwd' | 'containment'> & { env: ExecutionOptions['env'] },
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

/** Read through a function, so that a check after an await is not narrowed away. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
