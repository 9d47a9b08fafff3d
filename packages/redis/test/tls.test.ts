// rediss:// against a real redis-server listening for TLS with a certificate made for the run: the
// store checks certificates (one it cannot trust is refused, saying so); a host client that trusts it works.
import { Redis } from 'ioredis';
import { createRedisApprovalStore, RedisApprovalStoreError } from '@toolwright/redis';
import { startRedis, type RedisFixture } from '@toolwright/test-support/redis-fixture';
import { TOKEN } from './stored-token.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let redis: RedisFixture;
let tls: { readonly port: number; readonly certificate: string };
beforeAll(async () => {
  redis = await startRedis({ tls: true });
  if (redis.tls === undefined) throw new Error('the test Redis has no TLS port');
  tls = redis.tls;
}, 60_000);
afterAll(async () => {
  await redis?.stop();
});

const inAnHour = () => Date.now() + 3_600_000;

describe('TLS (SPEC IN-4)', () => {
  it('IN-4: rediss:// verifies the certificate: a self-signed one is refused, saying so, and nothing is written', async () => {
    for (const options of [
      { url: `rediss://127.0.0.1:${tls.port}` },
      { connection: { host: '127.0.0.1', port: tls.port, tls: true } },
    ]) {
      const store = createRedisApprovalStore(options);
      try {
        const error: unknown = await store.consume('over-tls', inAnHour()).catch((reason: unknown) => reason);
        expect(RedisApprovalStoreError.isInstance(error) && [error.failure, error.message]).toEqual([
          'unreachable',
          `Redis at 127.0.0.1:${tls.port}: the TLS connection failed (self-signed certificate)`,
        ]);
      } finally {
        await store.close();
      }
    }
    const plain = new Redis(redis.port, '127.0.0.1', { lazyConnect: true });
    await plain.connect();
    try {
      expect(await plain.keys('*')).toEqual([]);
    } finally {
      plain.disconnect();
    }
  });

  it("IN-4: a host's client that trusts the certificate carries the store over TLS", async () => {
    const client = new Redis({ host: '127.0.0.1', port: tls.port, tls: { ca: tls.certificate }, lazyConnect: true });
    await client.connect();
    try {
      const store = createRedisApprovalStore({ client });
      expect(await store.consume('host-over-tls', inAnHour())).toBe(true);
      expect(await store.consume('host-over-tls', inAnHour())).toBe(false);
      expect(await client.get('toolwright:approval:host-over-tls')).toMatch(TOKEN);
    } finally {
      client.disconnect();
    }
  });
});
