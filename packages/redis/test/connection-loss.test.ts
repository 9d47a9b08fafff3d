// A ready connection that turns out closed when the SET goes out — Redis restarted, or an idle
// connection cut on the way (a real TCP proxy between the store and a real redis-server cuts it):
// the store sends the SET once more on a new connection, and still uses each id once.
import { Redis } from 'ioredis';
import { createRedisApprovalStore, type RedisApprovalStore } from '@toolwright/redis';
import { startRedis, type RedisFixture } from '@toolwright/test-support/redis-fixture';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCuttingProxy, type CuttingProxy } from './cutting-proxy.js';

let redis: RedisFixture;
let inspector: Redis;
let proxy: CuttingProxy;
let store: RedisApprovalStore;
beforeAll(async () => {
  redis = await startRedis();
  inspector = new Redis(redis.port, '127.0.0.1', { lazyConnect: true });
  inspector.on('error', () => {}); // while Redis is halted below, it retries quietly
  await inspector.connect();
}, 60_000);
afterEach(async () => {
  await store?.close();
  await proxy?.stop();
});
afterAll(async () => {
  inspector?.disconnect();
  await redis?.stop();
});

const inAnHour = () => Date.now() + 3_600_000;

/** A store through a new proxy, with its connection made and ready (one id used on it). */
async function connectedStore(): Promise<RedisApprovalStore> {
  proxy = await startCuttingProxy(redis.port);
  store = createRedisApprovalStore({ url: `redis://127.0.0.1:${proxy.port}` });
  expect(await store.consume(`warm-up-${proxy.port}`, inAnHour())).toBe(true);
  expect(proxy.accepted()).toBe(1);
  return store;
}

describe('a connection lost under a SET (SPEC IN-4)', () => {
  it('IN-4: cut before the SET reached Redis: sent again on a new connection, the id is used, once', async () => {
    const store = await connectedStore();
    proxy.cutNext('before-redis');
    expect(await store.consume('cut-before', inAnHour())).toBe(true);
    expect(proxy.accepted()).toBe(2);
    expect(await store.consume('cut-before', inAnHour())).toBe(false);
    expect(await inspector.exists('toolwright:approval:cut-before')).toBe(1);
  });

  it("IN-4: cut after Redis applied the SET, before its OK arrived: the key is recognised as this consume's own, and used once", async () => {
    const store = await connectedStore();
    proxy.cutNext('after-redis');
    expect(await store.consume('cut-after', inAnHour())).toBe(true);
    expect(proxy.accepted()).toBe(2);
    const other = createRedisApprovalStore({ url: redis.url });
    try {
      expect(await other.consume('cut-after', inAnHour())).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("IN-4: cut after another gate used the id: sent again, the key is not this consume's, so it is refused", async () => {
    const store = await connectedStore();
    const other = createRedisApprovalStore({ url: redis.url });
    try {
      expect(await other.consume('used-elsewhere', inAnHour())).toBe(true);
    } finally {
      await other.close();
    }
    proxy.cutNext('after-redis');
    expect(await store.consume('used-elsewhere', inAnHour())).toBe(false);
    expect(proxy.accepted()).toBe(2);
  });

  it('IN-4: a connection lost twice is not tried a third time: the consume fails, saying the connection closed', async () => {
    const store = await connectedStore();
    proxy.cutNext('before-redis');
    await redis.halt();
    try {
      await expect(store.consume('lost', inAnHour())).rejects.toThrow(
        `Redis at 127.0.0.1:${proxy.port} closed the connection before it answered`,
      );
    } finally {
      await redis.resume();
    }
  });
});
