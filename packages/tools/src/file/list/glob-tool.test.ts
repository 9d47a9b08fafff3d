import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, ToolInput, type ToolResult } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { hostileFiles } from '../../../test/hostile-gitignore.js';
import { longestBlock } from '../../../test/longest-block.js';
import { GlobTool } from './glob-tool.js';

const root = mkdtempSync(join(tmpdir(), 'tw-glob-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const glob = new GlobTool();
const run = (input: Record<string, unknown>, cwd = root): Promise<ToolResult> =>
  glob.execute(ToolInput.of(input), createToolContext({ cwd }));

/** Creates files (and, for names ending in /, folders) below a new folder of `root`. */
function tree(folder: string, files: Readonly<Record<string, string>>): string {
  const base = join(root, folder);
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(join(base, relative, relative.endsWith('/') ? '' : '..'), { recursive: true });
    if (!relative.endsWith('/')) writeFileSync(join(base, relative), content);
  }
  return base;
}

describe('Glob', () => {
  it('BT-3: returns absolute paths sorted by path; ** spans folders, braces pick alternatives, dot files match', async () => {
    const base = tree('basic', { 'b.ts': '', 'a/z.ts': '', 'a/y.tsx': '', 'a/x.js': '', '.config/c.ts': '' });
    expect((await run({ pattern: '**/*.ts', path: base })).content).toBe(
      [join(base, '.config/c.ts'), join(base, 'a/z.ts'), join(base, 'b.ts')].join('\n'),
    );
    expect((await run({ pattern: 'a/*.{ts,tsx}' }, base)).content).toBe(
      [join(base, 'a/y.tsx'), join(base, 'a/z.ts')].join('\n'),
    );
    expect((await run({ pattern: '*.ts', path: base })).content).toBe(join(base, 'b.ts'));
    expect(await run({ pattern: '**/*.py', path: base })).toMatchObject({
      isError: false,
      content: `No files below ${base} match the pattern.`,
      metadata: { matches: 0 },
    });
  });

  it('BT-3: skips .git and node_modules, and what the root .gitignore and nested ones ignore (with ! re-includes)', async () => {
    const base = tree('ignored', {
      '.gitignore': 'dist/\n*.log\n!keep.log\n',
      'src/app.ts': '',
      'src/.gitignore': 'generated.ts\n',
      'src/generated.ts': '',
      'dist/app.js': '',
      'debug.log': '',
      'keep.log': '',
      'node_modules/pkg/index.js': '',
      '.git/HEAD': '',
    });
    const result = await run({ pattern: '**/*', path: base });
    expect(result.content).toBe(
      [join(base, '.gitignore'), join(base, 'keep.log'), join(base, 'src/.gitignore'), join(base, 'src/app.ts')].join(
        '\n',
      ),
    );
    expect(result.metadata).toMatchObject({ ignored: 3 });
  });

  it('BT-3: inside a repository, the .gitignore files above the searched folder apply too', async () => {
    const base = tree('repo', {
      '.git/': '',
      '.gitignore': 'packages/*/dist/\n',
      'packages/a/dist/x.js': '',
      'packages/a/src/x.js': '',
    });
    expect((await run({ pattern: '**/*.js', path: join(base, 'packages/a') })).content).toBe(
      join(base, 'packages/a/src/x.js'),
    );
  });

  it('BT-3: leaves secret paths out, links to secrets included', async () => {
    const base = tree('secrets', {
      '.env': '',
      'config/.env.production': '',
      '.env.example': '',
      'keys/deploy.pem': '',
      'app.ts': '',
    });
    symlinkSync(join(base, '.env'), join(base, 'env-link'));
    const result = await run({ pattern: '**/*', path: base });
    expect(result.content).toBe([join(base, '.env.example'), join(base, 'app.ts')].join('\n'));
    expect(result.metadata.secretsHidden).toBe(4);
  });

  it('BT-3: symbolic links are listed, never followed, so a link loop ends and nothing outside is found', async () => {
    const outside = tree('outside', { 'far.ts': '' });
    const base = tree('loop', { 'sub/inner.ts': '' });
    symlinkSync(base, join(base, 'sub/back-to-root'));
    symlinkSync(outside, join(base, 'out'));
    const result = await run({ pattern: '**', path: base });
    expect(result.content).toBe(
      [join(base, 'out'), join(base, 'sub/back-to-root'), join(base, 'sub/inner.ts')].join('\n'),
    );
  });

  it('BT-3: shows at most 1,000 paths and says how many matched', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 1_003 }, (_, index) => [`n/${String(index).padStart(4, '0')}.md`, '']),
    );
    const base = tree('many', files);
    const result = await run({ pattern: '**/*.md', path: base });
    const lines = result.content.split('\n');
    expect(lines.length).toBe(1_001);
    expect(lines[999]).toBe(join(base, 'n/0999.md'));
    expect(lines[1000]).toBe('[Showing the first 1,000 of 1,003 matches. Narrow the pattern or the path.]');
    expect(result.metadata).toMatchObject({ matches: 1_003, shown: 1_000, truncated: true });
  });

  it('BT-3: refuses absolute patterns and .. in patterns, and a file as path, saying what to do instead', async () => {
    expect(await run({ pattern: '/etc/*' })).toMatchObject({
      isError: true,
      content:
        'pattern must be relative to path, not absolute. Put the folder in path and the rest in pattern, e.g. path: "/repo/src", pattern: "**/*.ts".',
    });
    expect((await run({ pattern: '../**' })).content).toBe(
      "pattern cannot hold '..'. Give the folder above as path instead.",
    );
    const base = tree('file-root', { 'one.ts': '' });
    expect((await run({ pattern: '*', path: join(base, 'one.ts') })).content).toBe(
      `${join(base, 'one.ts')} is a file; Glob searches folders. Give its folder as path.`,
    );
  });

  it('PA-4: a .gitignore of patterns a backtracking matcher takes exponential time on: Glob applies it and never holds the event loop', async () => {
    const base = tree('hostile', hostileFiles(''));
    let result: ToolResult | undefined;
    expect(await longestBlock(async () => (result = await run({ pattern: '**/*', path: base })), 100)).toBeLessThan(
      100,
    );
    expect(result?.metadata).toMatchObject({ matches: 61, ignored: 1 });
  });
});
