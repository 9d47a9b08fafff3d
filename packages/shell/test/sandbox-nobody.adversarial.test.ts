// SB-1 as an unprivileged user: the sandbox LocalShell builds (the same policy resolution, the same
// bubblewrap arguments, the same seccomp filter) started as `nobody` through setpriv, against real
// files, sockets and processes, and checked on the host afterwards.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bubblewrapArguments, findBubblewrap } from '../src/sandbox/bubblewrap.js';
import { resolveSandboxPolicy } from '../src/sandbox/resolve-policy.js';
import { seccompFilter } from '../src/sandbox/seccomp-filter.js';

const NOBODY = 65_534;
const bubblewrap = findBubblewrap('/bin/bash');
const canDropToNobody =
  process.getuid?.() === 0 &&
  spawnSync('setpriv', ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', 'true']).status === 0;

let root: string;
let work: string;
let outside: string;
let home: string;
let privateTmp: string;
/** What a read-denied file is replaced with; LocalShell makes its own in a folder of its user's. */
let unreadable: string;
let listener: Server;
let listenerPort: number;
let connections = 0;

beforeAll(async () => {
  if (bubblewrap === undefined || !canDropToNobody) return;
  root = mkdtempSync(join(existsSync('/var/tmp') ? '/var/tmp' : '/tmp', 'toolwright-nobody-'));
  chmodSync(root, 0o755);
  work = join(root, 'work');
  outside = join(root, 'outside');
  home = join(root, 'home');
  privateTmp = join(root, 'private-tmp');
  for (const folder of [work, outside, join(home, '.ssh'), join(work, '.git'), privateTmp])
    mkdirSync(folder, { recursive: true });
  writeFileSync(join(outside, 'file'), 'outside\n');
  writeFileSync(join(work, '.env'), 'API_KEY=work-secret\n');
  writeFileSync(join(work, '.git', 'config'), '[core]\n');
  writeFileSync(join(home, '.ssh', 'id_rsa'), 'KEY-SECRET\n');
  writeFileSync(join(home, '.bashrc'), '# rc\n');
  symlinkSync(outside, join(work, 'to-outside'));
  // Everything is open to nobody on the host: what stops it below is the sandbox alone.
  for (const path of [work, outside, join(home, '.ssh'), home, join(work, '.git')]) chmodSync(path, 0o777);
  for (const path of [
    join(outside, 'file'),
    join(work, '.env'),
    join(home, '.ssh', 'id_rsa'),
    join(home, '.bashrc'),
    join(work, '.git', 'config'),
  ])
    chmodSync(path, 0o666);
  chownSync(privateTmp, NOBODY, NOBODY);
  unreadable = join(root, 'unreadable');
  writeFileSync(unreadable, '', { mode: 0o000 });
  listener = createServer((socket) => {
    connections++;
    socket.end('host\n');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as { port: number }).port;
});

afterAll(async () => {
  if (root === undefined) return;
  await new Promise((resolve) => listener.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** Runs `command` as nobody in the sandbox LocalShell would make for `work`. */
async function asNobody(command: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  if (bubblewrap === undefined) throw new Error('bubblewrap is not installed: the cases must not run unconfined');
  const policy = await resolveSandboxPolicy(undefined, work, privateTmp, home);
  const args = bubblewrapArguments(
    policy,
    { privateTmp, unreadable },
    { bashPath: '/bin/bash', command, name: 'bash', block: false, report: true },
  );
  const child = spawn(
    'setpriv',
    ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', '--', bubblewrap, ...args],
    { stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH, HOME: home } },
  );
  (child.stdio[3] as Writable).end(seccompFilter(false));
  (child.stdio[4] as Readable).resume();
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

describe('the sandbox as an unprivileged user (SB-1)', () => {
  it('SB-1: this machine has bubblewrap, and root here can drop to nobody with setpriv (the suite needs both)', () => {
    expect({ bubblewrap: bubblewrap !== undefined, canDropToNobody }).toEqual({
      bubblewrap: true,
      canDropToNobody: true,
    });
  });

  it('SB-1: as nobody, the workspace is writable and the command is nobody', async () => {
    const result = await asNobody('echo made > made && cat made && id -u');
    expect(result).toEqual({ status: 0, stdout: `made\n${NOBODY}\n`, stderr: '' });
  });

  const writes: ReadonlyArray<[label: string, command: string, hostPath: () => string, before: string | undefined]> = [
    ['/etc', 'echo x > /etc/toolwright-nobody', () => '/etc/toolwright-nobody', undefined],
    ['$HOME/.bashrc', 'echo pwned >> "$HOME/.bashrc"', () => join(home, '.bashrc'), '# rc\n'],
    ['/var/tmp', 'echo x > /var/tmp/toolwright-nobody', () => '/var/tmp/toolwright-nobody', undefined],
    ['/dev/shm', 'echo x > /dev/shm/toolwright-nobody', () => '/dev/shm/toolwright-nobody', undefined],
    [
      'a file outside, world-writable on the host',
      'echo pwned >> ../outside/file',
      () => join(outside, 'file'),
      'outside\n',
    ],
    [
      'a symlink in the workspace pointing out',
      'echo pwned >> to-outside/file',
      () => join(outside, 'file'),
      'outside\n',
    ],
    ['a git hook', 'echo "touch pwned" > .git/hooks/pre-commit', () => join(work, '.git/hooks/pre-commit'), undefined],
    ['git config', 'echo "[core] hooksPath = /tmp" >> .git/config', () => join(work, '.git/config'), '[core]\n'],
    [
      'a hard link to a file outside',
      'ln ../outside/file hard && echo pwned >> hard',
      () => join(outside, 'file'),
      'outside\n',
    ],
  ];
  for (const [label, command, hostPath, before] of writes) {
    it(`SB-1: as nobody, a write to ${label} leaves the host file as it was`, async () => {
      // The sandbox ran (the command after the write did): a sandbox that never started proves nothing.
      expect((await asNobody(`${command}; echo ran`)).stdout).toBe('ran\n');
      expect(existsSync(hostPath()) ? readFileSync(hostPath(), 'utf8') : undefined).toBe(before);
    });
  }

  const reads: ReadonlyArray<[label: string, command: string]> = [
    ['~/.ssh/id_rsa', 'cat "$HOME/.ssh/id_rsa"'],
    ['~/.ssh', 'ls "$HOME/.ssh"'],
    ['.env', 'cat .env'],
  ];
  for (const [label, command] of reads) {
    it(`SB-1: as nobody, ${label} cannot be read (on the host it could be)`, async () => {
      const result = await asNobody(command);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('Permission denied');
    });
  }

  it('SB-1: as nobody, the host’s 127.0.0.1 listener, a raw IP and DNS are out of reach', async () => {
    const result = await asNobody(
      `exec 3<>/dev/tcp/127.0.0.1/${listenerPort} || echo no-tcp; exec 4<>/dev/tcp/1.1.1.1/80 || echo no-ip; getent hosts example.com || echo no-dns`,
    );
    expect(result.stdout).toBe('no-tcp\nno-ip\nno-dns\n');
    expect(connections).toBe(0);
  });

  it('SB-1: as nobody, a Unix socket cannot even be made', async () => {
    const script = "require('net').createServer().listen('/tmp/s').on('error', (e) => console.log(e.code))";
    const result = await asNobody(`${JSON.stringify(process.execPath)} -e ${JSON.stringify(script)}`);
    expect(result.stdout).toBe('EPERM\n');
  });

  const escapes: ReadonlyArray<[label: string, command: string]> = [
    ['make a user namespace (and be root in it)', 'unshare -r true'],
    ['mount a tmpfs', 'mkdir -p m && mount -t tmpfs none m'],
    ['remount / read-write', 'mount -o remount,rw /'],
    ['enter PID 1’s namespaces', 'nsenter -t 1 -m true'],
    ['write through /proc/1/root', 'echo x > /proc/1/root/etc/toolwright-nobody'],
  ];
  for (const [label, command] of escapes) {
    it(`SB-1: as nobody, it cannot ${label}`, async () => {
      expect((await asNobody(`(${command}); echo "status=$?"`)).stdout).toMatch(/^status=[1-9]\d*\n$/);
    });
  }

  it('SB-1: as nobody, no capability and no host process', async () => {
    const result = await asNobody('grep CapEff /proc/self/status; ps -e -o pid= | wc -l');
    const [capabilities, count] = result.stdout.trim().split('\n');
    expect(capabilities).toBe('CapEff:\t0000000000000000');
    expect(Number(count)).toBeLessThanOrEqual(5);
  });
});
