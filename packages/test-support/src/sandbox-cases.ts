// What the sandbox suites of LocalShell and SshShell share: a workspace planted with secrets,
// links and repositories, and the attacks tried against it (writes outside, secret reads, root
// escapes). Each suite runs every case through its own shell and checks the host afterwards.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { survivors, waitUntilRunning } from './survivors.js';

/** The planted tree: `work` (the workspace), `outside` (a folder beside it), `home` (a home folder with secrets). */
export interface SandboxWorkspace {
  readonly root: string;
  readonly work: string;
  readonly outside: string;
  readonly home: string;
}

/**
 * Makes the planted tree, under /var/tmp rather than /tmp: the sandbox's private /tmp would hide
 * the files outside the workspace, and the cases must show that a visible file is still refused.
 */
export function makeSandboxWorkspace(): SandboxWorkspace {
  const root = realpathSync(mkdtempSync(join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), 'toolwright-sandbox-')));
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  const home = join(root, 'home');
  for (const folder of [work, outside, join(home, '.ssh'), join(home, '.aws'), join(work, '.git')])
    mkdirSync(folder, { recursive: true });
  writeFileSync(join(outside, 'file'), 'outside\n');
  writeFileSync(join(work, '.env'), 'API_KEY=work-secret\n');
  writeFileSync(join(work, 'server.pem'), 'PEM-SECRET\n');
  writeFileSync(join(work, '.git', 'config'), '[core]\n');
  mkdirSync(join(work, 'nested', '.git'), { recursive: true });
  writeFileSync(join(work, 'nested', '.git', 'config'), '[core]\n');
  writeFileSync(join(work, 'readme.txt'), 'hello\n');
  writeFileSync(join(home, '.ssh', 'id_ed25519'), 'KEY-SECRET\n');
  writeFileSync(join(home, '.aws', 'credentials'), 'AWS-SECRET\n');
  writeFileSync(join(home, '.npmrc'), '//registry/:_authToken=NPM-SECRET\n');
  writeFileSync(join(home, '.bashrc'), '# rc\n');
  const deep = join(work, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j');
  mkdirSync(deep, { recursive: true });
  writeFileSync(join(deep, '.env'), 'DEEP-SECRET\n');
  symlinkSync(outside, join(work, 'to-outside'));
  symlinkSync(join(home, '.ssh', 'id_ed25519'), join(work, 'innocent.txt'));
  return { root, work, outside, home };
}

/** A write a sandboxed command in `work` must not make: its label, the command (given a token), and the host path to check. */
export type OutsideWrite = [label: string, command: (t: string) => string, hostPath: (t: string) => string];

/** The writes outside the workspace, and inside it where they would run code later (git hooks and config). */
export function outsideWrites({ root, work, outside, home }: SandboxWorkspace): OutsideWrite[] {
  return [
    ['/etc', (t) => `echo x > /etc/toolwright-${t}`, (t) => `/etc/toolwright-${t}`],
    ['$HOME/.bashrc', () => 'echo pwned >> "$HOME/.bashrc"', () => join(home, '.bashrc')],
    ['/var/tmp', (t) => `echo x > /var/tmp/toolwright-${t}`, (t) => `/var/tmp/toolwright-${t}`],
    ['/dev/shm', (t) => `echo x > /dev/shm/toolwright-${t}`, (t) => `/dev/shm/toolwright-${t}`],
    ['the host /tmp', (t) => `echo x > /tmp/toolwright-${t}`, (t) => `/tmp/toolwright-${t}`],
    ['a symlink in the workspace that points out', (t) => `echo x > to-outside/${t}`, (t) => join(outside, t)],
    ['a file through that symlink', () => 'echo pwned >> to-outside/file', () => join(outside, 'file')],
    [
      'a git hook',
      () => 'printf "#!/bin/sh\\ntouch pwned\\n" > .git/hooks/pre-commit',
      () => join(work, '.git/hooks/pre-commit'),
    ],
    ['git config (core.hooksPath)', () => 'git config core.hooksPath /tmp', () => join(work, '.git/config')],
    [
      'a git hook, after moving .git aside',
      () => 'mv .git .git-moved; mkdir -p .git/hooks && echo "touch pwned" > .git/hooks/pre-commit',
      () => join(work, '.git/hooks/pre-commit'),
    ],
    [
      'a nested repository’s hook, after moving its folder aside',
      () => 'mv nested nested-moved; mkdir -p nested/.git/hooks && echo "touch pwned" > nested/.git/hooks/pre-commit',
      () => join(work, 'nested/.git/hooks/pre-commit'),
    ],
    [
      'git config, after moving .git aside',
      () => 'mv .git .git-moved; mkdir .git; echo "[core]" > .git/config',
      () => join(work, '.git/config'),
    ],
    ['the parent of the workspace', (t) => `echo x > ../${t}`, (t) => join(root, t)],
  ];
}

