// Redis down — stopped, frozen, never there, or a listener that never answers — makes the gate deny
// the call with a reason that says what failed, well within the gate's own store timeout: the
// reason is the store's, not the gate's "no answer within 10 seconds". Nothing runs, nothing hangs.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRedisApprovalStore, type RedisApprovalStore } from '@toolwright/redis';
import { freePort } from '@toolwright/test-support/free-port';
import { startRedis, startSilentListener, type RedisFixture } from '@toolwright/test-support/redis-fixture';
import { startTcpServer } from '@toolwright/test-support/tcp-server';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedDeploy, deployCall, deployGate, refusal } from './fixtures/deploy-gate.mjs';

const unreachable = (problem: string) =>
  refusal('prod eu', `the approval store could not be reached (${problem}), so the approval could not be checked`);

let folder: string;
let log: string;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(() => {
  folder = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-redis-down-')));
  log = join(folder, 'runs.log');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A gate on a store for `url` (gate defaults: a 10-second store timeout), and the runs it made. */
function gateOn(options: Parameters<typeof createRedisApprovalStore>[0]) {
  writeFileSync(log, '');
  const store: RedisApprovalStore = createRedisApprovalStore(options);
  cleanups.push(() => store.close());
  const gate = deployGate({ store, cwd: folder, log });
  return { gate, runs: () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length };
}

/** Sets the server's maxmemory (with the default noeviction policy, writes past it fail with OOM). */
async function setMaxMemory(port: number, bytes: string): Promise<void> {
  const admin = new Redis(port, '127.0.0.1', { lazyConnect: true });
  await admin.connect();
  try {
    expect(await admin.config('SET', 'maxmemory', bytes)).toBe('OK');
  } finally {
    admin.disconnect();
  }
}

async function redisServer(): Promise<RedisFixture> {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  return redis;
}

describe('Redis down: the gate denies, saying what failed (SPEC IN-4)', () => {
  it('IN-4: nothing listens on the port: denied at once, "refused the connection", each time', async () => {
    const port = await freePort();
    const { gate, runs } = gateOn({ url: `redis://127.0.0.1:${port}` });
    for (let attempt = 0; attempt < 3; attempt++) {
      const approval = await approvedDeploy(gate, 'prod eu');
      const result = await gate.execute(deployCall('prod eu'), { approval });
      expect(result).toMatchObject({
        isError: true,
        content: unreachable(`Redis at 127.0.0.1:${port} refused the connection`),
        metadata: { policyDenied: true },
      });
    }
    expect(runs()).toBe(0);
  });

  it('IN-4: a listener that accepts and never answers: denied within the store timeout, saying it did not answer', async () => {
    const listener = await startSilentListener();
    cleanups.push(() => listener.stop());
    for (const timeoutMs of [2_000, 4_000]) {
      const { gate, runs } = gateOn({ url: `redis://127.0.0.1:${listener.port}`, timeoutMs });
      const approval = await approvedDeploy(gate, 'prod eu');
      expect((await gate.execute(deployCall('prod eu'), { approval })).content).toBe(
        unreachable(
          `Redis at 127.0.0.1:${listener.port} accepted the connection but gave no Redis answer within ${timeoutMs} ms`,
        ),
      );
      expect(runs()).toBe(0);
    }
    expect(listener.accepted()).toBe(2);
  });

  it('IN-4: the server stopped after it worked: denied, "refused the connection"; back up, the next approval runs', async () => {
    const redis = await redisServer();
    const { gate, runs } = gateOn({ url: redis.url });
    expect(
      (await gate.execute(deployCall('prod eu'), { approval: await approvedDeploy(gate, 'prod eu') })).content,
    ).toBe('deployed prod eu');
    await redis.halt();
    const whileDown = await approvedDeploy(gate, 'prod eu');
    expect((await gate.execute(deployCall('prod eu'), { approval: whileDown })).content).toBe(
      unreachable(`Redis at 127.0.0.1:${redis.port} refused the connection`),
    );
    expect(runs()).toBe(1);
    await redis.resume();
    expect((await gate.execute(deployCall('prod eu'), { approval: whileDown })).content).toBe('deployed prod eu');
    expect(runs()).toBe(2);
  });

  it('IN-4: a frozen server (SIGSTOP) on a ready connection: denied, "did not answer"; thawed, the next approval runs', async () => {
    const redis = await redisServer();
    const { gate, runs } = gateOn({ url: redis.url, timeoutMs: 5_000 });
    expect(
      (await gate.execute(deployCall('prod eu'), { approval: await approvedDeploy(gate, 'prod eu') })).content,
    ).toBe('deployed prod eu');
    process.kill(redis.pid, 'SIGSTOP');
    try {
      const frozen = await approvedDeploy(gate, 'prod eu');
      expect((await gate.execute(deployCall('prod eu'), { approval: frozen })).content).toBe(
        unreachable(`Redis at 127.0.0.1:${redis.port} did not answer within 5000 ms`),
      );
      expect(runs()).toBe(1);
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
    const thawed = await approvedDeploy(gate, 'prod eu');
    expect((await gate.execute(deployCall('prod eu'), { approval: thawed })).content).toBe('deployed prod eu');
    expect(runs()).toBe(2);
  });

  it('IN-4: a server that is not Redis (an SSH banner, an HTTP answer): denied, saying it is not Redis, nothing runs', async () => {
    const ssh = await startTcpServer((socket) => socket.write('SSH-2.0-OpenSSH_9.2\r\n'));
    const http = await startTcpServer((socket) =>
      socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')),
    );
    cleanups.push(
      () => ssh.stop(),
      () => http.stop(),
    );
    const contents: string[] = [];
    for (const port of [ssh.port, http.port]) {
      const { gate, runs } = gateOn({ url: `redis://127.0.0.1:${port}` });
      const approval = await approvedDeploy(gate, 'prod eu');
      contents.push((await gate.execute(deployCall('prod eu'), { approval })).content);
      expect(runs()).toBe(0);
    }
    expect(contents).toEqual([
      // Nothing it says is an answer to the client's first command: it is as silent as a hung server.
      unreachable(`Redis at 127.0.0.1:${ssh.port} accepted the connection but gave no Redis answer within 2000 ms`),
      unreachable(
        `Redis at 127.0.0.1:${http.port} answered, but not as Redis does: is another server listening there?`,
      ),
    ]);
  });

  it('IN-4: Redis refusing the write (out of memory): denied with its reply; many calls at once, each denied', async () => {
    const redis = await redisServer();
    const { gate, runs } = gateOn({ url: redis.url });
    const approvals = await Promise.all(Array.from({ length: 5 }, () => approvedDeploy(gate, 'prod eu')));
    await setMaxMemory(redis.port, '1');
    const contents = await Promise.all(
      approvals.map(
        async (approval, index) => (await gate.execute(deployCall('prod eu', `call_${index}`), { approval })).content,
      ),
    );
    const outOfMemory = unreachable(
      `Redis at 127.0.0.1:${redis.port} failed the command: OOM command not allowed when used memory > 'maxmemory'.`,
    );
    expect(contents).toEqual(approvals.map(() => outOfMemory));
    expect(runs()).toBe(0);
    // Room again: a new approval runs.
    await setMaxMemory(redis.port, '0');
    expect(
      (await gate.execute(deployCall('prod eu'), { approval: await approvedDeploy(gate, 'prod eu') })).content,
    ).toBe('deployed prod eu');
  });

  it('IN-4: a host name that does not resolve: denied, saying so', async () => {
    const { gate, runs } = gateOn({ url: 'redis://redis.invalid:6379' });
    const approval = await approvedDeploy(gate, 'prod eu');
    // NXDOMAIN where a resolver answers; a machine without one says the lookup did not finish.
    expect([
      unreachable('Redis at redis.invalid:6379 could not be found: its host name does not resolve (ENOTFOUND)'),
      unreachable('Redis at redis.invalid:6379 could not be found: its host name did not resolve (EAI_AGAIN)'),
    ]).toContain((await gate.execute(deployCall('prod eu'), { approval })).content);
    expect(runs()).toBe(0);
  });
});
