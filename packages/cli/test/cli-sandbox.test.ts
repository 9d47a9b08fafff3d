// SB-2, SB-4, SB-5 through the CLI: `toolwright call builtin Bash` in its sandbox, with real bubblewrap,
// and the sandbox flags checked before anything runs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '@toolwright/test-support/paths';
import { toolwright } from '@toolwright/test-support/run-toolwright';

let root: string;
let work: string;
let outside: string;

beforeAll(() => {
  // Under /var/tmp: the sandbox's private /tmp would hide a folder outside the workspace under /tmp.
  root = realpathSync(mkdtempSync(join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), 'toolwright-cli-sandbox-')));
  work = join(root, 'work');
  outside = join(root, 'outside');
  mkdirSync(work);
  mkdirSync(outside);
  writeFileSync(join(work, '.env'), 'TOKEN=cli-secret\n');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const bash = (command: string, ...flags: string[]) =>
  toolwright(['call', 'builtin', 'Bash', JSON.stringify({ command }), '--allow-bash', '--cwd', work, ...flags]);

describe('toolwright call builtin Bash in the sandbox', () => {
  it('SB-4/SB-5: the sandbox is named before the command, and a refused write names its rule', () => {
    const run = bash(`echo x > ${outside}/a; cat .env`);
    expect(run).toEqual({
      status: 1,
      stdout: [
        `bash: line 1: ${outside}/a: Read-only file system`,
        'cat: .env: Permission denied',
        `[sandbox: ${outside}/a is read-only; writable: ${work}, /tmp]`,
        `[sandbox: ${work}/.env is unreadable: a secret (an environment file)]`,
        '[exit code: 1]',
        '',
      ].join('\n'),
      stderr: `toolwright call: sandbox: bubblewrap (writable: ${work}, /tmp (private); network: off)\n`,
    });
    expect(existsSync(join(outside, 'a'))).toBe(false);
  });

  it('SB-2: --allow-write-path opens one more folder, and only that one', () => {
    const run = bash(`echo y > ${outside}/b && echo z > ${root}/c`, '--allow-write-path', outside);
    expect(run.stdout).toBe(
      `bash: line 1: ${root}/c: Read-only file system\n[sandbox: ${root}/c is read-only; writable: ${work}, ${outside}, /tmp]\n[exit code: 1]\n`,
    );
    expect(readFileSync(join(outside, 'b'), 'utf8')).toBe('y\n');
    expect(existsSync(join(root, 'c'))).toBe(false);
  });

  it('SB-2: Write allow rules decide what is writable (not the working directory then)', () => {
    const run = toolwright([
      'call',
      'builtin',
      'Bash',
      JSON.stringify({ command: `echo w > ${outside}/d; echo v > e` }),
      '--allow-bash',
      '--allow',
      'Bash',
      '--allow',
      `Write(${outside}/**)`,
      '--cwd',
      work,
    ]);
    expect(run.stdout).toBe(
      `bash: line 1: e: Read-only file system\n[sandbox: ${work}/e is read-only; writable: ${outside}, /tmp]\n[exit code: 1]\n`,
    );
    expect(readFileSync(join(outside, 'd'), 'utf8')).toBe('w\n');
    expect(existsSync(join(work, 'e'))).toBe(false);
  });

  it('SB-2: a Read deny rule hides that folder from commands too', () => {
    mkdirSync(join(outside, 'private'), { recursive: true });
    writeFileSync(join(outside, 'private', 'notes'), 'private\n');
    const run = toolwright([
      'call',
      'builtin',
      'Bash',
      JSON.stringify({ command: `cat ${outside}/private/notes` }),
      '--allow-bash',
      '--allow',
      'Bash',
      '--deny',
      `Read(${outside}/private/**)`,
      '--cwd',
      work,
    ]);
    expect(run.stdout).toBe(
      `cat: ${outside}/private/notes: Permission denied\n[sandbox: ${outside}/private/notes is unreadable: read-denied by the policy]\n[exit code: 1]\n`,
    );
  });

  it('SB-4: --sandbox off runs unconfined, and says so', () => {
    const run = bash(`echo off > ${outside}/f && cat ${outside}/f`, '--sandbox', 'off');
    expect(run).toEqual({
      status: 0,
      stdout: 'off\n',
      stderr: 'toolwright call: sandbox: none (--sandbox off)\n',
    });
  });

  it('SB-4: --sandbox required runs where bubblewrap is', () => {
    expect(bash('echo ok', '--sandbox', 'required')).toMatchObject({ status: 0, stdout: 'ok\n' });
  });

  it('SB-4: serve names the sandbox in its first line', () => {
    const run = toolwright(['serve', 'builtin', '--allow-bash', '--cwd', work], work, '');
    expect(run.stderr).toContain(` Sandbox: bubblewrap (writable: ${work}, /tmp (private); network: off).\n`);
  });
});

