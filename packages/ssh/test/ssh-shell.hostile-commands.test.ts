// RS-2/RS-3: a command the host cannot take — a NUL byte in the command, its environment or its
// working directory, a command longer than a command line holds — is an error for that call alone.
// It never reaches the host's SSH server (which would drop the connection, with every command on it,
// over a NUL in a request or a packet over 256 KiB), so the commands running beside it on the same
// connection finish, a pool keeps every host in rotation, and the next command runs. A large
// legitimate command travels as the session's first input, not in the exec request, and works.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShellOptionsError, ShellStartError, type VirtualShell } from '@toolwright/shell';
import { SshConnectionError, SshShell, SshShellPool, type SshShellOptions } from '@toolwright/ssh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

let sshd: SshdFixture;
let spare: SshdFixture;
let folder: string;
beforeAll(async () => {
  [sshd, spare] = await Promise.all([startSshd(), startSshd()]);
  // Outside /tmp: a sandboxed command sees a private /tmp, and the gate files must reach it.
  folder = mkdtempSync(join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), 'toolwright-hostile-'));
});
afterAll(async () => {
  await Promise.all([sshd?.stop(), spare?.stop()]);
  rmSync(folder, { recursive: true, force: true });
});

const options = { timeoutMs: 120_000, maxCaptureBytes: 1_000_000 };
const reach = (server: SshdFixture): SshShellOptions => server.login;

const TOO_LONG = `echo ${'x'.repeat(200_000)}`;

/** Calls no host can take, and exactly how each is refused: a ShellStartError or a ShellOptionsError, never a lost connection. */
const refusals: ReadonlyArray<
  [
    label: string,
    call: (shell: VirtualShell) => Promise<unknown>,
    error: 'ShellStartError' | 'ShellOptionsError',
    message: string,
  ]
> = [
  [
    'a NUL in the command',
    (shell) => shell.execute('echo a\0b', options),
    'ShellStartError',
    "The command could not start: it holds a NUL byte (character 7), which no command line can carry. Remove it, or have the command print one (printf '\\0').",
  ],
  [
    'a NUL at the very start',
    (shell) => shell.execute('\0', options),
    'ShellStartError',
    "The command could not start: it holds a NUL byte (character 1), which no command line can carry. Remove it, or have the command print one (printf '\\0').",
  ],
  [
    'a command longer than a command line holds',
    (shell) => shell.execute(TOO_LONG, options),
    'ShellStartError',
    'The command could not start: it is 200,005 bytes long, and a command line holds at most 131,071. Write the long part to a file and run that file.',
  ],
  [
    'a NUL in an environment value',
    (shell) => shell.execute('true', { ...options, env: { GOOD: 'yes', BAD: 'a\0b' } }),
    'ShellOptionsError',
    'the environment variable "BAD" holds a NUL byte in its value; no environment can carry one',
  ],
  [
    'a NUL in the working directory',
    (shell) => shell.execute('true', { ...options, cwd: '/tmp\0/etc' }),
    'ShellStartError',
    'The working directory does not exist or is not a directory: /tmp\0/etc',
  ],
  [
    'a NUL in a background command',
    (shell) => shell.startBackground!('sleep 1\0', { maxBufferBytes: 1_000 }),
    'ShellStartError',
    "The command could not start: it holds a NUL byte (character 8), which no command line can carry. Remove it, or have the command print one (printf '\\0').",
  ],
  [
    'a NUL in a background working directory',
    (shell) => shell.startBackground!('true', { cwd: '\0', maxBufferBytes: 1_000 }),
    'ShellStartError',
    'The working directory does not exist or is not a directory: \0',
  ],
];

/** Commands that would once have made the exec request too large for OpenSSH (a packet over 256 KiB): now they run. */
const large: ReadonlyArray<[label: string, command: string, stdout: string]> = [
  // 120,000 bytes of single quotes: quoted twice for the exec request they once took over 1 MB.
  ['120,000 bytes of quotes', `printf %s '${"'\\''".repeat(30_000)}' | wc -c`, '30000\n'],
  ['130,000 bytes of text', `printf %s ${'y'.repeat(130_000)} | wc -c`, '130000\n'],
  ['4,000 lines with $, `, " and \\', `cat <<'EOF' | wc -l\n${'$HOME `x` "q" \\n\n'.repeat(4_000)}EOF`, '4000\n'],
];

