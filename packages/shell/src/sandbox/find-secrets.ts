// Where the secret list (the Read tool's) names files that exist, so that the sandbox can hide them.
import { findSecretRule, SECRET_PATH_RULES } from '@toolwright/core/node';
import { readdir, realpath, stat } from 'node:fs/promises';
import { ShellStartError } from '../shell-start-error.js';

/** A path the sandbox hides, and why (the secret list's words). */
export interface SecretPath {
  readonly path: string;
  readonly folder: boolean;
  readonly why: string;
}

/** What one search found: secrets to hide and the `.git` folders whose hooks and config stay read-only. */
export interface SecretSearch {
  readonly secrets: SecretPath[];
  readonly gitFolders: string[];
}

/** One entry of a folder, as the search needs it. */
export interface FolderEntry {
  readonly name: string;
  readonly kind: 'folder' | 'file' | 'link' | 'other';
}

/**
 * Where the search reads folders: this machine's file system by default, or what a host's own
 * survey listed (an SSH host's sandbox is resolved from a listing made there).
 */
export interface FolderReader {
  /** The folder's entries; none when it cannot be read. */
  readFolder(folder: string): Promise<readonly FolderEntry[]>;
  /** A link's canonical target and whether it is a folder; undefined when it dangles. */
  realTarget(path: string): Promise<{ readonly path: string; readonly folder: boolean } | undefined>;
}

/**
 * How deep below a searched folder, and how many entries in all, one search reads. A search
 * that would go further stops the command instead (see {@link searchStopped}): a secret beyond
 * its reach could not be hidden, and a command must not be able to push one there by making
 * files first.
 */
export const SECRET_SEARCH_DEPTH = 64;
export const SECRET_SEARCH_ENTRIES = 100_000;

/**
 * The start error of a search that could not finish: what stopped it, and how to make it smaller.
 * `what` names the search (the secret search by default, which counts no node_modules or .git).
 */
export function searchStopped(
  root: string,
  why: 'entries' | 'depth',
  what = 'secret search (node_modules and .git not counted)',
): ShellStartError {
  const limit =
    why === 'entries'
      ? `more than ${SECRET_SEARCH_ENTRIES.toLocaleString('en-US')} entries`
      : `folders more than ${SECRET_SEARCH_DEPTH} levels deep`;
  return new ShellStartError(
    `The command could not start: its sandbox's ${what} found ${limit} in ${root}, so a path beyond them could not be hidden. Run it in a smaller folder, or state narrower sandbox paths (the writable ones and the working directory are searched).`,
  );
}

// Folders no secret search descends into: dependencies and git's own store hold no user secrets,
// and reading them would cost every command far more than the rest of the search.
const NOT_SEARCHED = new Set(['node_modules', '.git']);

/**
 * The secret files and folders under `roots` (canonical folders, searched to
 * {@link SECRET_SEARCH_DEPTH}, at most {@link SECRET_SEARCH_ENTRIES} entries in all; beyond
 * either, a {@link searchStopped} error) and in the home folder (its own entries, and the nested places the secret list names: `.aws/credentials`,
 * `.config/gcloud`, …). A secret reached through a symbolic link is hidden at its target. The
 * search reads one folder at a time, asynchronously: a large tree delays the command's start,
 * never this process's other work.
 */
export async function findSecrets(
  roots: readonly string[],
  home: string | undefined,
  reader: FolderReader = LOCAL_FOLDERS,
): Promise<SecretSearch> {
  const found = new Map<string, SecretPath>();
  const gitFolders: string[] = [];
  let budget = SECRET_SEARCH_ENTRIES;
  const note = (path: string, folder: boolean): boolean => {
    const rule = findSecretRule(folder ? `${path}/` : path);
    if (rule === undefined) return false;
    found.set(path, { path, folder, why: rule.what });
    return true;
  };
  const visit = async (folder: string, entry: FolderEntry): Promise<'folder' | 'other'> => {
    const path = folder === '/' ? `/${entry.name}` : `${folder}/${entry.name}`;
    if (entry.kind === 'link') {
      // The link's name or its target's may be the secret one; what must be hidden is the target.
      const target = await reader.realTarget(path);
      if (target !== undefined && (findSecretRule(path) !== undefined || findSecretRule(target.path) !== undefined))
        found.set(target.path, {
          path: target.path,
          folder: target.folder,
          why: (findSecretRule(path) ?? findSecretRule(target.path))?.what ?? '',
        });
      return 'other';
    }
    if (entry.kind === 'folder') return note(path, true) ? 'other' : 'folder';
    if (entry.kind === 'file') note(path, false);
    return 'other';
  };
  const search = async (root: string, folder: string, depth: number): Promise<void> => {
    const entries = await reader.readFolder(folder);
    for (const entry of entries) {
      if (--budget < 0) throw searchStopped(root, 'entries');
      if ((await visit(folder, entry)) !== 'folder') continue;
      const path = folder === '/' ? `/${entry.name}` : `${folder}/${entry.name}`;
      if (entry.name === '.git') gitFolders.push(path);
      if (NOT_SEARCHED.has(entry.name)) continue;
      if (depth >= SECRET_SEARCH_DEPTH) throw searchStopped(root, 'depth');
      await search(root, path, depth + 1);
    }
  };
  for (const root of roots) await search(root, root, 1);
  // The home folder's own entries, and each nested place a rule names (`.aws/credentials`, `.cargo/credentials*`).
  if (home !== undefined)
    for (const folder of ['', ...HOME_SECRET_FOLDERS]) {
      const path = folder === '' ? home : `${home}/${folder}`;
      for (const entry of await reader.readFolder(path)) await visit(path, entry);
    }
  return { secrets: [...found.values()], gitFolders };
}

/** The folders below the home folder whose entries the secret list names (`.aws`, `.config/gcloud`, …). */
export const HOME_SECRET_FOLDERS: readonly string[] = Object.freeze([
  ...new Set(
    SECRET_PATH_RULES.map((rule) => rule.pattern.replace(/\/\*\*$/, ''))
      .filter((pattern) => pattern.includes('/'))
      .map((pattern) => pattern.slice(0, pattern.lastIndexOf('/'))),
  ),
]);

/** The patterns of the secret list, as its rules write them (`.env`, `*.pem`, `.ssh/**`, `.aws/credentials`). */
export const SECRET_PATTERNS: readonly string[] = Object.freeze(SECRET_PATH_RULES.map((rule) => rule.pattern));

/** This machine's file system. */
export const LOCAL_FOLDERS: FolderReader = {
  async readFolder(folder) {
    try {
      const entries = await readdir(folder, { withFileTypes: true });
      return entries.map((entry) => ({
        name: entry.name,
        kind: entry.isSymbolicLink() ? 'link' : entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : 'other',
      }));
    } catch {
      return [];
    }
  },
  async realTarget(path) {
    try {
      const real = await realpath(path);
      return { path: real, folder: (await stat(real)).isDirectory() };
    } catch {
      return undefined;
    }
  },
};