describe('the sandbox flags are checked before anything runs (SB-4)', () => {
  const refused: ReadonlyArray<[label: string, flags: string[], message: string]> = [
    ['an unknown mode', ['--sandbox', 'maybe'], '--sandbox must be auto, required or off, not maybe'],
    [
      'a bad domain',
      ['--allow-net', 'http://example.com/'],
      '--allow-net: The domain rule "http://example.com/" holds a scheme; a rule names a domain alone and covers HTTP and HTTPS on every port: write "example.com".',
    ],
    [
      'widening with --sandbox off',
      ['--sandbox', 'off', '--allow-net', 'example.com'],
      '--allow-net and --allow-write-path widen the sandbox; with --sandbox off there is none',
    ],
  ];
  for (const [label, flags, message] of refused) {
    it(`SB-4: ${label} is a usage error and nothing runs`, () => {
      const run = bash(`touch ${outside}/never`, ...flags);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`toolwright call: ${message}\n`);
      expect(existsSync(join(outside, 'never'))).toBe(false);
    });
  }

  it('SB-4: the sandbox flags with a plugin module are a usage error, never ignored', () => {
    const run = toolwright(['call', 'plugin.js', 'x', '{}', '--sandbox', 'required'], work);
    expect(run).toMatchObject({
      status: 2,
      stderr:
        'toolwright call: --sandbox, --allow-net and --allow-write-path apply to the builtin Bash tools; the tools of plugin.js run where their code says\n',
    });
  });
});

describe('toolwright call builtin Bash --allow-net (SB-3)', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_request, response) => response.end('hello from the host\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** The CLI run without blocking this process (its HTTP server must answer meanwhile). */
  const call = (command: string, ...flags: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [
        requireBuilt('packages/cli/dist/bundle/toolwright.js'),
        'call',
        'builtin',
        'Bash',
        JSON.stringify({ command }),
        '--allow-bash',
        '--cwd',
        work,
        ...flags,
      ]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('close', (status) => resolve({ status, stdout, stderr }));
    });
  /** A GET through the sandbox's proxy, written by hand (no HTTP client needed inside). */
  const get = (url: string) =>
    `${JSON.stringify(process.execPath)} -e ${JSON.stringify(
      `const s = require('net').connect(3128, '127.0.0.1', () => s.write('GET ${url} HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n')); let t = ''; s.on('data', (d) => (t += d)); s.on('close', () => process.stdout.write(t.split('\\r\\n\\r\\n')[1] ?? t));`,
    )}`;

  it('SB-3: --allow-net opens that domain through the proxy; another is refused with the rule named', async () => {
    const run = await call(
      `${get(`http://localhost:${port}/`)}; ${get('http://evil.example/')}`,
      '--allow-net',
      'localhost',
    );
    expect(run).toEqual({
      status: 0,
      stdout:
        'hello from the host\ntoolwright sandbox: evil.example is not an allowed domain; allowed: localhost\n' +
        '[sandbox: evil.example is not an allowed domain; allowed: localhost]\n',
      stderr: `toolwright call: sandbox: bubblewrap (writable: ${work}, /tmp (private); network: localhost through the proxy)\n`,
    });
  });
});
