// RS-4: `toolwright call builtin Bash … --shell ssh://user@host:port --ssh-key … --known-hosts …`.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolwright } from '@toolwright/test-support/run-toolwright';
import { startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

let sshd: SshdFixture;
let other: SshdFixture;
beforeAll(async () => {
  [sshd, other] = await Promise.all([startSshd(), startSshd()]);
});
afterAll(async () => {
  await Promise.all([sshd?.stop(), other?.stop()]);
});

const url = (): string => `ssh://${sshd.username}@127.0.0.1:${sshd.port}`;

describe('toolwright --shell ssh://', () => {
  it('RS-4: call builtin Bash runs the command on the host the URL names, in the URL path', () => {
    const run = toolwright([
      'call',
      'builtin',
      'Bash',
      '{"command":"echo $SSH_CONNECTION | cut -d\\" \\" -f4; pwd"}',
      '--allow-bash',
      '--shell',
      `${url()}/tmp`,
      '--ssh-key',
      sshd.privateKeyFile,
      '--known-hosts',
      sshd.knownHostsFile,
    ]);
    // SB-4/SB-7: the remote host's commands run in its sandbox, and the CLI says so before one runs.
    expect(run).toMatchObject({
      status: 0,
      stdout: `${sshd.port}\n/tmp\n`,
      stderr:
        'toolwright call: sandbox: bubblewrap on the remote host where it has one, else none (each result says which; --sandbox required refuses a host without)\n',
    });
  });

  const remoteBash = (command: string, ...flags: string[]) =>
    toolwright([
      'call',
      'builtin',
      'Bash',
      JSON.stringify({ command }),
      '--allow-bash',
      '--shell',
      `${url()}/var/tmp`,
      '--ssh-key',
      sshd.privateKeyFile,
      '--known-hosts',
      sshd.knownHostsFile,
      ...flags,
    ]);

  it("SB-7: --sandbox required confines the host's commands: a write outside the working directory is refused and named", () => {
    const run = remoteBash('echo x > /etc/toolwright-cli-remote; echo ran', '--sandbox', 'required');
    expect(existsSync('/etc/toolwright-cli-remote')).toBe(false);
    expect(run).toMatchObject({
      status: 0,
      stdout:
        'ran\nbash: line 1: /etc/toolwright-cli-remote: Read-only file system\n[sandbox: /etc/toolwright-cli-remote is read-only; writable: /var/tmp, /tmp]\n',
      stderr: 'toolwright call: sandbox: bubblewrap on the remote host (required: a host without one runs nothing)\n',
    });
  });

  it('SB-7: --sandbox off runs them unconfined and says so; the flags that widen this machine’s sandbox are a usage error', () => {
    expect(remoteBash('echo ran', '--sandbox', 'off')).toMatchObject({
      status: 0,
      stdout: 'ran\n',
      stderr: 'toolwright call: sandbox: none (--sandbox off: the commands run on the remote host unconfined)\n',
    });
    expect(remoteBash('echo never', '--allow-write-path', '/var/tmp')).toMatchObject({
      status: 2,
      stdout: '',
      stderr:
        "toolwright call: --allow-net and --allow-write-path widen this machine's sandbox; the commands of --shell run in the remote host's, which writes their working directory and a private /tmp and reaches no network\n",
    });
  });

  it('RS-4: --shell ssh:// without --known-hosts is a usage error: host keys are always verified', () => {
    const run = toolwright([
      'call',
      'builtin',
      'Bash',
      '{"command":"true"}',
      '--allow-bash',
      '--shell',
      url(),
      '--ssh-key',
      sshd.privateKeyFile,
    ]);
    expect(run).toMatchObject({
      status: 2,
      stdout: '',
      stderr: "toolwright call: --shell ssh:// needs --known-hosts <file>: the host's key is always verified\n",
    });
  });

  it('RS-4: a host whose key the known_hosts file does not list is refused, and nothing runs', () => {
    const run = toolwright([
      'call',
      'builtin',
      'Bash',
      '{"command":"echo never"}',
      '--allow-bash',
      '--shell',
      url(),
      '--ssh-key',
      sshd.privateKeyFile,
      '--known-hosts',
      other.knownHostsFile,
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      `The host key of 127.0.0.1:${sshd.port} is not trusted: no key is listed in ${other.knownHostsFile} (as [127.0.0.1]:${sshd.port}), but the host offered ${sshd.fingerprint}. Nothing was run on it.`,
    );
  });

  it('RS-4/BT-2: on an SSH host too, BashOutput and KillShell are refused without --allow-bash as Bash is', () => {
    const calls: ReadonlyArray<[name: string, input: string]> = [
      ['Bash', '{"command":"echo never"}'],
      ['BashOutput', '{"bash_id":"bash_1"}'],
      ['KillShell', '{"shell_id":"bash_1"}'],
    ];
    for (const [name, input] of calls) {
      const flags = ['--shell', url(), '--ssh-key', sshd.privateKeyFile, '--known-hosts', sshd.knownHostsFile];
      expect(toolwright(['call', 'builtin', name, input, ...flags]), name).toEqual({
        status: 1,
        stdout: `tool requires allowBash=true: ${name}; pass --allow-bash to let BASH tools run\n`,
        stderr: '',
      });
    }
  });

  it('RS-4: --shell takes ssh:// URLs only', () => {
    const run = toolwright(['call', 'builtin', 'Bash', '{"command":"true"}', '--shell', 'docker://box']);
    expect(run).toMatchObject({
      status: 2,
      stderr: 'toolwright call: --shell takes ssh://user@host[:port][/dir], not docker://box\n',
    });
  });
});