/** Starts `count` commands that wait (generously) for `gate` to exist, then print their number. */
function waiting(shell: VirtualShell, gate: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      shell
        .execute(`until [ -e '${gate}' ]; do sleep 0.05; done; echo done-${index}`, options)
        .then((result) => `${result.exitCode} ${result.signal} ${result.stdout}${result.stderr}`),
    ),
  );
}

async function expectRefused(shell: VirtualShell): Promise<void> {
  for (const [label, call, error, message] of refusals) {
    const thrown: unknown = await call(shell).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    const is = error === 'ShellStartError' ? ShellStartError.isInstance : ShellOptionsError.isInstance;
    expect([is(thrown), (thrown as Error).name], label).toEqual([true, error]);
    expect(SshConnectionError.isInstance(thrown), label).toBe(false);
    expect((thrown as Error).message, label).toBe(message);
  }
}

describe('SshShell: a command the host cannot take fails alone', () => {
  it('RS-2: refused calls leave the commands beside them on the same connection running, and the connection up', async () => {
    const shell = new SshShell(reach(sshd));
    const gate = join(folder, 'shell-gate');
    try {
      expect((await shell.execute('echo warm', options)).stdout).toBe('warm\n');
      const connections = sshd.connectionProcesses();
      const beside = waiting(shell, gate, 3);
      await expectRefused(shell);
      for (const [label, command, stdout] of large) {
        const result = await shell.execute(command, options);
        expect(result, label).toMatchObject({ exitCode: 0, stdout, stderr: '' });
      }
      writeFileSync(gate, '');
      expect(await beside).toEqual(['0 null done-0\n', '0 null done-1\n', '0 null done-2\n']);
      expect(sshd.connectionProcesses()).toEqual(connections);
      expect(await shell.execute('echo next', options)).toMatchObject({ exitCode: 0, stdout: 'next\n' });
    } finally {
      await shell.dispose();
    }
  });

  it('RS-2: a large background command travels as input too, and runs', async () => {
    const shell = new SshShell(reach(sshd));
    try {
      const background = await shell.startBackground(`printf %s '${"'\\''".repeat(30_000)}' | wc -c`, {
        maxBufferBytes: 1_000,
      });
      const deadline = Date.now() + 60_000;
      while (background.status === 'running' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(background.read()).toMatchObject({ output: '30000\n', status: 'exited', exitCode: 0 });
    } finally {
      await shell.dispose();
    }
  });
});

describe('SshShellPool: a command the hosts cannot take blames none of them', () => {
  it('RS-3: refused calls change no host’s rotation or count, the commands beside them finish, and the next command runs', async () => {
    const pool = new SshShellPool({ hosts: [reach(sshd), reach(spare)], maxConcurrentPerHost: 4 });
    const gate = join(folder, 'pool-gate');
    try {
      await Promise.all([pool.execute('true', options), pool.execute('true', options)]);
      const beside = waiting(pool, gate, 4);
      const deadline = Date.now() + 60_000;
      while (pool.status().some((host) => host.active < 2) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const before = pool.status();
      for (let round = 0; round < 3; round++) await expectRefused(pool);
      for (const [label, command, stdout] of large)
        expect(await pool.execute(command, options), label).toMatchObject({ exitCode: 0, stdout, stderr: '' });
      writeFileSync(gate, '');
      expect(await beside).toEqual(['0 null done-0\n', '0 null done-1\n', '0 null done-2\n', '0 null done-3\n']);
      const after = pool.status();
      expect(after.map((host) => host.inRotation)).toEqual([true, true]);
      expect(before.map((host) => [host.inRotation, host.active])).toEqual([
        [true, 2],
        [true, 2],
      ]);
      // Only the large commands and the four beside were counted: each refusal counts nowhere.
      expect(after.reduce((sum, host) => sum + host.completed, 0)).toBe(2 + large.length + 4);
      expect(after.every((host) => host.outBecause === undefined && host.active === 0)).toBe(true);
      expect(await pool.execute('echo next', options)).toMatchObject({ exitCode: 0, stdout: 'next\n' });
    } finally {
      await pool.dispose();
    }
  });
});
