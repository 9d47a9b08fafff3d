// A client the host made and owns: the store sends its one command through it, bounds it with its
// own deadline, leaves the client open on close, and takes nothing but OK or nothing as an answer.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createRedisApprovalStore, RedisApprovalStoreError, type RedisCommandClient } from '@toolwright/redis';
import { freePort } from '@toolwright/test-support/free-port';
import { startRedis, type RedisFixture } from '@toolwright/test-support/redis-fixture';
import { TOKEN } from './stored-token.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedDeploy, deployCall, deployGate, refusal } from './fixtures/deploy-gate.mjs';

let redis: RedisFixture;
let host: Redis;
let folder: string;
beforeAll(async () => {
  redis = await startRedis();
  host = new Redis(redis.port, '127.0.0.1', { enableOfflineQueue: false, lazyConnect: true });
  await host.connect();
  folder = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-redis-host-')));
}, 60_000);
afterAll(async () => {
  host?.disconnect();
  await redis?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const inAnHour = () => Date.now() + 3_600_000;

describe("the host's own client (SPEC IN-4)", () => {
  it('IN-4: an ioredis client of the host works as it is, and close() leaves it open', async () => {
    const store = createRedisApprovalStore({ client: host, keyPrefix: 'host:' });
    expect(await store.consume('host-id', inAnHour())).toBe(true);
    expect(await store.consume('host-id', inAnHour())).toBe(false);
    await store.close();
    expect(host.status).toBe('ready');
    expect(await host.get('host:host-id')).toMatch(TOKEN);
    await expect(store.consume('after-close', inAnHour())).rejects.toThrow('the Redis approval store was closed');
  });

  it("IN-4: the host's client waiting for a Redis that is not there is cut off by the store's deadline", async () => {
    const port = await freePort();
    // ioredis's defaults: an offline queue and reconnects, so its commands wait for Redis to come back.
    const waiting = new Redis(port, '127.0.0.1', { lazyConnect: true });
    waiting.on('error', () => {});
    try {
      const store = createRedisApprovalStore({ client: waiting, timeoutMs: 1_000 });
      const error: unknown = await store.consume('no-redis', inAnHour()).catch((reason: unknown) => reason);
      expect(RedisApprovalStoreError.isInstance(error) && [error.failure, error.message]).toEqual([
        'unreachable',
        `Redis at 127.0.0.1:${port} did not answer within 1000 ms`,
      ]);
    } finally {
      waiting.disconnect();
    }
  });

  it("IN-4: the host's client failing at once: its error is said, with the address it connects to", async () => {
    const port = await freePort();
    const failing = new Redis(port, '127.0.0.1', { lazyConnect: true, enableOfflineQueue: false });
    failing.on('error', () => {});
    try {
      const store = createRedisApprovalStore({ client: failing });
      await expect(store.consume('no-redis', inAnHour())).rejects.toThrow(
        `Redis at 127.0.0.1:${port} is not connected`,
      );
    } finally {
      failing.disconnect();
    }
  });

  it('IN-4: any reply but OK or nothing is an error, never a grant: the gate denies, naming the reply', async () => {
    // A host adapter that sends the command inside MULTI/EXEC answers with EXEC's list, not SET's reply.
    const inTransaction: RedisCommandClient = {
      call: async (command, ...args) =>
        host
          .multi()
          .call(command, ...args)
          .exec(),
    };
    const store = createRedisApprovalStore({ client: inTransaction, keyPrefix: 'multi:' });
    const gate = deployGate({ store, cwd: folder, log: join(folder, 'runs.log') });
    const approval = await approvedDeploy(gate, 'prod eu');
    expect((await gate.execute(deployCall('prod eu'), { approval })).content).toBe(
      refusal(
        'prod eu',
        'the approval store could not be reached (Redis answered SET NX with a list of 1 instead of OK or nothing, so the approval was not used), so the approval could not be checked',
      ),
    );
    const quoted = createRedisApprovalStore({ client: { call: async () => 'QUEUED' } });
    await expect(quoted.consume('queued', inAnHour())).rejects.toThrow(
      'Redis answered SET NX with "QUEUED" instead of OK or nothing, so the approval was not used',
    );
  });
});
