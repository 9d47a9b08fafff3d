// A TCP proxy between the store and a real redis-server that can cut a connection the way a
// restarted server or a middlebox reaping idle connections does: at the next command, before it
// reaches Redis, or after Redis has answered it but before the answer arrives. Or it swallows the
// next command, leaving the connection open and silent, as a stalled network path does.
import { createConnection } from 'node:net';
import { startTcpServer, type TcpServer } from '@toolwright/test-support/tcp-server';

/** Where the next command of an established connection is cut (or that it is swallowed). */
export type Cut = 'before-redis' | 'after-redis' | 'swallow';

/** A running proxy: its port, the connections it accepted, and the cut to make next. */
export interface CuttingProxy extends TcpServer {
  /** Cuts the connection that carries the next command (after the handshake), once. */
  cutNext(where: Cut): void;
}

/** Starts a proxy on 127.0.0.1 that forwards every connection to `redisPort`. */
export async function startCuttingProxy(redisPort: number): Promise<CuttingProxy> {
  let pending: Cut | undefined;
  const server = await startTcpServer((client, hold) => {
    const redis = createConnection({ host: '127.0.0.1', port: redisPort });
    hold(redis);
    const cut = (): void => {
      client.destroy();
      redis.destroy();
    };
    // Either side closing closes the other, as a proxy does (Redis down: the client sees the close).
    client.once('close', cut);
    redis.once('close', cut);
    client.on('data', (chunk: Buffer) => {
      const where = pending;
      pending = undefined;
      if (where === 'before-redis') return cut();
      if (where === 'swallow') return;
      redis.write(chunk);
      if (where === 'after-redis') redis.prependOnceListener('data', cut);
    });
    redis.on('data', (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
  });
  return { ...server, cutNext: (where) => (pending = where) };
}
