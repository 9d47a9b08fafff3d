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
  /**
   * What changes whenever the folder's entries change (device, inode and change time, which no
   * command can set back), read before its entries; `settled` when the folder had not changed
   * for a second before (a change within the clock's tick could otherwise leave it as it was).
   * Undefined where the reader cannot tell: its folders are then read at every search.
   */
  stamp?(folder: string): Promise<{ readonly value: string; readonly settled: boolean } | undefined>;
}

/** What the search concluded about one folder's entries: everything but the links, which are resolved at each search. */
interface FolderVerdict {
  readonly entries: number;
  readonly secrets: readonly SecretPath[];
  readonly links: readonly string[];
  readonly below: readonly string[];
  readonly gitFolders: readonly string[];
}

/**
 * What a shell's searches remember of the folders they read, so that the next command reads again
 * only the folders that changed (one stat for each of the others). Only settled folders are kept,
 * and only those the last search visited.
 */
export type SecretSearchCache = Map<string, { readonly stamp: string; readonly verdict: FolderVerdict }>;

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
 * search reads folders asynchronously, several at once: a large tree delays the command's start,
 * never this process's other work. What it returns is in path order.
 */
export async function findSecrets(
  roots: readonly string[],
  home: string | undefined,
  reader: FolderReader = LOCAL_FOLDERS,
  cache?: SecretSearchCache,
): Promise<SecretSearch> {
  const found = new Map<string, SecretPath>();
  const gitFolders: string[] = [];
  const visited: SecretSearchCache = new Map();
  let budget = SECRET_SEARCH_ENTRIES;
  const verdictOf = async (folder: string): Promise<FolderVerdict> => {
    const stamp = await reader.stamp?.(folder);
    const kept = cache?.get(folder);
    if (stamp !== undefined && kept !== undefined && kept.stamp === stamp.value) {
      visited.set(folder, kept);
      return kept.verdict;
    }
    const verdict = judgeFolder(folder, await reader.readFolder(folder));
    if (stamp?.settled === true) visited.set(folder, { stamp: stamp.value, verdict });
    return verdict;
  };
  const take = async (verdict: FolderVerdict): Promise<void> => {
    for (const secret of verdict.secrets) found.set(secret.path, secret);
    for (const link of verdict.links) {
      // The link's name or its target's may be the secret one; what must be hidden is the target.
      const target = await reader.realTarget(link);
      const rule = target === undefined ? undefined : (findSecretRule(link) ?? findSecretRule(target.path));
      if (target !== undefined && rule !== undefined)
        found.set(target.path, { path: target.path, folder: target.folder, why: rule.what });
    }
  };
  const search = async (root: string, folder: string, depth: number): Promise<void> => {
    const verdict = await verdictOf(folder);
    budget -= verdict.entries;
    if (budget < 0) throw searchStopped(root, 'entries');
    await take(verdict);
    gitFolders.push(...verdict.gitFolders);
    if (verdict.below.length > 0 && depth >= SECRET_SEARCH_DEPTH) throw searchStopped(root, 'depth');
    // The folders below are read side by side: the reads wait on the disk, not on each other.
    await Promise.all(verdict.below.map((path) => search(root, path, depth + 1)));
  };
  for (const root of roots) await search(root, root, 1);
  // The home folder's own entries, and each nested place a rule names (`.aws/credentials`, `.cargo/credentials*`).
  if (home !== undefined)
    for (const folder of ['', ...HOME_SECRET_FOLDERS])
      await take(
        judgeFolder(
          folder === '' ? home : `${home}/${folder}`,
          await reader.readFolder(folder === '' ? home : `${home}/${folder}`),
        ),
      );
  if (cache !== undefined) {
    cache.clear();
    for (const [folder, kept] of visited) cache.set(folder, kept);
  }
  // In path order, whatever order the reads ended in.
  const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return {
    secrets: [...found.values()].sort((a, b) => byPath(a.path, b.path)),
    gitFolders: gitFolders.sort(byPath),
  };
}

/** One folder's entries, judged by the secret list: secrets, links to resolve, folders to search, repositories. */
function judgeFolder(folder: string, entries: readonly FolderEntry[]): FolderVerdict {
  const secrets: SecretPath[] = [];
  const links: string[] = [];
  const below: string[] = [];
  const gitFolders: string[] = [];
  for (const entry of entries) {
    const path = folder === '/' ? `/${entry.name}` : `${folder}/${entry.name}`;
    if (entry.kind === 'link') {
      links.push(path);
      continue;
    }
    if (entry.kind !== 'folder' && entry.kind !== 'file') continue;
    const rule = findSecretRule(entry.kind === 'folder' ? `${path}/` : path);
    if (rule !== undefined) {
      secrets.push({ path, folder: entry.kind === 'folder', why: rule.what });
      continue;
    }
    if (entry.kind !== 'folder') continue;
    if (entry.name === '.git') gitFolders.push(path);
    if (!NOT_SEARCHED.has(entry.name)) below.push(path);
  }
  return { entries: entries.length, secrets, links, below, gitFolders };
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
  async stamp(folder) {
    try {
      const info = await stat(folder, { bigint: true });
      const now = BigInt(Date.now()) * 1_000_000n;
      return { value: `${info.dev}:${info.ino}:${info.ctimeNs}`, settled: now - info.ctimeNs > 1_000_000_000n };
    } catch {
      return undefined;
    }
  },
};