/** Reads of secrets from the workspace: each must fail with "Permission denied" and print no secret. */
export const SECRET_READS: ReadonlyArray<[label: string, command: string]> = [
  ['~/.ssh/id_ed25519', 'cat "$HOME/.ssh/id_ed25519"'],
  ['~/.ssh (a listing)', 'ls "$HOME/.ssh"'],
  ['~/.aws/credentials', 'cat "$HOME/.aws/credentials"'],
  ['~/.npmrc', 'cat "$HOME/.npmrc"'],
  ['.env in the workspace', 'cat .env'],
  ['a *.pem in the workspace', 'cat server.pem'],
  ['a key reached through an innocent-looking link', 'cat innocent.txt'],
  ['a copy of .env', 'cp .env copy && cat copy'],
];

/**
 * What root must not do inside the sandbox: each attempt ends with a non-zero status. The
 * commands take the case's token, so a trace on the host is this run's and no earlier run's.
 */
export const ROOT_ESCAPES: ReadonlyArray<[label: string, command: (t: string) => string]> = [
  ['remount / read-write', () => 'mount -o remount,rw /'],
  ['mount a tmpfs', () => 'mkdir -p m && mount -t tmpfs none m'],
  ['bind-mount a folder over another', () => 'mount --bind /etc .'],
  ['make a user namespace', () => 'unshare -r true'],
  ['make a mount namespace', () => 'unshare -m true'],
  ['enter the namespaces of PID 1', () => 'nsenter -t 1 -m -u -n true'],
  ['pivot_root', () => 'mkdir -p p && pivot_root . p'],
  ['write through /proc/1/root', (t) => `echo x > /proc/1/root/etc/toolwright-proc-root-${t}`],
  ['change the host name', (t) => `hostname toolwright-pwned-${t}`],
  ['chown a file to another user', () => 'touch owned && chown 1234 owned'],
];

/** The host's name when the suite was loaded: an escape that renamed the host is seen against it, not a fixed value. */
const HOST_NAME = readFileSync('/proc/sys/kernel/hostname', 'utf8');

/** Checks, on the host, that a {@link ROOT_ESCAPES} attempt made with token `t` left no trace. */
export function expectNoRootEscapeTrace(t: string): void {
  expect(existsSync(`/etc/toolwright-proc-root-${t}`)).toBe(false);
  expect(readFileSync('/proc/sys/kernel/hostname', 'utf8')).toBe(HOST_NAME);
}

/**
 * Runs a write from {@link outsideWrites} followed by `echo ran` and checks that the command ran
 * (a sandbox that never started proves nothing) and that the host file is as it was.
 */
export async function expectWriteRefused(
  run: (command: string) => Promise<{ readonly stdout: string }>,
  [, command, hostPath]: OutsideWrite,
  t: string,
): Promise<void> {
  const read = (): string | undefined => (existsSync(hostPath(t)) ? readFileSync(hostPath(t), 'utf8') : undefined);
  const before = read();
  expect((await run(`${command(t)}; echo ran`)).stdout).toBe('ran\n');
  expect(read()).toBe(before);
}

/** A TCP listener on the host's 127.0.0.1 and a Unix socket listener, each counting who reached it. */
export interface HostListeners {
  readonly tcpPort: number;
  readonly unixPath: string;
  readonly connections: { tcp: number; unix: number };
  close(): Promise<void>;
}

