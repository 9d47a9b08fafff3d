import type { Containment, SandboxKind } from '@toolwright/shell';
import { BufferedBackgroundProcess } from '@toolwright/shell/internal';
import type { ClientChannel } from 'ssh2';
import { watchChannel } from './watch-channel.js';

/**
 * A background command on a remote host: its output (stdout and stderr merged) in a bounded ring
 * here, its tree held by the remote supervisor. `kill()` ends the session's input; the supervisor
 * kills the tree and the channel closes once nothing of it runs. A lost connection ends it too
 * (the supervisor kills the tree when its input ends): it then reads as killed by `SIGHUP`.
 */
export class SshBackgroundProcess extends BufferedBackgroundProcess {
  readonly #ended: Promise<void>;
  readonly #stop: () => void;

  constructor(
    command: string,
    channel: ClientChannel,
    readonly containment: Containment,
    sandbox: SandboxKind,
    maxBufferBytes: number,
    closeAfterMs: number,
    onEnd: () => void,
  ) {
    super(command, sandbox, maxBufferBytes);
    channel.on('data', (chunk: Buffer) => this.capture(chunk));
    channel.stderr.on('data', (chunk: Buffer) => this.capture(chunk));
    const watch = watchChannel(channel, closeAfterMs);
    this.#stop = () => watch.stop();
    this.#ended = watch.ended.then((end) => {
      if (end.lost) this.finish({ status: 'killed', exitCode: null, signal: 'SIGHUP' });
      else if (this.status === 'killed') {
        // Killed here: a signal ended it, whichever one the host reports (an init in a PID
        // namespace reports 128 + n as a status).
        const signal = end.signal ?? signalOfStatus(end.exitCode) ?? 'SIGTERM';
        this.finish({ status: 'killed', exitCode: null, signal });
      } else this.finish({ status: 'exited', exitCode: end.exitCode, signal: end.signal });
      onEnd();
    });
  }

  protected get ended(): Promise<void> {
    return this.#ended;
  }

  protected stop(): Promise<void> {
    this.#stop();
    return this.#ended;
  }
}

const SIGNALS: Readonly<Record<number, string>> = { 1: 'SIGHUP', 2: 'SIGINT', 9: 'SIGKILL', 15: 'SIGTERM' };

function signalOfStatus(status: number | null): string | undefined {
  return status === null ? undefined : SIGNALS[status - 128];
}
