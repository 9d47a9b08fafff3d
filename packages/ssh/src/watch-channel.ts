// How a client reads the end of one remote command's session channel.
import type { ClientChannel } from 'ssh2';

/** How a remote command ended, as its channel told. */
export interface ChannelEnd {
  /** The exit code sshd reported, or null. */
  readonly exitCode: number | null;
  /** The signal sshd reported (`SIGKILL`), or null. */
  readonly signal: string | null;
  /** True when the channel closed without an exit status: the connection was lost. */
  readonly lost: boolean;
}

/**
 * Resolves when the channel closes — after the supervisor has killed what the command left and
 * exited, so nothing of it runs any more. `stop()` ends the session's input, which tells the
 * supervisor to kill the tree; should the channel still be open `closeAfterMs` later (a host that
 * went silent), it is closed here and the end counts as lost.
 */
export function watchChannel(
  channel: ClientChannel,
  closeAfterMs: number,
): { ended: Promise<ChannelEnd>; stop(): void } {
  let exitCode: number | null = null;
  let signal: string | null = null;
  let exited = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ended = new Promise<ChannelEnd>((resolve) => {
    channel.on('exit', (code: number | null, signalName?: string) => {
      exited = true;
      exitCode = code ?? null;
      signal = code === null || code === undefined ? (signalName ?? null) : null;
      // The command is over; the supervisor now kills what it left and exits. Wait, within bounds.
      timer ??= setTimeout(() => channel.close(), closeAfterMs);
    });
    channel.once('close', () => {
      clearTimeout(timer);
      resolve({ exitCode, signal, lost: !exited });
    });
  });
  return {
    ended,
    stop() {
      if (timer !== undefined && exited) return;
      try {
        channel.end();
      } catch {
        // The channel is gone already; 'close' follows.
      }
      clearTimeout(timer);
      timer = setTimeout(() => channel.close(), closeAfterMs);
    },
  };
}
