// CL-4: what `toolwright call` reads — @file, -, --ssh-key, --known-hosts — is a bounded regular file (or
// standard input, bounded), never a FIFO or a device it would wait on or read forever.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '@toolwright/test-support/paths';
import { toolwright } from '@toolwright/test-support/run-toolwright';

const folder = mkdtempSync(join(tmpdir(), 'tw-call-inputs-'));
const fifo = join(folder, 'fifo');
const hint = '. Give a JSON file, or - for standard input';

beforeAll(() => {
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  writeFileSync(join(folder, 'known_hosts'), '');
  writeFileSync(join(folder, 'args.json'), JSON.stringify({ path: folder }));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const call = (args: readonly string[], input = '') => toolwright(['call', 'builtin', 'Ls', ...args], folder, input);

describe('toolwright call: the arguments', () => {
  it('CL-4: @file reads a regular file', () => {
    expect(call(['@args.json'])).toMatchObject({ status: 0, stderr: '' });
  });

  it.each([
    ['/dev/zero', '/dev/zero: it is a character device, not a regular file'],
    ['/dev/null', '/dev/null: it is a character device, not a regular file'],
    ['fifo', 'fifo: it is a named pipe (FIFO), not a regular file'],
    // The test's standard input is a socket (as Node makes a child's pipes).
    ['/dev/stdin', '/dev/stdin: it is a socket or a device with nothing behind it, not a regular file'],
    ['.', '.: it is a folder, not a regular file'],
  ])('CL-4: @%s is refused at once, without reading from it', (file, reason) => {
    expect(call([`@${file}`], '{"path":"/"}')).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright call: cannot read the arguments from ${reason}${hint}\n`,
    });
  });

  it('CL-4: more than 1 MB in a file or on standard input is refused', () => {
    const tooLarge = "larger than 1,048,576 bytes, the most the gate accepts as a call's arguments";
    writeFileSync(join(folder, 'big.json'), `{"path":"${'x'.repeat(1_048_570)}"}`);
    expect(call(['@big.json'])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright call: the arguments in big.json are ${tooLarge}\n`,
    });
    expect(call(['-'], ' '.repeat(4 * 1_048_576))).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright call: the arguments on standard input are ${tooLarge}\n`,
    });
  });

  it('CL-4: an endless standard input (cat /dev/zero) is read only up to the cap, then refused', () => {
    const bin = requireBuilt('packages/cli/dist/bundle/toolwright.js');
    const run = spawnSync('sh', ['-c', `cat /dev/zero | "${process.execPath}" "${bin}" call builtin Ls -`], {
      cwd: folder,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr:
        "toolwright call: the arguments on standard input are larger than 1,048,576 bytes, the most the gate accepts as a call's arguments\n",
    });
  });

  it('CL-4: a parse error says where and what, and never prints the secret next to it', () => {
    const text = '{\n  "path": "/",\n  "token": "ghp_SECRETSECRET"\n  "more": 1\n}';
    writeFileSync(join(folder, 'secret.json'), text);
    const where = "at line 4, column 3, expected ',' or '}' after a property value";
    for (const [args, input, what] of [
      [['@secret.json'], '', 'the arguments in secret.json'],
      [['-'], text, 'the arguments on standard input'],
      [[text], '', 'the arguments'],
    ] as const) {
      const run = call(args, input);
      expect(run).toEqual({ status: 2, stdout: '', stderr: `toolwright call: ${what} are not valid JSON: ${where}\n` });
      expect(run.stderr).not.toContain('SECRET');
    }
  });
});

describe('toolwright call: --known-hosts and --ssh-key', () => {
  const remote = (knownHosts: string, key: string) =>
    toolwright(
      ['call', 'builtin', 'Bash', '{"command":"true"}', '--allow-bash', '--shell', 'ssh://user@127.0.0.1:1'].concat([
        '--known-hosts',
        knownHosts,
        '--ssh-key',
        key,
      ]),
      folder,
    );

  it.each([
    ['/dev/zero', 'a character device, not a regular file'],
    ['fifo', 'a named pipe (FIFO), not a regular file'],
    ['.', 'a folder, not a regular file'],
    ['missing', 'ENOENT'],
  ])('CL-4: --known-hosts %s is refused before anything connects', (file, reason) => {
    expect(remote(file, 'known_hosts')).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright call: --known-hosts: cannot read ${file} (${reason})\n`,
    });
  });

  it('CL-4: --ssh-key must be a regular file of at most 4 MB', () => {
    expect(remote('known_hosts', '/dev/zero').stderr).toBe(
      'toolwright call: --ssh-key: cannot read /dev/zero (a character device, not a regular file)\n',
    );
    expect(remote('known_hosts', 'fifo').stderr).toBe(
      'toolwright call: --ssh-key: cannot read fifo (a named pipe (FIFO), not a regular file)\n',
    );
    writeFileSync(join(folder, 'huge_key'), '');
    truncateSync(join(folder, 'huge_key'), 4 * 1_048_576 + 1);
    expect(remote('known_hosts', 'huge_key').stderr).toBe(
      'toolwright call: --ssh-key: cannot read huge_key (larger than 4,194,304 bytes)\n',
    );
  });
});
