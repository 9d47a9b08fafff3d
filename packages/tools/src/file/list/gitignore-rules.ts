import { existsSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import ignore from 'ignore';
import { readSmallFile } from './read-small-file.js';

/** The rules of one `.gitignore`, and the folder they are relative to. */
export interface IgnoreLevel {
  /** The folder holding the `.gitignore` (a real path). */
  readonly base: string;
  readonly rules: ignore.Ignore;
}

/** The largest `.gitignore` read; a larger one is not applied. */
const MAX_GITIGNORE_BYTES = 1_048_576;

/**
 * The rules of `folder/.gitignore`, or `undefined` when it has none, or it is not a regular file
 * (a FIFO planted by a repository must not hang the walk), or is over 1 MB.
 */
export function loadIgnoreLevel(folder: string): IgnoreLevel | undefined {
  const text = readSmallFile(`${folder === '/' ? '' : folder}/.gitignore`, MAX_GITIGNORE_BYTES);
  if (text === undefined) return undefined;
  // Git on Linux is case-sensitive; so are these rules.
  return { base: folder, rules: ignore({ ignorecase: false }).add(text) };
}

/**
 * The `.gitignore` files above `root` that git would apply to it: those from the repository's
 * top folder (the nearest ancestor holding `.git`) down to `root`'s parent, outermost first.
 * None when `root` is in no repository; `root`'s own `.gitignore` is the walker's to load.
 */
export function ancestorIgnoreLevels(root: string): IgnoreLevel[] {
  const folders: string[] = [];
  for (let folder = root; ; folder = dirname(folder)) {
    if (folder !== root) folders.push(folder);
    if (existsSync(`${folder === '/' ? '' : folder}/.git`)) break;
    if (dirname(folder) === folder) return [];
  }
  return folders
    .reverse()
    .map(loadIgnoreLevel)
    .filter((level): level is IgnoreLevel => level !== undefined);
}

/**
 * Whether git would ignore `path` (a real path under every level's base): the deepest
 * `.gitignore` with a matching rule decides, so a nested `!name` re-includes what a parent ignored.
 */
export function isIgnored(levels: readonly IgnoreLevel[], path: string, isFolder: boolean): boolean {
  let ignored = false;
  for (const level of levels) {
    const result = level.rules.test(`${relative(level.base, path)}${isFolder ? '/' : ''}`);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}
