import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, ToolInput, type ToolResult } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { LsTool } from './ls-tool.js';

const root = mkdtempSync(join(tmpdir(), 'tw-ls-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ls = new LsTool();
const run = (input: Record<string, unknown>, cwd = root): Promise<ToolResult> =>
  ls.execute(ToolInput.of(input), createToolContext({ cwd }));

function tree(folder: string, files: readonly string[]): string {
  const base = join(root, folder);
  for (const relative of files) {
    mkdirSync(join(base, relative, '..'), { recursive: true });
    if (!relative.endsWith('/')) writeFileSync(join(base, relative), relative);
  }
  return base;
}

describe('Ls', () => {
  it('BT-3: lists one folder sorted by name, folders marked / and links @, dot files included', async () => {
    const base = tree('project', ['src/index.ts', 'README.md', '.gitignore', 'Zeta.txt', 'alpha.txt']);
    symlinkSync(join(base, 'README.md'), join(base, 'readme-link'));
    const result = await run({ path: base });
    expect(result).toMatchObject({
      isError: false,
      content: `${base}:\n.gitignore\nREADME.md\nZeta.txt\nalpha.txt\nreadme-link@\nsrc/`,
      metadata: { path: base, entries: 6, shown: 6, truncated: false, secretsHidden: 0 },
    });
  });

  it('BT-3: without path it lists the working directory; ignore globs leave entries out', async () => {
    const base = tree('ignoring', ['keep.ts', 'drop.log', 'build/out.js']);
    expect(await run({ ignore: ['*.log', 'build'] }, base)).toMatchObject({
      content: `${base}:\nkeep.ts`,
      metadata: { ignored: 2 },
    });
  });

  it('BT-3: leaves secret files out of the listing, links to secrets too, and counts them for the host only', async () => {
    const base = tree('secrets', [
      '.env',
      '.env.local',
      '.env.example',
      'id_rsa',
      'id_rsa.pub',
      'server.key',
      'app.ts',
    ]);
    symlinkSync(join(base, '.env'), join(base, 'innocent.txt'));
    const result = await run({ path: base });
    expect(result.content).toBe(`${base}:\n.env.example\napp.ts\nid_rsa.pub`);
    expect(result.metadata.secretsHidden).toBe(5);
  });

  it('BT-3: shows at most 1,000 entries and says how many there are', async () => {
    const base = tree(
      'crowded',
      Array.from({ length: 1_005 }, (_, index) => `f${String(index).padStart(4, '0')}.txt`),
    );
    const result = await run({ path: base });
    const lines = result.content.split('\n');
    expect(lines.length).toBe(1_002);
    expect(lines[1000]).toBe('f0999.txt');
    expect(lines[1001]).toBe(
      '[Showing the first 1,000 of 1,005 entries. Leave some out with ignore, or find files with Glob.]',
    );
    expect(result.metadata).toMatchObject({ entries: 1_005, shown: 1_000, truncated: true });
  });

  it('BT-3: a file is not a folder (use Read); a missing folder says so', async () => {
    const base = tree('single', ['only.txt']);
    expect(await run({ path: join(base, 'only.txt') })).toMatchObject({
      isError: true,
      content: `${join(base, 'only.txt')} is a file, not a folder. Read it with Read.`,
      metadata: { refused: 'not-directory' },
    });
    expect((await run({ path: join(base, 'nope') })).content).toBe(
      `No file or folder exists at ${join(base, 'nope')}. Check the path with Ls or Glob.`,
    );
  });

  it('PM-2: the subject is PATH from path, the working directory when left out', () => {
    expect(ls.permissionSubject(ToolInput.of({}))).toEqual({ kind: 'PATH', value: '.', tree: true });
    expect(ls.permissionSubject(ToolInput.of({ path: '/srv' }))).toEqual({ kind: 'PATH', value: '/srv', tree: true });
  });
});
