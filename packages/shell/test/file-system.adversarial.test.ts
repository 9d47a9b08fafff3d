// SH-3: whatever containment holds a command, its file system is the host's: a program's own
// rename(2) and link(2) calls between the working directory and absolute paths work (the
// conformance kit checks the same with coreutils), the command sees the host's mounts (under a PID
// namespace plus the namespace's own /proc), a mount the host makes while the command runs is seen
// by it, and a mount the command makes stays with it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableContainments, LocalShell } from '@toolwright/shell';
import { afterEach, describe, expect, it } from 'vitest';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fresh folder (its real path) holding `top/one/two`, and `link` → `top`. */
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'toolwright-file-system-'));
  folders.push(path);
  mkdirSync(join(path, 'top/one/two'), { recursive: true });
  symlinkSync(join(path, 'top'), join(path, 'link'));
  return path;
}

// Node's own fs calls, so that no tool's fallback (mv copies across devices) hides an EXDEV.
const SYSTEM_CALLS = `
const fs = require('node:fs');
const cwd = process.cwd();
const steps = [
  ['write a', () => fs.writeFileSync('a', 'x')],
  ['link a to absolute b', () => fs.linkSync('a', cwd + '/b')],
  ['link absolute a to c', () => fs.linkSync(cwd + '/a', 'c')],
  ['rename absolute b to d', () => fs.renameSync(cwd + '/b', 'd')],
  ['rename d to absolute e', () => fs.renameSync('d', cwd + '/e')],
  ['rename e to the parent', () => fs.renameSync('e', require('node:path').dirname(cwd) + '/e')],
  ['rename through /proc/self/cwd', () => fs.renameSync('/proc/self/cwd/c', cwd + '/f')],
];
for (const [name, step] of steps) {
  try { step(); console.log('ok ' + name); } catch (error) { console.log('failed ' + name + ': ' + error.code); }
}
`;

const EXPECTED = [
  'ok write a',
  'ok link a to absolute b',
  'ok link absolute a to c',
  'ok rename absolute b to d',
  'ok rename d to absolute e',
  'ok rename e to the parent',
  'ok rename through /proc/self/cwd',
];

/** The mount points of a /proc/<pid>/mountinfo text, sorted. */
function mountPoints(mountinfo: string): string[] {
  return mountinfo
    .trimEnd()
    .split('\n')
    .map((line) => line.split(' ')[4] ?? '')
    .sort();
}

const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

describe.sequential('LocalShell: one file system under every containment (SH-3)', () => {
  for (const containment of availableContainments()) {
    const shell = new LocalShell({ sandbox: 'off', containment });

    it(`SH-3: ${containment}: a program's own link and rename calls between the working directory and absolute paths work`, async () => {
      const root = folder();
      for (const cwd of [join(root, 'top'), join(root, 'top/one/two'), join(root, 'link/one')]) {
        const command = `${quote(process.execPath)} -e ${quote(SYSTEM_CALLS)}`;
        const value = await shell.execute(command, { timeoutMs: 60_000, maxCaptureBytes: 65_536, cwd });
        expect(value).toMatchObject({ exitCode: 0, stderr: '', containment });
        expect(value.stdout.trimEnd().split('\n'), cwd).toEqual(EXPECTED);
      }
    });

    it(`SH-3: ${containment}: the command sees the host's mounts${containment === 'pid-namespace' ? ', and its own /proc' : ''}`, async () => {
      const value = await shell.execute('cat /proc/self/mountinfo', { timeoutMs: 60_000, maxCaptureBytes: 1_048_576 });
      expect(value).toMatchObject({ exitCode: 0, stderr: '', containment });
      const host = mountPoints(readFileSync('/proc/self/mountinfo', 'utf8'));
      const expected = containment === 'pid-namespace' ? [...host, '/proc'].sort() : host;
      expect(mountPoints(value.stdout)).toEqual(expected);
    });
  }

  if (availableContainments().includes('pid-namespace')) {
    it('SH-3: pid-namespace: a mount the host makes while the command runs is seen by it; the mount the command makes stays in its namespace', async () => {
      const root = folder();
      const fixture = fileURLToPath(new URL('./fixtures/host-mount.mjs', import.meta.url));
      // A mount namespace of the test's own with shared mounts, so that nothing here touches the machine's.
      const child = spawn(
        'unshare',
        ['--mount', '--propagation', 'shared', process.execPath, fixture, root, 'pid-namespace'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      let errors = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect({ status, errors }).toEqual({ status: 0, errors: '' });
      expect(JSON.parse(output)).toEqual({
        exitCode: 0,
        stdout: 'seen by the host\nmounted\n',
        stderr: '',
        timedOut: false,
        commandMountSeen: false,
      });
    }, 120_000);
  }
});
