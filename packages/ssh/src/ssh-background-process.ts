import {
  OutputRing,
  type BackgroundProcess,
  type BackgroundRead,
  type BackgroundStatus,
  type Containment,
  type SandboxKind,
} from '@toolwright/shell';
import { readBackground } from '@toolwright/shell/internal';
import type { ClientChannel } from 'ssh2';
import { watchChannel } from './watch-channel.js';

/**
 * A background command on a remote host: its output (stdout and stderr merged) in a bounded ring
 * here, its tree held by the remote supervisor. `kill()` ends the session's input; the supervisor
 * kills the tree and the channel closes once nothing of it runs. A lost connection ends it too
 * (the supervisor kills the tree when its input ends): it then reads as killed by `SIGHUP`.
 */
export class SshBackgroundProcess implements BackgroundProcess {
  #status: BackgroundStatus = 'running';
  #exitCode: number | null = null;
  #signal: string | null = null;
  readonly #ring: OutputRing;
  readonly #ended: Promise<void>;
  readonly #stop: () => void;

  constructor(
    readonly command: string,
    channel: ClientChannel,
    readonly containment: Containment,
    readonly sandbox: SandboxKind,
    maxBufferBytes: number,
    closeAfterMs: number,
    onEnd: () => void,
  ) {
    this.#ring = new OutputRing(maxBufferBytes);
    channel.on('data', (chunk: Buffer) => this.#ring.push(chunk));
    channel.stderr.on('data', (chunk: Buffer) => this.#ring.push(chunk));
    const watch = watchChannel(channel, closeAfterMs);
    this.#stop = () => watch.stop();
    this.#ended = watch.ended.then((end) => {
      if (end.lost) {
        this.#status = 'killed';
        this.#signal = this.#signal ?? 'SIGHUP';
      } else if (this.#status === 'killed') {
        // Killed here: a signal ended it, whichever one the host reports (an init in a PID
        // namespace reports 128 + n as a status).
        this.#signal = end.signal ?? signalOfStatus(end.exitCode) ?? 'SIGTERM';
      } else {
        this.#status = 'exited';
        this.#exitCode = end.exitCode;
        this.#signal = end.signal;
      }
      onEnd();
    });
  }

  get status(): BackgroundStatus {
    return this.#status;
  }

  read(): BackgroundRead {
    return readBackground(this.#ring, { status: this.#status, exitCode: this.#exitCode, signal: this.#signal });
  }

  kill(): Promise<void> {
    if (this.#status !== 'running') return this.#ended;
    this.#status = 'killed';
    this.#stop();
    return this.#ended;
  }
}

const SIGNALS: Readonly<Record<number, string>> = { 1: 'SIGHUP', 2: 'SIGINT', 9: 'SIGKILL', 15: 'SIGTERM' };

function signalOfStatus(status: number | null): string | undefined {
  return status === null ? undefined : SIGNALS[status - 128];
}
