// How the proxy's sockets end: after a last answer, or once what was written to them is flushed.
import type { Socket } from 'node:net';

/**
 * Writes `answer` and ends the socket. What the client still sends is read and dropped (a Unix
 * socket closed with unread data would reset the peer, which may lose the answer), and the socket
 * is destroyed once the client ends too, or after `lingerMs` at most.
 */
export function sendAndClose(socket: Socket, answer: Buffer, lingerMs: number): void {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  socket.once('close', () => clearTimeout(timer));
  socket.end(answer);
  socket.resume();
}

/** Ends the socket's writing side and destroys it once everything written is flushed. */
export function closeAfterFlush(socket: Socket): void {
  if (socket.destroyed) return;
  if (socket.writableFinished) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  if (!socket.writableEnded) socket.end();
}
