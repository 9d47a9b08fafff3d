import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isIgnored, isInIgnoredFolder, loadIgnoreLevel, type IgnoreLevel } from './gitignore-rules.js';
import { parseGitignore } from './gitignore-rule.js';
import { walkTree } from './walk-tree.js';

const top = realpathSync(mkdtempSync(join(tmpdir(), 'tw-gitignore-')));
afterAll(() => rmSync(top, { recursive: true, force: true }));
let repositories = 0;

/** A new git repository holding `files` (path → content; a path ending in / is a folder). */
function repository(files: Readonly<Record<string, string>>): string {
  const root = join(top, String(repositories++));
  mkdirSync(root);
  expect(spawnSync('git', ['init', '-q'], { cwd: root }).status).toBe(0);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(path.endsWith('/') ? join(root, path) : dirname(join(root, path)), { recursive: true });
    if (!path.endsWith('/')) writeFileSync(join(root, path), content);
  }
  return root;
}

/** The files git lists below `folder` as untracked and not ignored: the oracle. */
function listedByGit(folder: string): string[] {
  const run = spawnSync(
    'git',
    ['-c', 'core.excludesFile=/dev/null', 'ls-files', '--others', '--exclude-standard', '-z'],
    { cwd: folder, encoding: 'utf8' },
  );
  expect(run.status).toBe(0);
  return run.stdout
    .split('\0')
    .filter((path) => path !== '')
    .sort();
}

/** The files the walk finds below `folder`. */
async function walked(folder: string): Promise<string[]> {
  const result = await walkTree({ root: folder, maxEntries: 100_000, signal: new AbortController().signal });
  return result.entries.map((entry) => entry.relative).sort();
}

const FILES = [
  'a',
  'b.log',
  'A.LOG',
  'x y',
  'trail ',
  '#hash',
  '!bang',
  'ä',
  'é.txt',
  'st*r',
  'q?',
  'a[b]',
  'back\\slash',
  'dir/a',
  'dir/sub/a.txt',
  'dir/sub/deep/b.log',
  'deep/x/y/z.c',
  'foo',
  'foobar',
  'foox/bar',
  'fo/x/y/bar',
  'bar/foo',
  'bar/foo.d/k',
  'build/out.js',
  'build/sub/x',
  'logs/1.log',
  'logs/keep.log',
  'abc/abc',
  'Dir/A',
];
const withFiles = (extra: Record<string, string>) => ({
  ...Object.fromEntries(FILES.map((file) => [file, ''])),
  ...extra,
});

describe('.gitignore rules, as git applies them', () => {
  it.each([
    ['anchored and free rules', '/a\nb.log\nsub/\n'],
    ['** in front, inside and at the end', '**/b.log\ndeep/**/z.c\nbuild/**\n'],
    ['negation re-includes, but not inside an ignored folder', '*.log\n!keep.log\nbuild/\n!build/out.js\n'],
    ['folder-only rules skip files of that name', 'foo/\nbar/\n'],
    ['escapes: \\#, \\!, \\ , \\*, \\?, \\[', '\\#hash\n\\!bang\ntrail\\ \nst\\*r\nq\\?\na\\[b]\n'],
    ['trailing spaces and CRLF line ends', 'b.log   \r\nfoo \r\n'],
    ['character classes and ranges', '[ab]\n[!a-z].LOG\n[[:upper:]]ir/\n[éä]\n'],
    ['case matters on Linux', 'a.log\ndir/\n'],
    ['the prefix quirk: foo**/bar spans folders', 'fo**/bar\nfoo**\n'],
    ['a rule that can match nothing', '[unclosed\nbad\\\n[[:nope:]]\n'],
    ['comments and blank lines', '# a\n\n   \n#b.log\n'],
  ])('BT-3: %s', async (_name, gitignore) => {
    const root = repository(withFiles({ '.gitignore': gitignore }));
    expect(await walked(root)).toEqual(listedByGit(root));
  });

  it('BT-3: a nested .gitignore decides for its folder, a deeper ! re-includes, and a walk from inside sees the rules above', async () => {
    const root = repository(
      withFiles({
        '.gitignore': '*.txt\nsub\n',
        'dir/.gitignore': '!*.txt\n!sub\nb.log\n',
        'deep/.gitignore': '/x/y\n',
      }),
    );
    const visible = await walked(root);
    expect(visible).toEqual(listedByGit(root));
    expect(visible).toContain('dir/sub/a.txt');
    expect(await walked(join(root, 'dir'))).toEqual(listedByGit(join(root, 'dir')));
    expect(await walked(join(root, 'dir/sub'))).toEqual(listedByGit(join(root, 'dir/sub')));
  });

  it('BT-3: walking a folder the .gitignore files above ignore finds nothing, as git lists nothing there', async () => {
    const root = repository(withFiles({ '.gitignore': 'build/\ndeep/x\n', 'build/sub/.gitignore': '!x\n' }));
    for (const folder of ['build', 'build/sub', 'deep/x/y']) {
      expect(listedByGit(join(root, folder))).toEqual([]);
      expect(await walked(join(root, folder))).toEqual([]);
    }
    expect(await walked(join(root, 'deep'))).toEqual(listedByGit(join(root, 'deep')));
  });

  it('BT-3: any .gitignore built from pattern pieces ignores exactly what git ignores', async () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      'x',
      'y',
      'fo',
      'o',
      'foo',
      'bar',
      'dir',
      'sub',
      'deep',
      'build',
      'log',
      '.log',
      'é',
      'A',
      '*',
      '**',
      '/',
      '?',
      '[ab]',
      '[!a]',
      '[a-c]',
      '[[:alpha:]]',
      '[]a]',
      '[',
      ']',
      '\\*',
      '\\ ',
      '\\',
      ' ',
      '!',
      '#',
    );
    const line = fc.array(piece, { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join(''));
    const gitignore = fc.tuple(fc.array(line, { minLength: 1, maxLength: 5 }), fc.boolean());
    await fc.assert(
      fc.asyncProperty(gitignore, gitignore, async ([lines, crlf], [nested]) => {
        const root = repository(
          withFiles({ '.gitignore': `${lines.join(crlf ? '\r\n' : '\n')}\n`, 'dir/.gitignore': nested.join('\n') }),
        );
        expect(await walked(root)).toEqual(listedByGit(root));
      }),
      { numRuns: 60 },
    );
  });
});

