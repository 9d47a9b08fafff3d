// SB-7: SshShell's commands in the host's bubblewrap sandbox, tried as an attacker would, on a real
// OpenSSH server on this machine (so the host's files and processes are checked here afterwards,
// never by the command's own word). The sshd gives the session a planted home folder (SetEnv), so
// the home folder's secrets are the suite's own. The same case tables as LocalShell's suite.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  existsSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShellStartError, type ExecutionOptions } from '@toolwright/shell';
import { SshShell } from '@toolwright/ssh';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFloodRefused,
  expectSandboxedBackground,
  expectWriteRefused,
  makeSandboxWorkspace,
  outsideWrites,
  ROOT_ESCAPES,
  expectNoRootEscapeTrace,
  SECRET_READS,
  startHostListeners,
  unixConnectCommand,
  type HostListeners,
} from '@toolwright/test-support/sandbox-cases';
import { startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';
import { killByToken, newToken, survivors } from '@toolwright/test-support/survivors';

// Made as the file is collected: the case tables name its paths.
const planted = makeSandboxWorkspace();
const { root, work, outside, home } = planted;

let sshd: SshdFixture;
let shell: SshShell;
const tokens: string[] = [];
const token = (): string => {
  const value = newToken();
  tokens.push(value);
  return value;
};
afterEach(() => {
  for (const value of tokens.splice(0)) killByToken(value);
});

beforeAll(async () => {
  sshd = await startSshd({ config: [`SetEnv HOME=${home}`] });
  // Required, never 'auto': on a host without bubblewrap the attacks below must be refused, not run.
  shell = new SshShell({ ...sshd.login, sandbox: 'required' });
});

afterAll(async () => {
  await shell?.dispose();
  await sshd?.stop();
  rmSync(root, { recursive: true, force: true });
});

const options = (extra: Partial<ExecutionOptions> = {}): ExecutionOptions => ({
  timeoutMs: 60_000,
  maxCaptureBytes: 65_536,
  cwd: work,
  ...extra,
});
const inWork = (command: string, extra: Partial<ExecutionOptions> = {}) => shell.execute(command, options(extra));

describe('SshShell in the host’s bubblewrap sandbox: writes (SB-7, SB-1)', () => {
  it('SB-7: the host has bubblewrap, so the shell, every result and background commands say so', async () => {
    expect(await shell.sandbox()).toBe('bubblewrap');
    const result = await inWork('echo made > made.txt && cat made.txt');
    expect(result).toMatchObject({
      exitCode: 0,
      stdout: 'made\n',
      stderr: '',
      sandbox: 'bubblewrap',
      containment: 'pid-namespace',
    });
    expect(readFileSync(join(work, 'made.txt'), 'utf8')).toBe('made\n');
  });

  for (const write of outsideWrites(planted)) {
    it(`SB-7: a write to ${write[0]} is refused and the host file is untouched`, () =>
      expectWriteRefused(inWork, write, token()));
  }

  it('SB-7: /etc and $HOME say "Read-only file system" to the command, and the model is told the rule', async () => {
    const result = await inWork('echo x > /etc/passwd-copy; echo y >> "$HOME/.bashrc"');
    expect(result.stderr).toBe(
      `bash: line 1: /etc/passwd-copy: Read-only file system\nbash: line 1: ${home}/.bashrc: Read-only file system\n`,
    );
    expect(result.sandboxRefusals).toEqual([
      `/etc/passwd-copy is read-only; writable: ${work}, /tmp`,
      `${home}/.bashrc is read-only; writable: ${work}, /tmp`,
    ]);
  });

  it('SB-7: a hard link to a file outside cannot be made', async () => {
    const result = await inWork(`ln ${join(outside, 'file')} hard && echo linked >> hard`);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('Invalid cross-device link');
    expect(readFileSync(join(outside, 'file'), 'utf8')).toBe('outside\n');
  });

  it('SB-7: /tmp is private to the shell: seen by its next command, never by the host or another shell; dispose removes it', async () => {
    const t = token();
    expect((await inWork(`echo kept > /tmp/kept-${t}`)).exitCode).toBe(0);
    expect((await inWork(`cat /tmp/kept-${t}`)).stdout).toBe('kept\n');
    expect(existsSync(`/tmp/kept-${t}`)).toBe(false);
    const other = new SshShell({ ...sshd.login, sandbox: 'required' });
    try {
      expect((await other.execute(`cat /tmp/kept-${t}`, options())).exitCode).toBe(1);
      expect((await other.execute(`echo other > /tmp/kept-${t}`, options())).exitCode).toBe(0);
      const kept = hostFilesNamed(`kept-${t}`);
      expect(kept).toHaveLength(2);
      await other.dispose();
      expect(hostFilesNamed(`kept-${t}`)).toHaveLength(1);
    } finally {
      await other.dispose();
    }
  });

  it('SB-7: the working directory can be a folder the sandbox made in its /tmp', async () => {
    const folder = (await inWork('mktemp -d')).stdout.trim();
    expect(folder.startsWith('/tmp/')).toBe(true);
    const result = await shell.execute('pwd; echo in > f; cat f', options({ cwd: folder }));
    expect(result).toMatchObject({ exitCode: 0, stdout: `${folder}\nin\n` });
  });

  it('SB-7: a missing working directory is a start error, and nothing runs', async () => {
    await expect(shell.execute('true', options({ cwd: join(root, 'missing') }))).rejects.toThrow(
      `The working directory does not exist or is not a directory: ${join(root, 'missing')}`,
    );
    await expect(shell.execute('true', options({ cwd: join(work, 'readme.txt') }))).rejects.toThrow(ShellStartError);
  });
});

describe('SshShell in the host’s bubblewrap sandbox: reads (SB-7, SB-1)', () => {
  for (const [label, command] of SECRET_READS) {
    it(`SB-7: ${label} cannot be read`, async () => {
      const result = await inWork(command);
      expect(result.exitCode).not.toBe(0);
      expect(result.stdout).not.toMatch(/SECRET|work-secret/);
      expect(result.stderr).toContain('Permission denied');
    });
  }

  it('SB-7: a secret made on the host after the first command is hidden from the next one (the host is surveyed per command)', async () => {
    const t = token();
    await inWork('true');
    writeFileSync(join(work, `late-${t}.key`), 'LATE-SECRET\n');
    const result = await inWork(`cat late-${t}.key`);
    expect(result.stdout).toBe('');
    expect(result.sandboxRefusals).toEqual([
      `${work}/late-${t}.key is unreadable: a secret (a key or certificate store)`,
    ]);
  });

  it(
    'SB-7: a command that floods the workspace past the secret search makes the next one refuse to start, never run with a secret unhidden',
    () => expectFloodRefused(inWork, work),
    180_000,
  );

  it('SB-7: everything else stays readable', async () => {
    const result = await inWork(`cat readme.txt ${join(outside, 'file')}; head -c 4 /etc/passwd`);
    expect(result.stdout).toBe('hello\noutside\nroot');
  });
});

describe('SshShell in the host’s bubblewrap sandbox: a stated policy (SB-7, SB-2)', () => {
  it('SB-7: the stated paths are what it may write and what it may not read', async () => {
    const t = token();
    const extra = join(root, `extra-${t}`);
    const denied = join(root, `denied-${t}`);
    mkdirSync(extra);
    mkdirSync(denied);
    writeFileSync(join(denied, 'data'), 'DENIED-DATA\n');
    writeFileSync(join(work, `keep-${t}.txt`), 'kept\n');
    const stated = new SshShell({
      ...sshd.login,
      sandbox: { writable: [extra, `${extra}/`], readDenied: [denied], readOnly: [join(work, `keep-${t}.txt`)] },
    });
    try {
      const result = await stated.execute(
        `echo a > ${extra}/a; echo b > own-${t}; ls ${denied}; cat ${denied}/data; echo c >> ${extra}/../extra-${t}/a`,
        options(),
      );
      expect(readFileSync(join(extra, 'a'), 'utf8')).toBe('a\nc\n');
      expect(existsSync(join(work, `own-${t}`))).toBe(false);
      expect(result.stdout).not.toContain('DENIED-DATA');
      expect(result.sandboxRefusals).toEqual([
        `${work}/own-${t} is read-only; writable: ${extra}, /tmp`,
        `${denied} is unreadable: read-denied by the policy`,
        `${denied}/data is unreadable: read-denied by the policy`,
      ]);
    } finally {
      await stated.dispose();
    }
  });

  it('SB-7: a writable path through a link planted in another writable path is left out', async () => {
    const t = token();
    symlinkSync(outside, join(work, `planted-${t}`));
    const strict = new SshShell({ ...sshd.login, sandbox: { writable: [work, join(work, `planted-${t}`)] } });
    try {
      await strict.execute(`echo x > planted-${t}/written-${t}; true`, options());
      expect(existsSync(join(outside, `written-${t}`))).toBe(false);
    } finally {
      await strict.dispose();
    }
  });
});

describe('SshShell in the host’s bubblewrap sandbox: network, sockets, processes (SB-7, SB-1)', () => {
  let listeners: HostListeners;
  beforeAll(async () => {
    listeners = await startHostListeners(join(work, 'host.sock'));
  });
  afterAll(() => listeners.close());

  it('SB-7: a TCP listener on the host’s 127.0.0.1 cannot be reached, and names do not resolve', async () => {
    const result = await inWork(
      `exec 3<>/dev/tcp/127.0.0.1/${listeners.tcpPort} || echo refused; getent hosts example.com || echo no-dns`,
    );
    expect(result.stdout).toBe('refused\nno-dns\n');
    expect(listeners.connections.tcp).toBe(0);
  });

  it('SB-7: a host Unix socket in the workspace refuses the connection (the socket call itself is refused)', async () => {
    const result = await inWork(unixConnectCommand(listeners.unixPath));
    expect(result.stdout).toBe('EPERM\n');
    expect(listeners.connections.unix).toBe(0);
  });

  for (const [label, command] of ROOT_ESCAPES) {
    it(`SB-7: as root inside, it cannot ${label}`, async () => {
      const t = token();
      const result = await inWork(`(${command(t)}); echo "status=$?"`);
      expect(result.stdout).toMatch(/^status=[1-9]\d*\n$/);
      expectNoRootEscapeTrace(t);
    });
  }

  it('SB-7: it holds no capability, and host processes are invisible', async () => {
    const result = await inWork(
      `grep -c "^Cap...:.0000000000000000$" /proc/self/status; ps -e -o pid= | wc -l; kill -0 ${process.pid} 2>/dev/null || echo cannot-signal`,
    );
    const [capabilities, count, signalled] = result.stdout.trim().split('\n');
    expect(capabilities).toBe('5');
    expect(Number(count)).toBeLessThanOrEqual(5);
    expect(signalled).toBe('cannot-signal');
  });
});

describe('SshShell in the host’s bubblewrap sandbox: the same guarantees inside (SB-7, SB-6)', () => {
  it('SB-7: a tree inside ends at the timeout and leaves nothing', async () => {
    const t = token();
    const storm = `for i in $(seq 20); do (for j in $(seq 3); do sleep 1000.${t} & done; wait) & done; wait`;
    const result = await inWork(storm, { timeoutMs: 3_000 });
    expect(result.timedOut).toBe(true);
    expect(await survivors(t)).toEqual([]);
  });

  it('SB-7: a background command is sandboxed too, and its kill leaves nothing', async () => {
    await expectSandboxedBackground(shell, work, token(), false);
  });

  it("SB-7: sandbox 'off' runs the host's commands unconfined, and says none", async () => {
    const t = token();
    const off = new SshShell({ ...sshd.login, sandbox: 'off' });
    try {
      expect(await off.sandbox()).toBe('none');
      const result = await off.execute(`echo x > ${join(outside, `off-${t}`)}`, options());
      expect(result).toMatchObject({ exitCode: 0, sandbox: 'none' });
      expect(result).not.toHaveProperty('sandboxRefusals');
      expect(readFileSync(join(outside, `off-${t}`), 'utf8')).toBe('x\n');
    } finally {
      await off.dispose();
    }
  });
});

describe('SshShell on a host without bubblewrap (SB-7)', () => {
  let bare: SshdFixture;
  let bin: string;
  beforeAll(async () => {
    // Every program of the host but bwrap, as the sessions' PATH.
    bin = mkdtempSync(join(tmpdir(), 'toolwright-no-bwrap-'));
    for (const folder of ['/usr/local/bin', '/usr/bin', '/usr/sbin'])
      for (const name of existsSync(folder) ? readdirSync(folder) : [])
        if (name !== 'bwrap' && !existsSync(join(bin, name))) symlinkSync(join(folder, name), join(bin, name));
    bare = await startSshd({ config: [`SetEnv PATH=${bin}`] });
  });
  afterAll(async () => {
    await bare?.stop();
    rmSync(bin, { recursive: true, force: true });
  });

  it("SB-7: 'auto' runs the commands unconfined and says none", async () => {
    const auto = new SshShell(bare.login);
    try {
      expect(await auto.sandbox()).toBe('none');
      expect(await auto.execute('echo ran', options())).toMatchObject({ stdout: 'ran\n', sandbox: 'none' });
    } finally {
      await auto.dispose();
    }
  });

  it("SB-7: 'required' (or a stated policy) refuses every command, naming what to install, and runs nothing", async () => {
    const t = token();
    for (const sandbox of ['required', { writable: [work] }] as const) {
      const required = new SshShell({ ...bare.login, sandbox });
      try {
        const message = `sandbox is required, but the host 127.0.0.1:${bare.port} has none: bubblewrap (bwrap) is not installed there: install bubblewrap 0.8 or later (Debian and Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap), with user namespaces enabled`;
        await expect(required.check()).rejects.toThrow(message);
        await expect(required.execute(`echo x > ${join(outside, `required-${t}`)}`, options())).rejects.toThrow(
          message,
        );
        await expect(required.startBackground('true', { cwd: work, maxBufferBytes: 1_024 })).rejects.toThrow(
          ShellStartError,
        );
        expect(existsSync(join(outside, `required-${t}`))).toBe(false);
      } finally {
        await required.dispose();
      }
    }
  });
});

/** The files of that name in the host's /tmp, at any depth down to the shells' private folders. */
function hostFilesNamed(name: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/tmp')) {
    if (!entry.startsWith('toolwright-ssh-sandbox-')) continue;
    const path = join('/tmp', entry, 'tmp', name);
    if (existsSync(path)) found.push(path);
  }
  return found;
}
