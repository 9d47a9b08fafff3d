import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FolderOpener } from './folder-opener.js';
import { GrepFileReader } from './grep-read-file.js';

const top = realpathSync(mkdtempSync(join(tmpdir(), 'tw-folder-opener-')));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/** A workspace `ws` with `ws/sub/{a,b}.txt` (inside) and a folder `out` holding the same names (outside). */
function sandbox(name: string): { ws: string; out: string } {
  const ws = join(top, name, 'ws');
  const out = join(top, name, 'out');
  mkdirSync(join(ws, 'sub'), { recursive: true });
  mkdirSync(out);
  for (const file of ['a.txt', 'b.txt']) {
    writeFileSync(join(ws, 'sub', file), `inside ${file}\n`);
    writeFileSync(join(out, file), `outside ${file}\n`);
  }
  return { ws, out };
}

/** Reads what the opener opens at `path`, or says it refused. */
function readThrough(opener: FolderOpener, path: string): string {
  let descriptor: number;
  try {
    descriptor = opener.open(path, FLAGS);
  } catch (error) {
    return `failed: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  if (descriptor === -1) return 'refused';
  try {
    return readFileSync(descriptor, 'utf8');
  } finally {
    closeSync(descriptor);
  }
}

const openDescriptors = (): number => readdirSync('/proc/self/fd').length;

describe('FolderOpener', () => {
  it('PA-2: opens the files of a folder through one checked descriptor of it, and releases it', () => {
    const { ws } = sandbox('plain');
    const opener = new FolderOpener();
    const before = openDescriptors();
    expect(readThrough(opener, join(ws, 'sub/a.txt'))).toBe('inside a.txt\n');
    expect(readThrough(opener, join(ws, 'sub/b.txt'))).toBe('inside b.txt\n');
    expect(readThrough(opener, join(ws, 'sub/missing.txt'))).toBe('failed: ENOENT');
    expect(openDescriptors()).toBe(before + 1);
    opener.release();
    expect(openDescriptors()).toBe(before);
  });

  it('PA-2: a folder swapped for a link after the walk judged it: nothing of the link target is opened', () => {
    const { ws, out } = sandbox('swapped');
    renameSync(join(ws, 'sub'), join(ws, 'away'));
    symlinkSync(out, join(ws, 'sub'));
    const opener = new FolderOpener();
    expect(readThrough(opener, join(ws, 'sub/a.txt'))).toBe('refused');
    expect(readThrough(opener, join(ws, 'sub/b.txt'))).toBe('refused');
    opener.release();
  });

  it('PA-2: a folder moved and replaced by a link while it is held: its files are still read from the folder checked', () => {
    const { ws, out } = sandbox('moved');
    const opener = new FolderOpener();
    expect(readThrough(opener, join(ws, 'sub/a.txt'))).toBe('inside a.txt\n');
    renameSync(join(ws, 'sub'), join(ws, 'away'));
    symlinkSync(out, join(ws, 'sub'));
    expect(readThrough(opener, join(ws, 'sub/b.txt'))).toBe('inside b.txt\n');
    opener.release();
    // Checked again once released: the link is refused.
    expect(readThrough(opener, join(ws, 'sub/b.txt'))).toBe('refused');
    opener.release();
  });

  it('PA-2: a file swapped for a link is not followed; Grep counts it unreadable', () => {
    const { ws, out } = sandbox('file-link');
    rmSync(join(ws, 'sub/a.txt'));
    symlinkSync(join(out, 'a.txt'), join(ws, 'sub/a.txt'));
    const opener = new FolderOpener();
    expect(readThrough(opener, join(ws, 'sub/a.txt'))).toBe('failed: ELOOP');
    opener.release();
    const reader = new GrepFileReader();
    expect(reader.read(join(ws, 'sub/a.txt'))).toEqual({ kind: 'unreadable' });
    expect(reader.read(join(ws, 'sub/b.txt'))).toMatchObject({ kind: 'text' });
    reader.release();
  });
  it("PA-2: '.' and '..' never open through a held folder: each is checked as a path of its own and refused", () => {
    const { ws } = sandbox('dots');
    const opener = new FolderOpener();
    expect(readThrough(opener, join(ws, 'sub/a.txt'))).toBe('inside a.txt\n');
    expect(readThrough(opener, `${ws}/sub/..`)).toBe('refused');
    expect(readThrough(opener, `${ws}/sub/.`)).toBe('refused');
    expect(readThrough(opener, `${ws}/sub/`)).toBe('refused');
    opener.release();
  });
});
