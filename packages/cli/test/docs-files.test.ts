// CL-1: the files `toolwright docs` reads and writes — the package.json it takes the title from, the
// --out file — are regular files; a FIFO or a device there is refused or passed over, never waited on.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '@toolwright/test-support/paths';
import { toolwright } from '@toolwright/test-support/run-toolwright';

const folder = mkdtempSync(join(tmpdir(), 'tw-docs-files-'));
const plugin = 'outer/inner/plugin.mjs';

beforeAll(() => {
  mkdirSync(join(folder, 'outer/inner'), { recursive: true });
  writeFileSync(join(folder, 'outer/package.json'), '{"name":"outer-notes"}');
  expect(spawnSync('mkfifo', [join(folder, 'outer/inner/package.json')]).status).toBe(0);
  expect(spawnSync('mkfifo', [join(folder, 'out.md')]).status).toBe(0);
  symlinkSync(repoPath('packages/cli/test/fixtures/progress-plugin.mjs'), join(folder, plugin));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('toolwright docs: its files', () => {
  it('CL-1: a package.json that is a FIFO is passed over: the title comes from the one above', () => {
    const run = toolwright(['docs', plugin], folder);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^# outer-notes tools\n/);
  });

  it('CL-1: --out naming a FIFO is refused at once; --check calls it out of date without reading it', () => {
    expect(toolwright(['docs', plugin, '--out', 'out.md'], folder)).toEqual({
      status: 2,
      stdout: '',
      stderr: 'toolwright docs: cannot write out.md: it is a named pipe (FIFO) or a socket, not a regular file\n',
    });
    expect(toolwright(['docs', plugin, '--out', 'out.md', '--check'], folder)).toEqual({
      status: 1,
      stdout: '',
      stderr: `out.md is out of date; run: toolwright docs ${plugin} --out out.md\n`,
    });
    expect(toolwright(['docs', plugin, '--out', '/dev/null'], folder)).toEqual({
      status: 2,
      stdout: '',
      stderr: 'toolwright docs: cannot write /dev/null: it is a character device, not a regular file\n',
    });
  });
});
