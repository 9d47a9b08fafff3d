import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { longestBlock } from '../../../test/longest-block.js';
import { walkTree, type WalkOptions, type WalkResult } from './walk-tree.js';

const top = realpathSync(mkdtempSync(join(tmpdir(), 'tw-walk-tree-')));
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** A new folder under the test's temporary folder holding `files` (path → content). */
function tree(name: string, files: Record<string, string>): string {
  const root = join(top, name);
  mkdirSync(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const walk = (root: string, options: Partial<WalkOptions> = {}): Promise<WalkResult> =>
  walkTree({ root, maxEntries: 1000, signal: new AbortController().signal, ...options });

describe('walkTree', () => {
  it('BT-3: lists files and links sorted, counts what it leaves out, and never follows a link', async () => {
    const root = tree('full', {
      '.gitignore': '*.log\nbuild/\n',
      '.hidden': '',
      'a.txt': '',
      'b/c.txt': '',
      'b/debug.log': '',
      'b/node_modules': 'a file, not the folder of dependencies',
      'build/out.js': '',
      'node_modules/dependency/index.js': '',
      '.hg/store': '',
      '.svn/entries': '',
      '.env': 'TOKEN=1',
      '.env.example': 'TOKEN=',
    });
    symlinkSync(join(root, '.env'), join(root, 'link-to-env'));
    symlinkSync(join(root, 'b'), join(root, 'link-to-b'));
    symlinkSync('.', join(root, 'loop'));
    symlinkSync('missing', join(root, 'broken'));
    expect(spawnSync('mkfifo', [join(root, 'fifo')]).status).toBe(0);
    expect(await walk(root)).toEqual({
      entries: [
        { relative: '.env.example', kind: 'file' },
        { relative: '.gitignore', kind: 'file' },
        { relative: '.hidden', kind: 'file' },
        { relative: 'a.txt', kind: 'file' },
        { relative: 'b/c.txt', kind: 'file' },
        { relative: 'b/node_modules', kind: 'file' },
        { relative: 'broken', kind: 'symlink' },
        { relative: 'link-to-b', kind: 'symlink' },
        { relative: 'loop', kind: 'symlink' },
      ],
      // .env and the link to it; b/debug.log and the build folder (counted once, not entered).
      secretsHidden: 2,
      ignored: 2,
      notPermitted: 0,
      cut: false,
    });
  });

  it('PA-3: what allows refuses is neither listed nor entered, and counted; links are asked about as files', async () => {
    const root = tree('allows', { 'x.txt': '', 'd/y.txt': '' });
    symlinkSync('x.txt', join(root, 'l'));
    const asked: string[] = [];
    const result = await walk(root, {
      allows: (relative, kind) => {
        asked.push(`${relative} ${kind}`);
        return relative !== 'd';
      },
    });
    expect(asked.sort()).toEqual(['d folder', 'l file', 'x.txt file']);
    expect(result).toEqual({
      entries: [
        { relative: 'l', kind: 'symlink' },
        { relative: 'x.txt', kind: 'file' },
      ],
      secretsHidden: 0,
      ignored: 0,
      notPermitted: 1,
      cut: false,
    });
  });

  it('BT-3: descend prunes folders below the root without counting them', async () => {
    const root = tree('descend', { 'x.txt': '', 'd/y.txt': '', 'e/z.txt': '' });
    const asked: string[] = [];
    const result = await walk(root, {
      descend: (relative) => {
        asked.push(relative);
        return relative !== 'd';
      },
    });
    expect(asked.sort()).toEqual(['d', 'e']);
    expect(result.entries.map((entry) => entry.relative)).toEqual(['e/z.txt', 'x.txt']);
    expect([result.ignored, result.notPermitted, result.cut]).toEqual([0, 0, false]);
  });

  it('BT-3: stops after maxEntries visited entries, skipped ones included, and says it was cut', async () => {
    const files = tree('many', { '1': '', '2': '', '3': '', '4': '' });
    expect(await walk(files, { maxEntries: 4 })).toMatchObject({ cut: false, entries: { length: 4 } });
    expect(await walk(files, { maxEntries: 3 })).toMatchObject({ cut: true, entries: { length: 3 } });
    // node_modules is skipped but visited: two files and it are three entries.
    const skipped = tree('skipped', { '1': '', '2': '', 'node_modules/x.js': '' });
    expect((await walk(skipped, { maxEntries: 2 })).cut).toBe(true);
    expect((await walk(skipped, { maxEntries: 3 })).cut).toBe(false);
  });

  it('BT-3, PF-3: finds entries in path order as it goes (a folder sorts as name/), and a cut keeps that order', async () => {
    const names = [
      'a-b.txt',
      'a/x.txt',
      'a/x/y.txt',
      'a0.txt',
      'a.txt',
      'A/y',
      'b/c/d.txt',
      'b/c-d.txt',
      'b/c.txt',
      'é.txt',
      'z/ä/1',
      'z/a/1',
      'z/ä.txt',
    ];
    const root = tree('order', Object.fromEntries(names.map((name) => [name, ''])));
    const found: string[] = [];
    const handed = await walk(root, {
      found: (entry, path) => found.push(path === join(root, entry.relative) ? entry.relative : `${path}?`),
    });
    const sorted = [...names].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
    expect(found).toEqual(sorted);
    // What `found` takes is not kept as well.
    expect(handed.entries).toEqual([]);
    expect((await walk(root)).entries.map((entry) => entry.relative)).toEqual(sorted);
    expect(found[0]).toBe('A/y');
    for (let maxEntries = 1; maxEntries < 20; maxEntries++) {
      const listed = (await walk(root, { maxEntries })).entries.map((entry) => entry.relative);
      expect(listed).toEqual([...listed].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0)));
    }
  });

  it('BT-3, PO-4: an aborted signal stops the walk: it rejects with the abort reason', async () => {
    const reason = new Error('the call was cancelled');
    await expect(walk(tree('aborted', { 'x.txt': '' }), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it('PA-4: a hostile .gitignore never holds the event loop 100 ms, and the walk still applies it exactly', async () => {
    const chain = Array.from({ length: 30 }, () => 'a').join('/');
    const names = Object.fromEntries(
      Array.from({ length: 200 }, (_, index) => [`${'a'.repeat(150 + (index % 50))}${index}`, '']),
    );
    const hostile = [
      `${'a/**/'.repeat(16)}b`,
      `${'**/'.repeat(12)}${'*a'.repeat(16)}b`,
      `${'*'.repeat(2_000)}a${'*'.repeat(2_000)}b`,
      `${'[a-z]*'.repeat(24)}b`,
      `*${'?'.repeat(38)}b`,
      `${'['.repeat(500)}`,
      '*7',
    ];
    const root = tree('hostile', {
      ...names,
      [`${chain}/x7`]: '',
      [`${chain}/kept`]: '',
      '.gitignore': hostile.join('\n'),
    });
    let result: WalkResult | undefined;
    const block = await longestBlock(async () => (result = await walk(root)), 100);
    expect(block).toBeLessThan(100);
    // `*7` ignores the names ending in 7 (20 of the 200 and x7); nothing else matches.
    expect(result?.ignored).toBe(21);
    expect(result?.entries.length).toBe(1 + 180 + 1);
    expect(result?.entries).toContainEqual({ relative: `${chain}/kept`, kind: 'file' });
  });

  it('PA-4: the entries of one folder are checked in slices: slow checks of many entries never hold the event loop', async () => {
    const root = tree('slow-checks', Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`f${index}`, ''])));
    const busy = (milliseconds: number) => {
      const until = performance.now() + milliseconds;
      while (performance.now() < until) {
        // The check of one entry takes this long.
      }
      return true;
    };
    let result: WalkResult | undefined;
    const block = await longestBlock(async () => (result = await walk(root, { allows: () => busy(4) })), 100);
    expect(block).toBeLessThan(100);
    expect(result?.entries.length).toBe(60);
  });

  it.each([
    ['wildcard rules', (index: number) => `*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b${index}`],
    ['one-letter rules', (index: number) => String.fromCharCode(0x61 + (index % 26))],
  ])(
    'PA-4: a 1 MB .gitignore of %s is read and applied in slices: the event loop is never held 100 ms',
    async (name, rule) => {
      const rules = Array.from({ length: 600_000 }, (_, index) => rule(index)).join('\n');
      const text = `${rules.slice(rules.length - 1_048_000 + 11)}\nignored-*\n`;
      const files = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`${'a'.repeat(120)}b${index}x`, '']));
      const root = tree(`many-${name.replaceAll(' ', '-')}`, { ...files, 'ignored-1': '', '.gitignore': text });
      let result: WalkResult | undefined;
      const block = await longestBlock(async () => (result = await walk(root)), 100);
      expect(block).toBeLessThan(100);
      expect(result?.ignored).toBe(1);
      expect(result?.entries.length).toBe(41);
    },
  );
});