/** Starts the listeners a sandboxed command must not reach (the Unix socket at `unixPath`). */
export async function startHostListeners(unixPath: string): Promise<HostListeners> {
  const connections = { tcp: 0, unix: 0 };
  const tcp = createServer((socket) => {
    connections.tcp++;
    socket.end('host\n');
  });
  const unix = createServer((socket) => {
    connections.unix++;
    socket.end('host\n');
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => unix.listen(unixPath, resolve));
  return {
    tcpPort: (tcp.address() as { port: number }).port,
    unixPath,
    connections,
    async close() {
      await new Promise((resolve) => tcp.close(resolve));
      await new Promise((resolve) => unix.close(resolve));
    },
  };
}

/** A command that connects to a Unix socket with this Node and prints the error code, or what the socket said. */
export function unixConnectCommand(unixPath: string): string {
  const script = `require('net').connect(${JSON.stringify(unixPath)}).on('error', (e) => { console.log(e.code); }).on('data', (d) => process.stdout.write(d))`;
  return `${JSON.stringify(process.execPath)} -e ${JSON.stringify(script)}`;
}

/** The part of a VirtualShell the background case needs (test-support depends on no product package). */
interface BackgroundShell {
  startBackground?(
    command: string,
    options: { readonly cwd: string; readonly maxBufferBytes: number },
  ): Promise<{
    readonly sandbox?: string;
    read(): {
      readonly output: string;
      readonly status: string;
      readonly exitCode: number | null;
      readonly signal: string | null;
    };
    kill(): Promise<void>;
  }>;
}

/**
 * Starts a background command in `cwd` that writes to /etc, prints `done` and sleeps; checks that it
 * is sandboxed, that the write was refused (the host's /etc untouched) and that its kill leaves
 * nothing. `ordered`: the shell merges stdout and stderr where they are written (LocalShell), so
 * their order is the command's; otherwise (two streams of an SSH channel) it is not compared.
 */
export async function expectSandboxedBackground(
  shell: BackgroundShell,
  cwd: string,
  t: string,
  ordered: boolean,
): Promise<{ readonly status: string; readonly exitCode: number | null; readonly signal: string | null }> {
  const start = shell.startBackground?.bind(shell);
  if (start === undefined) throw new Error('the shell has no background commands');
  const background = await start(`echo x > /etc/bg-${t}; echo done; sleep 1000.${t}`, { cwd, maxBufferBytes: 4_096 });
  expect(background.sandbox).toBe('bubblewrap');
  await waitUntilRunning(t);
  const refused = `bash: line 1: /etc/bg-${t}: Read-only file system\n`;
  let output = '';
  for (
    const deadline = Date.now() + 30_000;
    !(output.includes('done\n') && output.includes(refused)) && Date.now() < deadline;
  ) {
    output += background.read().output;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (ordered) expect(output).toBe(`${refused}done\n`);
  else expect(output.split('\n').sort()).toEqual(['', refused.trimEnd(), 'done']);
  await background.kill();
  const read = background.read();
  expect(read.status).toBe('killed');
  expect(await survivors(t)).toEqual([]);
  expect(existsSync(`/etc/bg-${t}`)).toBe(false);
  return read;
}

/**
 * A command floods `work` with more files than the secret search reads, so as to push `.env` past
 * it: the next command must refuse to start rather than run with the secret unhidden. The flood
 * is then removed (unsandboxed), and `.env` is hidden again.
 */
export async function expectFloodRefused(
  run: (
    command: string,
    options?: { readonly timeoutMs: number },
  ) => Promise<{ readonly stdout: string; readonly stderr: string }>,
  work: string,
): Promise<void> {
  try {
    const flood = 'mkdir flood && cd flood && seq 1 100001 | xargs touch && echo flooded';
    expect((await run(flood, { timeoutMs: 120_000 })).stdout).toBe('flooded\n');
    await expect(run('cat .env')).rejects.toThrow(
      `The command could not start: its sandbox's secret search (node_modules and .git not counted) found more than 100,000 entries in ${work}, so a path beyond them could not be hidden.`,
    );
  } finally {
    rmSync(join(work, 'flood'), { recursive: true, force: true });
  }
  expect((await run('cat .env')).stderr).toContain('Permission denied');
}
