// RS-3: the pool routes around hosts that fail, brings them back after a health check, and keeps
// background commands on the host that started them.
import { SshShellPool, type SshShellOptions } from '@toolwright/ssh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

let sshd: SshdFixture;
let spare: SshdFixture;
beforeAll(async () => {
  [sshd, spare] = await Promise.all([startSshd(), startSshd()]);
});
afterAll(async () => {
  await Promise.all([sshd?.stop(), spare?.stop()]);
});

const options = { timeoutMs: 60_000, maxCaptureBytes: 10_000 };
const reach = (server: SshdFixture, port = server.port): SshShellOptions => ({
  host: server.host,
  port,
  username: server.username,
  privateKey: server.privateKey,
  hostKey: { fingerprint: server.fingerprint },
});
const whichPort = "echo $SSH_CONNECTION | cut -d' ' -f4";

describe('SshShellPool', () => {
  it('RS-3: a host that refuses connections leaves the rotation and every command runs on the others', async () => {
    const closed = await freePort();
    const pool = new SshShellPool({ hosts: [reach(sshd, closed), reach(sshd)], healthCheckIntervalMs: 600_000 });
    try {
      const results = await Promise.all(Array.from({ length: 6 }, () => pool.execute(whichPort, options)));
      expect(results.map((result) => result.stdout)).toEqual(Array(6).fill(`${sshd.port}\n`));
      const [refusing, working] = pool.status();
      expect(refusing).toEqual({
        address: `127.0.0.1:${closed}`,
        active: 0,
        mostActive: 3,
        completed: 0,
        inRotation: false,
        outBecause: `Could not connect to 127.0.0.1:${closed} as ${sshd.username}: connect ECONNREFUSED 127.0.0.1:${closed}`,
      });
      expect(working).toMatchObject({ completed: 6, inRotation: true });
    } finally {
      await pool.dispose();
    }
  });

  it('RS-3: a host whose login fails leaves the rotation; with no host left, a command is refused and nothing runs', async () => {
    const pool = new SshShellPool({ hosts: [{ ...reach(sshd), privateKey: spare.privateKey }] });
    try {
      await expect(pool.execute('echo never', options)).rejects.toThrow(
        `No host of the pool is in rotation; nothing was run. 127.0.0.1:${sshd.port} (Could not connect to 127.0.0.1:${sshd.port} as ${sshd.username}: All configured authentication methods failed)`,
      );
    } finally {
      await pool.dispose();
    }
  });

  it('RS-3: a host out of rotation comes back once its health check passes', async () => {
    const server = await startSshd();
    const pool = new SshShellPool({ hosts: [reach(server), reach(spare)], healthCheckIntervalMs: 200 });
    try {
      await server.halt();
      const first = await Promise.all(Array.from({ length: 3 }, () => pool.execute(whichPort, options)));
      expect(first.map((result) => result.stdout)).toEqual(Array(3).fill(`${spare.port}\n`));
      expect(pool.status()[0]?.inRotation).toBe(false);
      await server.resume();
      await expect.poll(() => pool.status()[0]?.inRotation, { timeout: 60_000, interval: 50 }).toBe(true);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => pool.execute(`${whichPort}; sleep 0.2`, options)),
      );
      const ports = results.map((result) => result.stdout);
      expect(ports.filter((port) => port === `${server.port}\n`)).toHaveLength(4);
      expect(ports.filter((port) => port === `${spare.port}\n`)).toHaveLength(4);
    } finally {
      await pool.dispose();
      await server.stop();
    }
  });

  it('RS-3: a background command stays on the host that started it, for reads and kill', async () => {
    const pool = new SshShellPool({ hosts: [reach(sshd), reach(spare)] });
    try {
      const first = await pool.startBackground(`${whichPort}; sleep 600`, { maxBufferBytes: 1_000 });
      const second = await pool.startBackground(`${whichPort}; sleep 600`, { maxBufferBytes: 1_000 });
      expect([pool.hostOf(first), pool.hostOf(second)].sort()).toEqual(
        [`127.0.0.1:${sshd.port}`, `127.0.0.1:${spare.port}`].sort(),
      );
      for (const background of [first, second]) {
        let output = '';
        await expect.poll(() => (output += background.read().output), { timeout: 60_000 }).not.toBe('');
        expect(`127.0.0.1:${output.trim()}`).toBe(pool.hostOf(background));
        await background.kill();
        expect(background.read()).toMatchObject({ status: 'killed', exitCode: null });
      }
    } finally {
      await pool.dispose();
    }
  });
});
