// Real commands under sandbox-exec, on macOS only: SB-1 asks for the Seatbelt profile to be exercised
// where a Mac is available. Elsewhere every test here is skipped (the unit tests pin the profile's text).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedSandboxPolicy } from '../sandbox-policy.js';
import {
  seatbeltAvailable,
  seatbeltCommand,
  seatbeltProfile,
  type SeatbeltProfileOptions,
} from './seatbelt-profile.js';

const SECRET = 'the-secret-value';

/** What a sandboxed command gave back. */
interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

describe.runIf(process.platform === 'darwin')('Seatbelt on this Mac (SB-1)', () => {
  let root = '';
  let work = '';
  let privateTmp = '';
  let policy: ResolvedSandboxPolicy;
  const servers: Server[] = [];

  /** A server on `where` (a loopback port when undefined) that ends each connection at once. */
  async function listen(where?: string): Promise<Server> {
    const server = createServer((socket) => socket.end());
    servers.push(server);
    await new Promise<void>((resolve) => {
      if (where === undefined) server.listen(0, '127.0.0.1', resolve);
      else server.listen(where, resolve);
    });
    return server;
  }

  /** Runs `command` with bash under the profile of `given` (the test's policy by default). */
  async function run(
    command: string,
    given: ResolvedSandboxPolicy = policy,
    options: Partial<SeatbeltProfileOptions> = {},
  ): Promise<Outcome> {
    const profile = seatbeltProfile(given, { privateTmp, ...options });
    const { file, args } = seatbeltCommand(profile, '/bin/bash', command);
    return new Promise((resolve, reject) => {
      const child = spawn(file, args, {
        cwd: given.cwd,
        env: { PATH: '/usr/bin:/bin:/usr/sbin:/sbin', HOME: process.env.HOME, TMPDIR: privateTmp, LANG: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-sb-')));
    work = join(root, 'work');
    privateTmp = join(root, 'tmp');
    mkdirSync(join(work, '.git', 'hooks'), { recursive: true });
    mkdirSync(join(root, 'outside', 'secrets'), { recursive: true });
    mkdirSync(privateTmp);
    writeFileSync(join(work, '.git', 'config'), '[core]\n');
    writeFileSync(join(work, '.env'), `${SECRET}\n`);
    writeFileSync(join(root, 'outside', 'secrets', 'key'), `${SECRET}\n`);
    policy = {
      cwd: work,
      writable: [work],
      protected: [join(work, '.git', 'hooks'), join(work, '.git', 'config')],
      readDenied: [
        { path: join(work, '.env'), folder: false, why: 'a secret' },
        { path: join(root, 'outside', 'secrets'), folder: true, why: 'a secret' },
      ],
      allowedDomains: [],
      allowUnixSockets: false,
    };
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(root, { recursive: true, force: true });
  });

  it('sandbox-exec is available here, and the profile compiles', async () => {
    expect(seatbeltAvailable()).toBe(true);
    expect(await run('true')).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('writes in the writable path and TMPDIR, reads the system, writes to /dev/null, /dev/stdout and /dev/stderr', async () => {
    const outcome = await run(
      'echo a > a.txt && cat a.txt && echo b > "$TMPDIR/b" && mktemp >/dev/null && head -c 1 /System/Library/CoreServices/SystemVersion.plist >/dev/null && echo out >/dev/stdout && echo err >/dev/stderr && whoami >/dev/null',
    );
    expect(outcome).toEqual({ code: 0, stdout: 'a\nout\n', stderr: 'err\n' });
  });

  it('refuses writes outside the writable paths: beside them, in /private/tmp, from a grandchild', async () => {
    const probe = `/private/tmp/tw-sb-${process.pid}`;
    expect((await run(`echo x > ../outside/x`)).code).not.toBe(0);
    expect((await run(`echo x > ${probe}`)).code).not.toBe(0);
    expect((await run(`bash -c 'bash -c "echo x > ../outside/y"'`)).code).not.toBe(0);
    expect([existsSync(join(root, 'outside', 'x')), existsSync(probe), existsSync(join(root, 'outside', 'y'))]).toEqual(
      [false, false, false],
    );
  });

  it('read-denied paths can be neither read, listed, nor moved out and read', async () => {
    for (const command of ['cat .env', 'ls ../outside/secrets', 'cat ../outside/secrets/key', 'mv .env e; cat e']) {
      const outcome = await run(command);
      expect(outcome.code).not.toBe(0);
      expect(outcome.stdout).not.toContain(SECRET);
    }
    expect(readFileSync(join(work, '.env'), 'utf8')).toBe(`${SECRET}\n`);
  });

  it('protected paths stay read-only inside the writable path, and their folders cannot be renamed', async () => {
    for (const command of ['echo x > .git/hooks/pre-commit', 'echo x >> .git/config', 'mv .git g', 'mv .git/hooks h']) {
      expect((await run(command)).code).not.toBe(0);
    }
    expect(readFileSync(join(work, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(existsSync(join(work, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });

  it('a path written to break out of its string adds no rule', async () => {
    const hostile = join(root, 'x") (allow file-write* (subpath "/")');
    mkdirSync(hostile, { recursive: true });
    const outcome = await run('echo x > inside && echo x > ../../outside/z', {
      ...policy,
      cwd: hostile,
      writable: [hostile],
    });
    expect(outcome.code).not.toBe(0);
    expect([existsSync(join(hostile, 'inside')), existsSync(join(root, 'outside', 'z'))]).toEqual([true, false]);
  });

  it('no network without the proxy port; with it, that loopback port alone', async () => {
    const proxy = (await listen()).address();
    const other = (await listen()).address();
    if (proxy === null || typeof proxy === 'string' || other === null || typeof other === 'string') {
      throw new Error('The test servers have no port.');
    }
    const connect = (port: number) => `/usr/bin/nc -z -G 2 127.0.0.1 ${port}`;
    expect((await run(connect(proxy.port))).code).not.toBe(0);
    const networked = { ...policy, allowedDomains: ['example.com'] };
    expect((await run(connect(proxy.port), networked, { proxyPort: proxy.port })).code).toBe(0);
    expect((await run(connect(other.port), networked, { proxyPort: proxy.port })).code).not.toBe(0);
  });

  it('no name lookups, with or without the proxy', async () => {
    const lookup = `/usr/bin/perl -MSocket -e 'exit(gethostbyname("apple.com") ? 0 : 1)'`;
    expect((await run(lookup)).code).toBe(1);
    expect((await run(lookup, { ...policy, allowedDomains: ['apple.com'] }, { proxyPort: 1 })).code).toBe(1);
  });

  it('a unix socket of the host is refused unless the policy allows unix sockets', async () => {
    const path = join(root, 'h.sock');
    await listen(path);
    expect((await run(`/usr/bin/nc -U ${path} < /dev/null`)).code).not.toBe(0);
    expect((await run(`/usr/bin/nc -U ${path} < /dev/null`, { ...policy, allowUnixSockets: true })).code).toBe(0);
  });

  it('host processes stay out of sight: ps lists none, and none can be signalled', async () => {
    const listed = await run(`ps -p ${process.pid} -o pid=`);
    expect(listed.stdout.trim()).toBe('');
    expect((await run(`kill -0 ${process.pid}`)).code).not.toBe(0);
  });
});
