import type { Dirent } from 'node:fs';
import { realpath } from 'node:fs/promises';
import {
  ancestorIgnoreLevels,
  isIgnored,
  isInIgnoredFolder,
  loadIgnoreLevel,
  type IgnoreLevel,
} from './gitignore-rules.js';
import { readFolder } from './read-folder.js';
import { isSecretPath } from '@toolwright/core/node';
import { createYielder } from '../access/yield-now.js';

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
  /**
   * Whether the call may touch a path below the root (SPEC PA-3), given also as an absolute path
   * (the root's plus `/relative`); what it may not is neither listed nor entered.
   */
  readonly allows?: (relative: string, kind: 'file' | 'folder', path: string) => boolean;
  /**
   * Takes each entry (and its absolute path) as soon as it is found, in path order, so work on it
   * need not wait for the whole walk; the result's `entries` then stays empty.
   */
  readonly found?: (entry: WalkEntry, path: string) => void;
}

/** An entry of a listed folder that passed the checks, and its absolute path: a file or link to list, or a folder to enter. */
type Passed =
  | { readonly entry: WalkEntry; readonly path: string }
  | { readonly entry: undefined; readonly path: string; readonly relative: string };

/** A listed folder whose entries are being taken in order. */
interface Frame {
  readonly levels: readonly IgnoreLevel[];
  readonly passed: readonly Passed[];
  next: number;
}

/**
 * Lists the files under a folder as a user of git, ripgrep or fd would expect (SPEC BT-3): `.git`
 * and `node_modules` skipped; `.gitignore` rules applied (the folder's own and nested ones, and
 * those above it up to the repository's top); secret paths left out; dot files included.
 * Symbolic links are listed but never followed, so no link loops, and no walk leaves the folder.
 * Folders are entered in path order (a folder's name sorts as `name/`), so entries are found in
 * the order of the result, and `found` can take them one by one.
 */
export async function walkTree(options: WalkOptions): Promise<WalkResult> {
  const entries: WalkEntry[] = [];
  let secretsHidden = 0;
  let ignored = 0;
  let notPermitted = 0;
  let visited = 0;
  let cut = false;
  const stack: Frame[] = [];
  const pause = createYielder();
  const found = options.found;
  const take = (passed: Passed): void => {
    if (passed.entry === undefined) return;
    if (found === undefined) entries.push(passed.entry);
    else found(passed.entry, passed.path);
  };

  /** Lists a folder and checks its entries, in path order; false when the walk was cut there. */
  async function list(folder: string, relative: string, above: readonly IgnoreLevel[]): Promise<boolean> {
    await pause();
    options.signal.throwIfAborted();
    // Synchronous, in 20 ms slices: several times faster than fs.promises over many folders.
    // Unreadable (or changed) folders are skipped, as grep -r and rg skip unreadable ones.
    const dirents: Dirent[] | undefined = readFolder(folder);
    if (dirents === undefined) return true;
    const own = dirents.some((dirent) => dirent.name === '.gitignore')
      ? await loadIgnoreLevel(folder, pause)
      : undefined;
    const levels = own === undefined ? above : [...above, own];
    const passed: Passed[] = [];
    for (const dirent of sortByPath(dirents)) {
      if (++visited > options.maxEntries) {
        cut = true;
        break;
      }
      // A folder of many entries, or rules that take long, still lets timers and aborts run.
      const waiting = pause();
      if (waiting !== undefined) {
        await waiting;
        options.signal.throwIfAborted();
      }
      if (dirent.isDirectory() && ALWAYS_SKIPPED_FOLDERS.includes(dirent.name)) continue;
      const path = `${folder === '/' ? '' : folder}/${dirent.name}`;
      if (isSecretPath(path) || (dirent.isSymbolicLink() && (await linksToSecret(path)))) {
        secretsHidden++;
        continue;
      }
      const isFolder = dirent.isDirectory();
      const ruled = rootIgnored || (levels.length > 0 && isIgnored(levels, path, isFolder, pause));
      if (ruled === true || (ruled !== false && (await ruled))) {
        ignored++;
        continue;
      }
      const checked = check(dirent, path, relative === '' ? dirent.name : `${relative}/${dirent.name}`);
      if (checked !== undefined) passed.push(checked);
    }
    stack.push({ levels, passed, next: 0 });
    return !cut;
  }

  /** The checks after the secret and `.gitignore` rules: the call's permit, the folders to enter. */
  function check(dirent: Dirent, path: string, relative: string): Passed | undefined {
    const isFolder = dirent.isDirectory();
    if (options.allows !== undefined && !options.allows(relative, isFolder ? 'folder' : 'file', path)) {
      notPermitted++;
      return undefined;
    }
    if (isFolder) return (options.descend?.(relative) ?? true) ? { entry: undefined, path, relative } : undefined;
    if (dirent.isFile()) return { entry: { relative, kind: 'file' }, path };
    if (dirent.isSymbolicLink()) return { entry: { relative, kind: 'symlink' }, path };
    return undefined;
  }

  const above = await ancestorIgnoreLevels(options.root, pause);
  // Inside a folder the .gitignore files above ignore, git lists nothing: neither does the walk.
  const rootIgnored = await isInIgnoredFolder(above, options.root, pause);
  let going = await list(options.root, '', above);
  while (going && stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const next = frame.passed[frame.next++];
    if (next === undefined) stack.pop();
    else if (next.entry === undefined) going = await list(next.path, next.relative, frame.levels);
    else take(next);
  }
  // Cut: what was listed before the cut is still found, in order; the folders left are not entered.
  for (const frame of stack.reverse()) for (const passed of frame.passed.slice(frame.next)) take(passed);
  return { entries, secretsHidden, ignored, notPermitted, cut };
}

/**
 * A folder's entries in the order their paths sort (UTF-16 code units, as the result is sorted):
 * a folder sorts as `name/`, since every path below it starts so (`a-b` before `a/x`, `a/x` before `a0`).
 */
function sortByPath(dirents: Dirent[]): Dirent[] {
  // Most folders hold no folder: their names sort as they are.
  if (!dirents.some((dirent) => dirent.isDirectory())) {
    return dirents.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  }
  const keyed = dirents.map((dirent) => ({ dirent, key: dirent.isDirectory() ? `${dirent.name}/` : dirent.name }));
  keyed.sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0));
  return keyed.map((item) => item.dirent);
}

/** True when a symbolic link leads to a secret file. A broken link leads nowhere. */
export async function linksToSecret(path: string): Promise<boolean> {
  try {
    return isSecretPath(await realpath(path));
  } catch {
    return false;
  }
}
