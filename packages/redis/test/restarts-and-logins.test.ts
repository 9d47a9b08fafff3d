// What a restart of Redis keeps (only what its persistence keeps), and logging in: passwords in a
// url or in connection fields, refused logins said plainly, and a password never in a message.
import { Redis } from 'ioredis';
import { createRedisApprovalStore, RedisApprovalStoreError } from '@toolwright/redis';
import { startRedis, type RedisFixture } from '@toolwright/test-support/redis-fixture';
import { afterEach, describe, expect, it } from 'vitest';

const running: RedisFixture[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((redis) => redis.stop()));
});

async function redisServer(options: Parameters<typeof startRedis>[0] = {}): Promise<RedisFixture> {
  const redis = await startRedis(options);
  running.push(redis);
  return redis;
}

const inAnHour = () => Date.now() + 3_600_000;

/** The message `consume` rejects with, checked to be a RedisApprovalStoreError of `failure`. */
async function rejection(promise: Promise<unknown>, failure: string): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(RedisApprovalStoreError.isInstance(error) && error.failure).toBe(failure);
  return (error as Error).message;
}

describe('restarts keep what Redis persists (SPEC IN-4)', () => {
  it('IN-4: without persistence (--save "" and no append-only file) a restart forgets the used ids: the operator must persist', async () => {
    const redis = await redisServer();
    const store = createRedisApprovalStore({ url: redis.url });
    try {
      const expiresAt = inAnHour();
      expect(await store.consume('before-restart', expiresAt)).toBe(true);
      await redis.halt();
      await redis.resume();
      expect(await store.consume('before-restart', expiresAt)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('IN-4: with an append-only file, an id used before a restart is refused after it, and its expiry is kept', async () => {
    const redis = await redisServer({ persistent: true });
    const store = createRedisApprovalStore({ url: redis.url });
    try {
      const expiresAt = inAnHour();
      expect(await store.consume('kept', expiresAt)).toBe(true);
      await redis.halt();
      await expect(store.consume('while-down', expiresAt)).rejects.toThrow(
        `Redis at 127.0.0.1:${redis.port} refused the connection`,
      );
      await redis.resume();
      expect(await store.consume('kept', expiresAt)).toBe(false);
      expect(await store.consume('while-down', expiresAt)).toBe(true);
    } finally {
      await store.close();
    }
  });
});

describe('logging in', () => {
  const PASSWORD = 'p@ss:w/rd%secret';

  it('IN-4: a password in the url (percent-encoded) or in connection fields (as it is) logs in', async () => {
    const redis = await redisServer({ password: PASSWORD });
    const stores = [
      createRedisApprovalStore({ url: `redis://:${encodeURIComponent(PASSWORD)}@127.0.0.1:${redis.port}` }),
      createRedisApprovalStore({ url: `redis://default:${encodeURIComponent(PASSWORD)}@127.0.0.1:${redis.port}/1` }),
      createRedisApprovalStore({ connection: { host: '127.0.0.1', port: redis.port, password: PASSWORD } }),
    ];
    try {
      const expiresAt = inAnHour();
      expect(await stores[0]?.consume('logged-in', expiresAt)).toBe(true);
      expect(await stores[1]?.consume('logged-in', expiresAt)).toBe(true); // database 1
      expect(await stores[2]?.consume('logged-in', expiresAt)).toBe(false);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('IN-4: a missing or wrong password is refused, saying so, and the message never holds the password', async () => {
    const redis = await redisServer({ password: PASSWORD });
    const where = `Redis at 127.0.0.1:${redis.port}`;
    const cases: Array<[string, Parameters<typeof createRedisApprovalStore>[0]]> = [
      [`${where} requires a password: give it in the url or the connection (NOAUTH)`, { url: redis.url }],
      [
        `${where} refused the login: wrong user name or password (WRONGPASS)`,
        { url: `redis://:not-${encodeURIComponent(PASSWORD)}@127.0.0.1:${redis.port}` },
      ],
      [
        `${where} refused the login: wrong user name or password (WRONGPASS)`,
        { connection: { host: '127.0.0.1', port: redis.port, username: 'agent', password: PASSWORD } },
      ],
    ];
    for (const [message, options] of cases) {
      const store = createRedisApprovalStore(options);
      try {
        const said = await rejection(store.consume('refused-login', inAnHour()), 'unreachable');
        expect(said).toBe(message);
      } finally {
        await store.close();
      }
    }
  });
});

describe('a user limited to the key prefix', () => {
  it('IN-4: an ACL user with SET on the prefix only is enough; another prefix, or a database it may not SELECT, is refused and nothing is written', async () => {
    const redis = await redisServer();
    const admin = new Redis(redis.port, '127.0.0.1', { lazyConnect: true });
    await admin.connect();
    try {
      expect(
        await admin.call('ACL', 'SETUSER', 'gates', 'on', '>gates-password', '~toolwright:approval:*', '+set'),
      ).toBe('OK');
      const url = `redis://gates:gates-password@127.0.0.1:${redis.port}`;
      const noPermission = `Redis at 127.0.0.1:${redis.port} refused the command to this user (NOPERM): allow it SET on the key prefix, and SELECT for a database other than 0`;
      const cases: Array<[Parameters<typeof createRedisApprovalStore>[0], boolean | string]> = [
        [{ url }, true],
        [{ url, keyPrefix: 'elsewhere:' }, noPermission],
        [{ url: `${url}/1` }, noPermission],
      ];
      for (const [options, outcome] of cases) {
        const store = createRedisApprovalStore(options);
        try {
          const answer = store.consume('limited', inAnHour());
          if (typeof outcome === 'boolean') expect(await answer).toBe(outcome);
          else expect(await rejection(answer, 'unreachable')).toBe(outcome);
        } finally {
          await store.close();
        }
      }
      // The refused SELECT did not fall back to database 0: the one key there is the first store's.
      expect(await admin.keys('*')).toEqual(['toolwright:approval:limited']);
      await admin.select(1);
      expect(await admin.keys('*')).toEqual([]);
    } finally {
      admin.disconnect();
    }
  });
});
