// A TCP server on 127.0.0.1 for tests that play a server or stand between a client and one: it
// counts the connections it accepts, and `stop()` closes it with every socket it was given to hold.
import { createServer, type Socket } from 'node:net';

/** A running test TCP server. */
export interface TcpServer {
  readonly port: number;
  /** How many connections it accepted so far. */
  accepted(): number;
  /** Closes it, and every accepted or `hold`-given socket still open. */
  stop(): Promise<void>;
}

/**
 * Starts a TCP server on a free port of 127.0.0.1 that gives each connection to `onConnection`,
 * with `hold` to have another socket (one it opened itself) closed by `stop()` too. Socket errors
 * are ignored: a client that gives up resets its connection.
 */
export function startTcpServer(
  onConnection: (socket: Socket, hold: (other: Socket) => void) => void,
): Promise<TcpServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const hold = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((socket) => {
    accepted += 1;
    hold(socket);
    onConnection(socket, hold);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : 0,
        accepted: () => accepted,
        stop: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
