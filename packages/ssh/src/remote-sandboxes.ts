// An SshShell's sandbox on its host: probed once, resolved before each command, removed at dispose.
import { ShellStartError, type SandboxPolicy } from '@toolwright/shell';
import {
  bubblewrapArguments,
  resolveSandboxPolicy,
  SECCOMP_FD,
  type ResolvedSandboxPolicy,
} from '@toolwright/shell/internal';
import type { ClientChannel } from 'ssh2';
import { readChannel } from './read-channel.js';
import { parseSandboxProbe, sandboxProbeScript, seccompInput, type RemoteSandbox } from './remote-sandbox.js';
import type { RemoteSandboxSetting } from './remote-sandbox-setting.js';
import { readSurvey, surveyScript } from './remote-survey.js';
import { shellQuote, type SandboxedCommand } from './remote-supervisor.js';
import type { SshConnection } from './ssh-connection.js';
import { stdinScript } from './stdin-script.js';

/** The policy one command runs under on its host, resolved, and how the supervisor applies it. */
export interface SandboxedRun {
  readonly policy: ResolvedSandboxPolicy;
  readonly command: SandboxedCommand;
}

/** The most a survey may print: far more than its entry limit needs; more is refused, not read. */
const MAX_SURVEY_BYTES = 64 * 1024 * 1024;

/** One shell's sandbox on its host. */
export class RemoteSandboxes {
  readonly #connection: SshConnection;
  readonly #setting: RemoteSandboxSetting;
  #probe: Promise<RemoteSandbox | undefined> | undefined;

  constructor(connection: SshConnection, setting: RemoteSandboxSetting) {
    this.#connection = connection;
    this.#setting = setting;
  }

  /**
   * The host's sandbox, probed on first use (undefined: none, or not wanted). Rejects with a
   * ShellStartError where one is required and the host has none, naming why.
   */
  sandbox(): Promise<RemoteSandbox | undefined> {
    if (!this.#setting.wanted) return Promise.resolve(undefined);
    const { exec, input } = stdinScript(sandboxProbeScript(this.#setting.policy?.allowUnixSockets === true));
    this.#probe ??= this.#connection.exec(exec, readChannel, input).then(({ stdout, exitCode }) => {
      const probe = parseSandboxProbe(stdout, exitCode);
      if (probe.kind === 'bubblewrap') return probe.sandbox;
      if (this.#setting.required)
        throw new ShellStartError(
          `sandbox is required, but the host ${this.#connection.address} has none: ${probe.reason}`,
        );
      return undefined;
    });
    // A connection that failed is tried again by the next command; a verdict is kept.
    this.#probe.catch((error: unknown) => {
      if (!(error instanceof ShellStartError)) this.#probe = undefined;
    });
    return this.#probe;
  }

  /**
   * The sandbox of one command in `cwd` (undefined: it runs unconfined), resolved on the host by
   * a survey made there now; `'timedOut'` when the survey outlasted `timeoutMs`.
   */
  async prepare(
    command: string,
    cwd: string | undefined,
    limits: { readonly signal?: AbortSignal | undefined; readonly timeoutMs: number },
  ): Promise<SandboxedRun | 'timedOut' | undefined> {
    const sandbox = await this.sandbox();
    if (sandbox === undefined || limits.signal?.aborted === true) return undefined;
    const policy: SandboxPolicy | undefined = this.#setting.policy;
    const request = { cwd, policy, folder: sandbox.folder, privateTmp: sandbox.privateTmp, home: sandbox.home };
    const { exec, input } = stdinScript(surveyScript(request));
    const output = await this.#connection.exec(exec, (channel) => readBounded(channel, limits), input);
    if (output === 'timedOut' || output === 'aborted') return output === 'timedOut' ? 'timedOut' : undefined;
    const survey = readSurvey(output, sandbox.home);
    const resolved = await resolveSandboxPolicy(policy, survey.cwd, sandbox.privateTmp, sandbox.home, survey.host);
    const places = { privateTmp: sandbox.privateTmp, unreadable: sandbox.unreadable };
    return {
      policy: resolved,
      command: {
        bubblewrap: sandbox.bubblewrap,
        arguments: bubblewrapArguments(resolved, places, {
          bashPath: 'bash',
          command,
          name: 'bash',
          block: false,
          report: false,
        }),
        seccomp: seccompInput(SECCOMP_FD, resolved.allowUnixSockets, sandbox.arch),
        makeFolders: survey.made(),
      },
    };
  }

  /** Removes the shell's folder on the host (its private /tmp with it), where one was made. */
  async dispose(): Promise<void> {
    const probe = this.#probe;
    this.#probe = undefined;
    const sandbox = await probe?.catch(() => undefined);
    if (sandbox === undefined) return;
    const { exec, input } = stdinScript(`rm -rf -- ${shellQuote(sandbox.folder)}`);
    await this.#connection.exec(exec, readChannel, input).catch(() => undefined);
  }
}

/** A survey's output, read to its close within the limits (the channel is closed at either). */
function readBounded(
  channel: ClientChannel,
  limits: { readonly signal?: AbortSignal | undefined; readonly timeoutMs: number },
): Promise<string | 'timedOut' | 'aborted'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let ended: 'timedOut' | 'aborted' | 'tooLarge' | undefined;
    const stop = (why: 'timedOut' | 'aborted' | 'tooLarge'): void => {
      ended ??= why;
      channel.close();
    };
    const timer = setTimeout(() => stop('timedOut'), Math.max(0, limits.timeoutMs));
    const onAbort = (): void => stop('aborted');
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    channel.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_SURVEY_BYTES) stop('tooLarge');
      else chunks.push(chunk);
    });
    channel.stderr.resume();
    channel.once('close', () => {
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      if (ended === 'tooLarge')
        reject(
          new ShellStartError('The command could not start: its sandbox survey of the host was too large to read.'),
        );
      else resolve(ended ?? Buffer.concat(chunks).toString('utf8'));
    });
    channel.end();
  });
}
