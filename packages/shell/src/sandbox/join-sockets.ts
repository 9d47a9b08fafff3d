// The tunnel: a client and its destination, piped both ways until both are done.
import type { Socket } from 'node:net';
import { closeAfterFlush } from './socket-endings.js';

/**
 * Pipes `client` and `upstream` into each other (pipe's backpressure: neither side buffers more
 * than a stream's high-water mark). An end on one side ends the other's writing side, so
 * half-closed connections work; an error or an abrupt close on either side destroys both; a side
 * that closes after a clean end lets the other flush what it holds, then closes it.
 */
export function joinSockets(client: Socket, upstream: Socket): void {
  const destroyBoth = (): void => {
    client.destroy();
    upstream.destroy();
  };
  for (const [socket, other] of [
    [client, upstream],
    [upstream, client],
  ] as const) {
    socket.on('error', destroyBoth);
    socket.once('close', (hadError: boolean) => {
      if (hadError || !socket.readableEnded) other.destroy();
      else closeAfterFlush(other);
    });
  }
  client.pipe(upstream);
  upstream.pipe(client);
}
