import type { Dirent } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { ancestorIgnoreLevels, isIgnored, loadIgnoreLevel, type IgnoreLevel } from './gitignore-rules.js';
import { readFolder } from './read-folder.js';
import { isSecretPath } from './secret-paths.js';
import { createYielder } from './yield-now.js';

/** Folders no search enters: version-control internals and installed dependencies. */
export const ALWAYS_SKIPPED_FOLDERS: readonly string[] = Object.freeze(['.git', '.hg', '.svn', 'node_modules']);

/** Glob and Grep stop walking after visiting this many entries, and say so. */
export const MAX_WALK_ENTRIES = 200_000;

/** One file (or symbolic link) a walk found. */
export interface WalkEntry {
  /** The path below the walked folder, `/`-separated. */
  readonly relative: string;
  /** A regular file, or a symbolic link (listed, never followed). */
  readonly kind: 'file' | 'symlink';
}

/** What a walk found, sorted by path, and what it left out. */
export interface WalkResult {
  readonly entries: readonly WalkEntry[];
  /** Secret files and folders left out. */
  readonly secretsHidden: number;
  /** Paths left out by `.gitignore` rules. */
  readonly ignored: number;
  /** Paths left out because the call may not touch them (the workspace, the gate's rules). */
  readonly notPermitted: number;
  /** True when the walk stopped at `maxEntries` visited entries. */
  readonly cut: boolean;
}

/** How to walk. */
export interface WalkOptions {
  /** The folder to walk: a real path. */
  readonly root: string;
  /** Stop after visiting this many entries. */
  readonly maxEntries: number;
  /** Stops the walk (it rejects) when aborted. */
  readonly signal: AbortSignal;
  /** Whether a folder below the root may hold wanted files (prunes the walk); default all. */
  readonly descend?: (relative: string) => boolean;
  /** Whether the call may touch a path below the root (SPEC PA-3); what it may not is neither listed nor entered. */
  readonly allows?: (relative: string, kind: 'file' | 'folder') => boolean;
}

/**
 * Lists the files under a folder as a user of git, ripgrep or fd would expect (SPEC BT-3): `.git`
 * and `node_modules` skipped; `.gitignore` rules applied (the folder's own and nested ones, and
 * those above it up to the repository's top); secret paths left out; dot files included.
 * Symbolic links are listed but never followed, so no link loops, and no walk leaves the folder.
 */
export async function walkTree(options: WalkOptions): Promise<WalkResult> {
  const entries: WalkEntry[] = [];
  let secretsHidden = 0;
  let ignored = 0;
  let notPermitted = 0;
  let visited = 0;
  const pending: { folder: string; relative: string; levels: readonly IgnoreLevel[] }[] = [
    { folder: options.root, relative: '', levels: ancestorIgnoreLevels(options.root) },
  ];
  const pause = createYielder();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    await pause();
    options.signal.throwIfAborted();
    // Synchronous, in 20 ms slices: several times faster than fs.promises over many folders.
    // Unreadable (or changed) folders are skipped, as grep -r and rg skip unreadable ones.
    const dirents: Dirent[] | undefined = readFolder(next.folder);
    if (dirents === undefined) continue;
    const own = dirents.some((dirent) => dirent.name === '.gitignore') ? loadIgnoreLevel(next.folder) : undefined;
    const levels = own === undefined ? next.levels : [...next.levels, own];
    for (const dirent of dirents) {
      if (++visited > options.maxEntries) return finish(true);
      const path = `${next.folder === '/' ? '' : next.folder}/${dirent.name}`;
      const relative = next.relative === '' ? dirent.name : `${next.relative}/${dirent.name}`;
      const isFolder = dirent.isDirectory();
      if (isFolder && ALWAYS_SKIPPED_FOLDERS.includes(dirent.name)) continue;
      if (isSecretPath(path) || (dirent.isSymbolicLink() && (await linksToSecret(path)))) {
        secretsHidden++;
        continue;
      }
      if (levels.length > 0 && isIgnored(levels, path, isFolder)) {
        ignored++;
        continue;
      }
      if (options.allows !== undefined && !options.allows(relative, isFolder ? 'folder' : 'file')) {
        notPermitted++;
        continue;
      }
      if (isFolder) {
        if (options.descend?.(relative) ?? true) pending.push({ folder: path, relative, levels });
      } else if (dirent.isFile()) entries.push({ relative, kind: 'file' });
      else if (dirent.isSymbolicLink()) entries.push({ relative, kind: 'symlink' });
    }
  }
  return finish(false);

  function finish(cut: boolean): WalkResult {
    entries.sort((left, right) => (left.relative < right.relative ? -1 : left.relative > right.relative ? 1 : 0));
    return { entries, secretsHidden, ignored, notPermitted, cut };
  }
}

/** True when a symbolic link leads to a secret file. A broken link leads nowhere. */
export async function linksToSecret(path: string): Promise<boolean> {
  try {
    return isSecretPath(await realpath(path));
  } catch {
    return false;
  }
}
