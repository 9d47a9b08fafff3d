// The Redis approval store against a real redis-server: one atomic SET NX per approval, the key's
// prefix, value and lifetime, restarts with and without persistence, and a client the host owns.
import { Redis } from 'ioredis';
import {
  createRedisApprovalStore,
  DEFAULT_CLOCK_TOLERANCE_MS,
  RedisApprovalStoreError,
  type RedisApprovalStore,
} from '@toolwright/redis';
import { startRedis, type RedisFixture } from '@toolwright/test-support/redis-fixture';
import { TOKEN } from './stored-token.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let redis: RedisFixture;
/** A plain client of the test's own, to look at what the store wrote. */
let inspector: Redis;
const opened: RedisApprovalStore[] = [];
beforeAll(async () => {
  redis = await startRedis();
  inspector = new Redis(redis.port, '127.0.0.1', { lazyConnect: true });
  await inspector.connect();
}, 60_000);
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});
afterAll(async () => {
  inspector?.disconnect();
  await redis?.stop();
});

function storeOn(url = redis.url, options: { keyPrefix?: string; clockToleranceMs?: number } = {}) {
  const store = createRedisApprovalStore({ url, ...options });
  opened.push(store);
  return store;
}

const inAnHour = () => Date.now() + 3_600_000;

describe('consume is one atomic SET NX (SPEC IN-4)', () => {
  it('IN-4: an id is used once: true the first time, false ever after, from this store and from another client', async () => {
    const first = storeOn();
    const second = storeOn();
    const expiresAt = inAnHour();
    expect(await first.consume('id-once', expiresAt)).toBe(true);
    expect(await first.consume('id-once', expiresAt)).toBe(false);
    expect(await second.consume('id-once', expiresAt)).toBe(false);
    expect(await second.consume('id-other', expiresAt)).toBe(true);
    expect(await inspector.get('toolwright:approval:id-once')).toMatch(TOKEN);
  });

  it('IN-4: many stores racing on the same ids: exactly one true per id', async () => {
    const stores = [storeOn(), storeOn(), storeOn(), storeOn()];
    const ids = Array.from({ length: 25 }, (_, index) => `race-${index}`);
    const expiresAt = inAnHour();
    const answers = await Promise.all(
      ids.map((id) => Promise.all(stores.map((store) => store.consume(id, expiresAt)))),
    );
    expect(answers.map((perStore) => perStore.filter(Boolean).length)).toEqual(ids.map(() => 1));
  });

  it('IN-4: the key carries the prefix, and lives until the approval expires plus the clock tolerance', async () => {
    const store = storeOn(redis.url, { keyPrefix: 'app1:used:', clockToleranceMs: 60_000 });
    const expiresAt = Date.now() + 90_000;
    const before = Date.now();
    expect(await store.consume('ttl', expiresAt)).toBe(true);
    const ttl = await inspector.pttl('app1:used:ttl');
    const after = Date.now();
    // PX is set from the store's clock between `before` and `after`, and Redis counts it down meanwhile.
    expect(ttl).toBeLessThanOrEqual(expiresAt + 60_000 - before);
    expect(ttl).toBeGreaterThanOrEqual(expiresAt + 60_000 - after - (after - before) - 1);
    expect(await inspector.exists('toolwright:approval:ttl')).toBe(0);

    const defaults = storeOn();
    const start = Date.now();
    expect(await defaults.consume('ttl-default', expiresAt)).toBe(true);
    const defaultTtl = await inspector.pttl('toolwright:approval:ttl-default');
    const end = Date.now();
    expect(defaultTtl).toBeLessThanOrEqual(expiresAt + DEFAULT_CLOCK_TOLERANCE_MS - start);
    expect(defaultTtl).toBeGreaterThanOrEqual(expiresAt + DEFAULT_CLOCK_TOLERANCE_MS - end - (end - start) - 1);
  });

  it('IN-4: stores with different prefixes keep separate records of the same id', async () => {
    const expiresAt = inAnHour();
    expect(await storeOn(redis.url, { keyPrefix: 'tenant-a:' }).consume('shared-id', expiresAt)).toBe(true);
    expect(await storeOn(redis.url, { keyPrefix: 'tenant-b:' }).consume('shared-id', expiresAt)).toBe(true);
    expect(await storeOn(redis.url, { keyPrefix: 'tenant-a:' }).consume('shared-id', expiresAt)).toBe(false);
  });

  it('IN-4: an approval that already expired is refused without writing anything', async () => {
    const store = storeOn();
    for (const [id, expiresAt] of [
      ['expired-now', Date.now()],
      ['expired-long-ago', Date.now() - 86_400_000],
      ['expired-at-zero', 0],
    ] as const) {
      expect(await store.consume(id, expiresAt)).toBe(false);
      expect(await inspector.exists(`toolwright:approval:${id}`)).toBe(0);
    }
  });

  it('IN-4: an id or expiry the gate would never give is refused without writing anything', async () => {
    const store = storeOn();
    const badId = 'the approval id must be a non-empty string of at most 512 characters';
    const badExpiry = 'the approval expiry must be a time in ms since the epoch';
    const cases: Array<[unknown, unknown, string]> = [
      ['', inAnHour(), badId],
      [7, inAnHour(), badId],
      [undefined, inAnHour(), badId],
      ['x'.repeat(513), inAnHour(), badId],
      ['bad-expiry', Number.NaN, badExpiry],
      ['bad-expiry', Number.POSITIVE_INFINITY, badExpiry],
      ['bad-expiry', String(inAnHour()), badExpiry],
    ];
    for (const [id, expiresAt, message] of cases) {
      const error: unknown = await store.consume(id as string, expiresAt as number).catch((reason: unknown) => reason);
      expect(RedisApprovalStoreError.isInstance(error) && [error.failure, error.message]).toEqual([
        'invalid-call',
        message,
      ]);
    }
    expect(await inspector.keys('toolwright:approval:bad-expiry')).toEqual([]);
    expect(await store.consume('x'.repeat(512), inAnHour())).toBe(true);
  });

  it('IN-4: the database in the url is the one written to', async () => {
    const store = storeOn(`${redis.url}/3`);
    expect(await store.consume('in-db-3', inAnHour())).toBe(true);
    expect(await inspector.exists('toolwright:approval:in-db-3')).toBe(0);
    const database3 = new Redis(redis.port, '127.0.0.1', { db: 3, lazyConnect: true });
    await database3.connect();
    try {
      expect(await database3.get('toolwright:approval:in-db-3')).toMatch(TOKEN);
    } finally {
      database3.disconnect();
    }
  });
});

describe('a closed store', () => {
  it('IN-4: consume after close rejects, saying the store was closed', async () => {
    const store = createRedisApprovalStore({ url: redis.url });
    expect(await store.consume('before-close', inAnHour())).toBe(true);
    await store.close();
    await expect(store.consume('after-close', inAnHour())).rejects.toThrow('the Redis approval store was closed');
    expect(await inspector.exists('toolwright:approval:after-close')).toBe(0);
    await store.close(); // twice is fine
  });
});
