// One foreground command on its channel: bounded capture, the local timeout and the abort, the result.
import { BoundedCapture, ShellStartError, type ExecutionOptions, type ShellCommandResult } from '@toolwright/shell';
import { refusalsOf, type ResolvedSandboxPolicy } from '@toolwright/shell/internal';
import type { ClientChannel } from 'ssh2';
import type { RemoteContainment } from './remote-containment.js';
import { NO_WORKING_DIRECTORY_STATUS } from './remote-supervisor.js';
import { watchChannel } from './watch-channel.js';

/** What the runner needs besides the channel. */
export interface RemoteRun {
  readonly options: ExecutionOptions;
  /** When the call started (`performance.now()`): the timeout counts from there. */
  readonly started: number;
  readonly nonce: string;
  readonly containment: RemoteContainment;
  /** `host:port`, for the lost-connection line. */
  readonly address: string;
  /** How long to wait for the channel to close once the command ended or was stopped. */
  readonly closeAfterMs: number;
  /** The policy of the host's sandbox around the command, when it has one. */
  readonly sandbox?: ResolvedSandboxPolicy;
}

/**
 * Supervises one command's channel until it closes: output into bounded captures, the timeout and
 * the abort end the session's input (the remote supervisor then kills the tree). A lost connection
 * is a result too: no exit code, `SIGHUP`, and a line on stderr that says so.
 */
export async function runRemoteCommand(channel: ClientChannel, run: RemoteRun): Promise<ShellCommandResult> {
  const { options } = run;
  const stdout = new BoundedCapture(options.maxCaptureBytes);
  const stderr = new BoundedCapture(options.maxCaptureBytes);
  channel.on('data', (chunk: Buffer) => stdout.push(chunk));
  channel.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const watch = watchChannel(channel, run.closeAfterMs);
  let timedOut = false;
  let aborted = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      watch.stop();
    },
    Math.max(0, options.timeoutMs - (performance.now() - run.started)),
  );
  const onAbort = (): void => {
    aborted = true;
    watch.stop();
  };
  if (options.signal?.aborted === true) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const end = await watch.ended;
  clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);

  const errorText = stderr.text();
  if (end.exitCode === NO_WORKING_DIRECTORY_STATUS && errorText === `${run.nonce}:no-cwd\n`)
    throw new ShellStartError(`The working directory does not exist or is not a directory: ${options.cwd ?? ''}`);
  const lostLine = `[the connection to ${run.address} was lost; the command's processes on the host were killed]\n`;
  return {
    exitCode: end.lost ? null : end.exitCode,
    signal: end.lost ? 'SIGHUP' : end.signal,
    stdout: stdout.text(),
    stderr: end.lost && !timedOut && !aborted ? errorText + lostLine : errorText,
    stdoutBytes: stdout.totalBytes,
    stderrBytes: stderr.totalBytes,
    truncated: stdout.truncated || stderr.truncated,
    durationMs: performance.now() - run.started,
    timedOut,
    aborted,
    containment: run.containment === 'pid-namespace' ? 'pid-namespace' : 'session',
    sandbox: run.sandbox === undefined ? 'none' : 'bubblewrap',
    ...refusalsOf(errorText, run.sandbox),
  };
}
