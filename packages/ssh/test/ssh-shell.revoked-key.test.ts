// RS-2: a host whose key the known_hosts file lists as @revoked is refused — whatever other line
// lists it, hashed or by a pattern — before anything runs, with a reason that says so; a pool
// takes such a host out of rotation at once.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SshConnectionError, SshShell, SshShellPool } from '@toolwright/ssh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

let sshd: SshdFixture;
let folder: string;
let hostKey: string;
beforeAll(async () => {
  sshd = await startSshd();
  folder = mkdtempSync(join(tmpdir(), 'toolwright-revoked-'));
  hostKey = readFileSync(join(sshd.folder, 'host_ed25519.pub'), 'utf8').trim().split(' ').slice(0, 2).join(' ');
});
afterAll(async () => {
  await sshd?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const options = { timeoutMs: 60_000, maxCaptureBytes: 10_000 };

/** A known_hosts file of these lines (`KEY` stands for the server's key); hashed by ssh-keygen -H when asked. */
function knownHosts(name: string, lines: readonly string[], hash = false): string {
  const path = join(folder, name);
  writeFileSync(path, `${lines.map((line) => line.replace('KEY', hostKey)).join('\n')}\n`);
  if (hash) execFileSync('ssh-keygen', ['-H', '-f', path], { stdio: 'ignore' });
  return path;
}

describe('SshShell and an @revoked host key', () => {
  it('RS-2: the revoked key is refused however another line lists it, and nothing runs on the host', async () => {
    const files: ReadonlyArray<[file: string, revokedLine: number]> = [
      [knownHosts('plain', [`[127.0.0.1]:${sshd.port} KEY`, '@revoked * KEY']), 2],
      [knownHosts('pattern', ['@revoked other.invalid KEY', '127.0.0.*,[127.0.0.1]:* KEY']), 1],
      [knownHosts('hashed', [`[127.0.0.1]:${sshd.port} KEY`, '@revoked * KEY'], true), 2],
    ];
    for (const [index, [file, revokedLine]] of files.entries()) {
      const marker = join(folder, `ran-${index}`);
      const shell = new SshShell({
        host: sshd.host,
        port: sshd.port,
        username: sshd.username,
        privateKey: sshd.privateKey,
        hostKey: { knownHostsFile: file },
      });
      try {
        const error: unknown = await shell
          .execute(`touch '${marker}'`, options)
          .catch((rejection: unknown) => rejection);
        expect(SshConnectionError.isInstance(error) && [error.failure, error.message], file).toEqual([
          'host-key',
          `The host key of 127.0.0.1:${sshd.port} is revoked: ${sshd.fingerprint} is on an @revoked line of ${file} (line ${revokedLine}), and a revoked key is never accepted, whatever other line lists it. Nothing was run on it.`,
        ]);
        expect(existsSync(marker)).toBe(false);
      } finally {
        await shell.dispose();
      }
    }
  });

  it('RS-3: a pool takes a host with a revoked key out of rotation at once, naming the reason', async () => {
    const file = knownHosts('pool', [`[127.0.0.1]:${sshd.port} KEY`, '@revoked * KEY']);
    const pool = new SshShellPool({
      hosts: [
        {
          host: sshd.host,
          port: sshd.port,
          username: sshd.username,
          privateKey: sshd.privateKey,
          hostKey: { knownHostsFile: file },
        },
      ],
      healthCheckIntervalMs: 600_000,
    });
    try {
      const reason = `The host key of 127.0.0.1:${sshd.port} is revoked: ${sshd.fingerprint} is on an @revoked line of ${file} (line 2), and a revoked key is never accepted, whatever other line lists it. Nothing was run on it.`;
      await expect(pool.execute('true', options)).rejects.toThrow(
        `No host of the pool is in rotation; nothing was run. 127.0.0.1:${sshd.port} (${reason})`,
      );
      expect(pool.status()).toEqual([
        {
          address: `127.0.0.1:${sshd.port}`,
          active: 0,
          mostActive: 1,
          completed: 0,
          inRotation: false,
          outBecause: reason,
        },
      ]);
    } finally {
      await pool.dispose();
    }
  });
});
