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

  it('IN-4: a SET that got no answer in time is never sent again: the store gave up on it, and the id stays unused', async () => {
    proxy = await startCuttingProxy(redis.port);
    store = createRedisApprovalStore({ url: `redis://127.0.0.1:${proxy.port}`, timeoutMs: 1_000 });
    expect(await store.consume('warm-up-swallow', inAnHour())).toBe(true);
    proxy.cutNext('swallow');
    await expect(store.consume('swallowed', inAnHour())).rejects.toThrow(
      `Redis at 127.0.0.1:${proxy.port} did not answer within 1000 ms`,
    );
    // Two more round trips on the store's next connection: a SET sent again after the deadline
    // would have gone out on it before them.
    expect(await store.consume('after-swallow-1', inAnHour())).toBe(true);
    expect(await store.consume('after-swallow-2', inAnHour())).toBe(true);
    expect(await inspector.exists('toolwright:approval:swallowed')).toBe(0);
    expect(await store.consume('swallowed', inAnHour())).toBe(true);
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
