// The shell conformance kit against SshShell on a real OpenSSH server on this machine. The host is
// local, so the independent view of its processes is this machine's /proc.
import { describeShellConformance } from '@toolwright/shell/conformance';
import { SshShell } from '@toolwright/ssh';
import { afterAll } from 'vitest';
import { killByToken, running } from '@toolwright/test-support/survivors';
import { startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

let server: Promise<SshdFixture> | undefined;
const sshd = (): Promise<SshdFixture> => (server ??= startSshd());
afterAll(async () => {
  await (await server)?.stop();
});

// Twice: in the host's bubblewrap sandbox (the default where the host has one, as this one does),
// and unsandboxed in the remote supervisor's PID namespace.
for (const sandbox of ['required', 'off'] as const) {
  describeShellConformance({
    name: `SshShell (OpenSSH on 127.0.0.1, sandbox ${sandbox})`,
    async createShell() {
      const { host, port, username, privateKey, knownHostsFile } = await sshd();
      return new SshShell({ host, port, username, privateKey, hostKey: { knownHostsFile }, sandbox });
    },
    listProcesses: (token) => Promise.resolve(running(token)),
    killProcesses: (token) => Promise.resolve(killByToken(token)),
  });
}
