// SH-3/RS-2: in the remote PID namespace a command sees the host's file system as an uncontained
// command would: its mounts follow the host's (a mount the host makes while the command runs is
// seen), and a mount the command makes stays in its namespace. The test sshd runs in a mount
// namespace of its own with shared mounts, so nothing here touches this machine's mounts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SshShell } from '@toolwright/ssh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

let sshd: SshdFixture;
let folder: string;
beforeAll(async () => {
  sshd = await startSshd({ ownMountNamespace: true });
  folder = mkdtempSync(join(tmpdir(), 'toolwright-remote-mounts-'));
});
afterAll(async () => {
  await sshd?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Runs a command in the host's (the test sshd's) mount namespace. */
const onHost = (command: string): string =>
  execFileSync('nsenter', [`--mount=/proc/${sshd.pid}/ns/mnt`, 'bash', '-c', command], { encoding: 'utf8' });

describe('SshShell: the remote PID namespace and the host’s mounts', () => {
  it('SH-3/RS-2: a mount the host makes while the command runs is seen by it; the command’s own mount stays in its namespace', async () => {
    const shell = new SshShell({
      host: sshd.host,
      port: sshd.port,
      username: sshd.username,
      privateKey: sshd.privateKey,
      hostKey: { knownHostsFile: sshd.knownHostsFile },
      // The unsandboxed PID namespace: in the sandbox no command may mount (see the sandbox suite).
      sandbox: 'off',
    });
    try {
      expect(await shell.containment()).toBe('pid-namespace');
      onHost(`mkdir -p '${folder}/by-host' '${folder}/by-command'`);
      const command = [
        'touch started',
        'until [ -e by-host/seen ]; do sleep 0.05; done',
        'echo "seen $(cat by-host/seen)"',
        'mount -t tmpfs by-command by-command && touch by-command/mine && echo mounted',
      ].join('\n');
      const result = shell.execute(command, { timeoutMs: 30_000, maxCaptureBytes: 4_096, cwd: folder });
      const deadline = Date.now() + 60_000;
      while (!existsSync(join(folder, 'started')) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      onHost(`mount -t tmpfs by-host '${folder}/by-host' && echo 'by the host' > '${folder}/by-host/seen'`);
      expect(await result).toMatchObject({
        exitCode: 0,
        stdout: 'seen by the host\nmounted\n',
        stderr: '',
        timedOut: false,
        containment: 'pid-namespace',
      });
      expect(onHost(`test -e '${folder}/by-command/mine' && echo seen || echo unseen`)).toBe('unseen\n');
    } finally {
      await shell.dispose();
      onHost(`umount '${folder}/by-host' 2>/dev/null; true`);
    }
  }, 120_000);
});
