import { SshShell } from '@toolwright/ssh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killByToken, newToken, survivors, waitFor } from '@toolwright/test-support/survivors';
import { startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

let sshd: SshdFixture;
let shell: SshShell;
beforeAll(async () => {
  sshd = await startSshd();
  shell = new SshShell(sshd.login);
});
afterAll(async () => {
  await shell?.dispose();
  await sshd?.stop();
});

const options = { timeoutMs: 30_000, maxCaptureBytes: 1_000_000 };

describe('SshShell', () => {
  it('RS-2: runs a command with bash and returns its output and exit code as values', async () => {
    const result = await shell.execute('echo out; echo err >&2; exit 3', options);
    expect(result).toMatchObject({
      exitCode: 3,
      signal: null,
      stdout: 'out\n',
      stderr: 'err\n',
      timedOut: false,
      aborted: false,
    });
  });

  it("SB-4/SB-7: an unknown sandbox value, an option the host's sandbox cannot apply or an unknown option is an error, never ignored", () => {
    const base = sshd.login;
    expect(() => new SshShell({ ...base, sandbox: 'strict' as never })).toThrow(
      `sandbox must be 'auto', 'required', 'off' or a policy object, not "strict"`,
    );
    expect(() => new SshShell({ ...base, sandbox: { writeable: ['/work'] } as never })).toThrow(
      'sandbox has no option "writeable"; its options are writable, readOnly, readDenied, network, allowUnixSockets, required',
    );
    expect(() => new SshShell({ ...base, sandbox: { network: { allowedDomains: ['example.com'] } } })).toThrow(
      "SshShell's sandbox has no network: sandbox.network must be 'none' (the filtering proxy for allowed domains runs on this machine and is not bridged to SSH hosts)",
    );
    expect(() => new SshShell({ ...base, sandbox: { readDenied: ['/work/**/*.key'] } })).toThrow(
      `SshShell's sandbox resolves sandbox.readDenied paths on the host as they are written: name each path, not the glob "/work/**/*.key"`,
    );
    expect(() => new SshShell({ ...base, sandbx: 'required' } as never)).toThrow(
      'SshShell has no option "sandbx"; its options are host, port, username, privateKey, passphrase, agent, hostKey, killGraceMs, containment, connectTimeoutMs, keepaliveIntervalMs, remoteDeadlineMarginMs, sandbox',
    );
  });

  it('RS-2: a timeout kills the whole remote tree', async () => {
    const token = newToken();
    const started = performance.now();
    const result = await shell.execute(`sleep 1000.${token} & setsid sleep 1000.${token} & sleep 1000.${token}`, {
      ...options,
      timeoutMs: 1_000,
    });
    expect(result.timedOut).toBe(true);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await survivors(token)).toEqual([]);
  });
});

describe('SshShell dispose', () => {
  it('RS-2: dispose ends a running command and every background command, leaving nothing on the host', async () => {
    const own = new SshShell({
      host: sshd.host,
      port: sshd.port,
      username: sshd.username,
      privateKey: sshd.privateKey,
      hostKey: { fingerprint: sshd.fingerprint },
    });
    const token = newToken();
    try {
      const background = await own.startBackground(`setsid sleep 1000.${token} & sleep 1000.${token}`, {
        maxBufferBytes: 1_000,
      });
      const foreground = own.execute(`sleep 1000.${token}`, options);
      expect(await waitFor(token, (lines) => lines.filter((line) => line.startsWith('sleep ')).length === 3)).toBe(
        true,
      );
      await own.dispose();
      expect(background.status).toBe('killed');
      expect((await foreground).timedOut).toBe(false);
      expect(await survivors(token)).toEqual([]);
    } finally {
      killByToken(token);
    }
  });
});