describe('isIgnored', () => {
  const level = (base: string, text: string): IgnoreLevel => ({ base, rules: parseGitignore(Buffer.from(text)) });

  it('BT-3: the deepest level with a matching rule decides, and in it the last matching rule', () => {
    const levels = [level('/r', '*.log\n!keep.log\n'), level('/r/a', 'keep.log\n!x.log\n')];
    expect(isIgnored(levels, '/r/y.log', false)).toBe(true);
    expect(isIgnored(levels, '/r/keep.log', false)).toBe(false);
    expect(isIgnored(levels, '/r/a/keep.log', false)).toBe(true);
    expect(isIgnored(levels, '/r/a/x.log', false)).toBe(false);
    expect(isIgnored(levels, '/r/a/z.txt', false)).toBe(false);
    expect(isIgnored([level('/', 'tmp/\n')], '/tmp', true)).toBe(true);
  });

  it('PA-4: with many rules it lets the event loop run when asked, and gives the same answer', async () => {
    const many = level('/r', `keep\n${Array.from({ length: 1_000 }, (_, index) => `*${index}*x`).join('\n')}\n`);
    let asked = 0;
    const pause = () => (++asked % 3 === 0 ? Promise.resolve() : undefined);
    const answer = isIgnored([many], '/r/keep', false, pause);
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(true);
    expect(asked).toBe(Math.floor(1_000 / 32));
    expect(isIgnored([many], '/r/keep', false)).toBe(true);
  });

  it('BT-3: a root inside a folder the levels above ignore is in an ignored folder; one beside it is not', async () => {
    const levels = [level('/r', 'build/\n!build/keep/\n'), level('/r/src', 'gen\n')];
    expect(await isInIgnoredFolder(levels, '/r/build/keep')).toBe(true);
    expect(await isInIgnoredFolder(levels, '/r/src/gen/deep')).toBe(true);
    expect(await isInIgnoredFolder(levels, '/r/src/main')).toBe(false);
    expect(await isInIgnoredFolder([], '/r/build')).toBe(false);
  });

  it("PA-4: a large .gitignore is read in slices: the walk's pause is asked as its lines are read", async () => {
    const folder = repository({
      '.gitignore': Array.from({ length: 10_000 }, (_, index) => `rule-${index}`).join('\n'),
    });
    let asked = 0;
    const loaded = await loadIgnoreLevel(folder, () => (++asked, Promise.resolve()));
    expect(loaded?.rules.length).toBe(10_000);
    expect(asked).toBe(Math.floor(10_000 / 256));
  });

  it('BT-3: a .gitignore that is a FIFO, a link or over 1 MB is not applied, and never waited on', async () => {
    const none = () => undefined;
    const fifo = repository({});
    expect(spawnSync('mkfifo', [join(fifo, '.gitignore')]).status).toBe(0);
    expect(await loadIgnoreLevel(fifo, none)).toBeUndefined();
    const linked = repository({ 'rules.txt': '*\n' });
    symlinkSync(join(linked, 'rules.txt'), join(linked, '.gitignore'));
    expect(await loadIgnoreLevel(linked, none)).toBeUndefined();
    expect(await loadIgnoreLevel(repository({ '.gitignore': 'x'.repeat(1_048_577) }), none)).toBeUndefined();
    expect((await loadIgnoreLevel(repository({ '.gitignore': 'x'.repeat(1_048_576) }), none))?.rules.length).toBe(1);
  });
});
