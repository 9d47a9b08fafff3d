// CL-5: the line `toolwright serve` writes on stderr is one line of plain text, whatever the names in it hold.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPath, requireBuilt } from '@toolwright/test-support/paths';

const folder = mkdtempSync(join(tmpdir(), 'tw-serve-banner-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('toolwright serve: its stderr', () => {
  it('IN-6: a plugin path holding escape sequences and line breaks is printed escaped, on one line', async () => {
    const name = 'evil\u001b[2J\u009b31m\n[progress] forged\u2028.mjs';
    symlinkSync(repoPath('packages/cli/test/fixtures/progress-plugin.mjs'), join(folder, name));
    const child = spawn(process.execPath, [requireBuilt('packages/cli/dist/bundle/toolwright.js'), 'serve', name], {
      cwd: folder,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // A generous deadline: the machine is loaded.
    const deadline = Date.now() + 30_000;
    while (!stderr.includes('\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).toBe(
      'toolwright serve: 1 tool from evil\\u001b[2J\\u009b31m\\n[progress] forged\\u2028.mjs on stdio: copy_files.\n',
    );
  });
});
