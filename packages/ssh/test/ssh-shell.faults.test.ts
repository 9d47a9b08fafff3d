// Faults between SshShell and a real OpenSSH server: a cut connection, a wrong host key, a refusing host.
import { SshConnectionError, SshShell, type SshShellOptions } from '@toolwright/ssh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killByToken, newToken, survivors, waitFor } from '@toolwright/test-support/survivors';
import { freePort, startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

let sshd: SshdFixture;
let other: SshdFixture;
beforeAll(async () => {
  [sshd, other] = await Promise.all([startSshd(), startSshd()]);
});
afterAll(async () => {
  await Promise.all([sshd?.stop(), other?.stop()]);
});

const options = { timeoutMs: 120_000, maxCaptureBytes: 1_000_000 };
const reach = (server: SshdFixture, hostKey: SshShellOptions['hostKey']): SshShellOptions => ({
  host: server.host,
  port: server.port,
  username: server.username,
  privateKey: server.privateKey,
  hostKey,
});

describe('SshShell faults', () => {
  it('RS-2: a connection cut mid-command kills the remote tree and returns an error result; the next command reconnects', async () => {
    const shell = new SshShell(reach(sshd, { knownHostsFile: sshd.knownHostsFile }));
    const token = newToken();
    try {
      const pending = shell.execute(`setsid sleep 1000.${token} & sleep 1000.${token}`, options);
      const sleeps = (lines: readonly string[]): number => lines.filter((line) => line.startsWith('sleep ')).length;
      expect(await waitFor(token, (lines) => sleeps(lines) === 2)).toBe(true);
      for (const pid of sshd.connectionProcesses()) process.kill(pid, 'SIGKILL');
      const result = await pending;
      expect(result).toMatchObject({ exitCode: null, signal: 'SIGHUP', timedOut: false, aborted: false });
      expect(result.stderr).toBe(
        `[the connection to 127.0.0.1:${sshd.port} was lost; the command's processes on the host were killed]\n`,
      );
      expect(await survivors(token, 20_000)).toEqual([]);
      const again = await shell.execute('echo again', options);
      expect(again).toMatchObject({ exitCode: 0, stdout: 'again\n' });
    } finally {
      killByToken(token);
      await shell.dispose();
    }
  });

  it('RS-2: a host that offers another key than the known_hosts file lists is refused, naming both fingerprints', async () => {
    const shell = new SshShell(reach(sshd, { knownHostsFile: other.knownHostsFile }));
    // The other server's known_hosts names [127.0.0.1]:<its port>: none for this port.
    await expect(shell.execute('echo never', options)).rejects.toThrow(
      `The host key of 127.0.0.1:${sshd.port} is not trusted: no key is listed in ${other.knownHostsFile} (as [127.0.0.1]:${sshd.port}), but the host offered ${sshd.fingerprint}. Nothing was run on it.`,
    );
    const pinned = new SshShell(reach(sshd, { fingerprint: other.fingerprint }));
    const error: unknown = await pinned.execute('echo never', options).catch((caught: unknown) => caught);
    expect(SshConnectionError.isInstance(error) && error.failure).toBe('host-key');
    expect((error as Error).message).toBe(
      `The host key of 127.0.0.1:${sshd.port} is not trusted: expected ${other.fingerprint} from the pinned fingerprint, but the host offered ${sshd.fingerprint}. Nothing was run on it.`,
    );
  });

  it('RS-2: a port nobody listens on is a connection error that says so; nothing ran', async () => {
    const port = await freePort();
    const shell = new SshShell({ ...reach(sshd, { fingerprint: sshd.fingerprint }), port });
    const error: unknown = await shell.execute('echo never', options).catch((caught: unknown) => caught);
    expect(SshConnectionError.isInstance(error) && error.failure).toBe('refused');
    expect((error as Error).message).toBe(
      `Could not connect to 127.0.0.1:${port} as ${sshd.username}: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
});
