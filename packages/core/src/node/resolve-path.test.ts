import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isInside, MAX_PATH_BYTES, MAX_PATH_SEGMENTS, resolvePath, type ResolvedPath } from './resolve-path.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-resolve-')));
mkdirSync(join(root, 'real/deeper'), { recursive: true });
mkdirSync(join(root, 'other'));
writeFileSync(join(root, 'real/file.txt'), '');
symlinkSync(join(root, 'real/deeper'), join(root, 'link'));
symlinkSync(join(root, 'other'), join(root, 'real/out'));
// Dangling links: to a missing file (relative and absolute target), through a missing folder, a chain, a loop.
symlinkSync('../other/planted.txt', join(root, 'real/notes.txt'));
symlinkSync(join(root, 'other/.env'), join(root, 'real/secret-to-be'));
symlinkSync('../other/new-folder', join(root, 'real/dangling-folder'));
symlinkSync('notes.txt', join(root, 'real/chain'));
symlinkSync('loop-b', join(root, 'real/loop-a'));
symlinkSync('loop-a', join(root, 'real/loop-b'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ok = (path: string, realPath: string, exists: boolean): ResolvedPath => ({ path, realPath, exists });

describe('resolvePath (the one path authority)', () => {
  it('PA-1: relative against cwd, . .. // collapsed, ~ literal, the real path as the kernel sees it', () => {
    expect(resolvePath('file.txt', join(root, 'real'))).toEqual(
      ok(join(root, 'real/file.txt'), join(root, 'real/file.txt'), true),
    );
    expect(resolvePath(`${root}//real/./../real/file.txt`, '/')).toEqual(
      ok(join(root, 'real/file.txt'), join(root, 'real/file.txt'), true),
    );
    // `link/..` is lexically the root, but the kernel goes up from the link's target.
    expect(resolvePath('link/../file.txt', root)).toEqual(
      ok(join(root, 'file.txt'), join(root, 'real/file.txt'), true),
    );
    expect(resolvePath('real/out/new/deep.txt', root)).toEqual(
      ok(join(root, 'real/out/new/deep.txt'), join(root, 'other/new/deep.txt'), false),
    );
    expect(resolvePath('~/x', root)).toEqual(ok(join(root, '~/x'), join(root, '~/x'), false));
  });

  it('PA-1: a dangling final link resolves through its target, relative or absolute, and through chains', () => {
    expect(resolvePath('real/notes.txt', root)).toEqual(
      ok(join(root, 'real/notes.txt'), join(root, 'other/planted.txt'), false),
    );
    expect(resolvePath('real/secret-to-be', root)).toEqual(
      ok(join(root, 'real/secret-to-be'), join(root, 'other/.env'), false),
    );
    expect(resolvePath('real/chain', root)).toEqual(
      ok(join(root, 'real/chain'), join(root, 'other/planted.txt'), false),
    );
    expect(resolvePath('real/dangling-folder/a/b.txt', root)).toEqual(
      ok(join(root, 'real/dangling-folder/a/b.txt'), join(root, 'other/new-folder/a/b.txt'), false),
    );
    // Below a missing folder `..` is lexical: creating the folder makes it exactly that.
    expect(resolvePath('real/dangling-folder/a/../c.txt', root)).toEqual(
      ok(join(root, 'real/dangling-folder/c.txt'), join(root, 'other/new-folder/c.txt'), false),
    );
  });

  it('PA-1: what cannot be resolved safely is a problem with a reason, never a guess', () => {
    expect(resolvePath('real/loop-a', root)).toEqual({
      problem: 'The path passes through more than 40 symbolic links (a loop).',
    });
    expect(resolvePath('real/file.txt/below', root)).toEqual({
      problem: 'A part of the path is a file, not a folder.',
    });
    expect(resolvePath('real/notes.txt/below', root)).toEqual({
      path: join(root, 'real/notes.txt/below'),
      realPath: join(root, 'other/planted.txt/below'),
      exists: false,
    });
    expect([resolvePath('', root), resolvePath('a\0b', root), resolvePath('a', 'relative/cwd')]).toEqual([
      { problem: 'The path is empty.' },
      { problem: 'The path contains a NUL character, which no file name can hold.' },
      { problem: "The path 'a' is relative, but the working directory is not absolute." },
    ]);
  });

  it('PA-1: length, segment and name caps are checked before any file-system call', () => {
    expect(resolvePath(`/tmp/${'a/'.repeat(70_000)}`, '/')).toEqual({
      problem: `The path is longer than ${MAX_PATH_BYTES.toLocaleString('en-US')} bytes.`,
    });
    expect(resolvePath('/tmp/' + 'a/'.repeat(MAX_PATH_SEGMENTS), '/')).toEqual({
      problem: `The path has more than ${MAX_PATH_SEGMENTS} segments.`,
    });
    expect(resolvePath('x'.repeat(256), root)).toEqual({ problem: 'The path has a name longer than 255 bytes.' });
    expect(resolvePath('é'.repeat(128), root)).toEqual({ problem: 'The path has a name longer than 255 bytes.' });
    expect(resolvePath('a/'.repeat(200), `/${'b/'.repeat(100)}`)).toEqual({
      problem: `The path joined to the working directory has more than ${MAX_PATH_SEGMENTS} segments.`,
    });
    // At the caps, a missing path of 255 segments is still resolved (one lstat per segment).
    const deep = `${root}/${'m/'.repeat(240)}end`;
    expect(resolvePath(deep, '/')).toMatchObject({ realPath: deep, exists: false });
  });

  it('PA-1: isInside takes a folder and what lies below it, not a sibling that shares a prefix', () => {
    expect([isInside('/ws', '/ws'), isInside('/ws/a', '/ws'), isInside('/ws2/a', '/ws'), isInside('/a', '/')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });
});
