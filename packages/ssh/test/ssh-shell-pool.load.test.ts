// RS-3: 200 commands over a pool of 3 real OpenSSH servers with a per-host limit of 4.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SshShellPool } from '@toolwright/ssh';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { killByToken, newToken, survivors } from '@toolwright/test-support/survivors';
import { startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

let servers: SshdFixture[] = [];
let journal: string;
beforeAll(async () => {
  servers = await Promise.all([startSshd(), startSshd(), startSshd()]);
  // Outside /tmp: the hosts' sandboxes give each shell a private /tmp; the journal is their one writable path.
  journal = mkdtempSync(join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), 'toolwright-pool-'));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(journal, { recursive: true, force: true });
});

/** The most `+` lines not yet matched by `-` lines, replaying one host's journal in append order. */
function mostAtOnce(lines: readonly string[]): number {
  let now = 0;
  let most = 0;
  for (const line of lines) {
    now += line.startsWith('+') ? 1 : -1;
    most = Math.max(most, now);
  }
  return most;
}

it('RS-3: 200 commands over 3 hosts with a limit of 4 each: every result right, never more than 4 at once per host, nothing left running', async () => {
  const pool = new SshShellPool({
    hosts: servers.map((server) => ({
      ...server.login,
      hostKey: { fingerprint: server.fingerprint },
      sandbox: { writable: [journal] },
    })),
    maxConcurrentPerHost: 4,
  });
  const token = newToken();
  try {
    // Each command journals its start and end in a file named after the server port it runs on
    // (sshd's SSH_CONNECTION), leaves a sleep behind (killed at its end), and prints a value of its own.
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        pool.execute(
          `f=${journal}/$(echo $SSH_CONNECTION | cut -d' ' -f4); echo "+${index}" >> "$f"; sleep 1000.${token} & sleep 0.05; echo $((${index} * 7)); echo "-${index}" >> "$f"; exit $((${index} % 5))`,
          { timeoutMs: 300_000, maxCaptureBytes: 10_000 },
        ),
      ),
    );
    results.forEach((result, index) => {
      expect(result).toMatchObject({ exitCode: index % 5, stdout: `${index * 7}\n`, stderr: '', timedOut: false });
    });
    const status = pool.status();
    expect(status.map((host) => host.mostActive)).toEqual([4, 4, 4]);
    expect(status.reduce((sum, host) => sum + host.completed, 0)).toBe(200);
    expect(status.map((host) => host.active)).toEqual([0, 0, 0]);
    const files = readdirSync(journal).sort();
    expect(files).toEqual(servers.map((server) => String(server.port)).sort());
    let lines = 0;
    for (const file of files) {
      const journalLines = readFileSync(join(journal, file), 'utf8').trim().split('\n');
      lines += journalLines.length;
      expect(mostAtOnce(journalLines)).toBeLessThanOrEqual(4);
    }
    expect(lines).toBe(400);
    expect(await survivors(token, 30_000)).toEqual([]);
  } finally {
    killByToken(token);
    await pool.dispose();
  }
}, 600_000);
