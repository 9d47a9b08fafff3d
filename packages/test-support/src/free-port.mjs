// A free TCP port on 127.0.0.1, for the test servers (sshd, redis-server) and for "nothing listens here".
// Plain JavaScript (types in free-port.d.mts), so that the benchmark can use it too.
import { createServer } from 'node:net';

/** A port nobody listens on now (bound to 0 and released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
