// Where the secret list (the Read tool's) names files that exist, so that the sandbox can hide them.
import { findSecretRule, SECRET_PATH_RULES } from '@toolwright/core/node';
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';

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

/** How deep below a searched folder, and how many entries in all, one search reads. */
export const SECRET_SEARCH_DEPTH = 8;
export const SECRET_SEARCH_ENTRIES = 50_000;

// Folders no secret search descends into: dependencies and git's own store hold no user secrets,
// and reading them would cost every command far more than the rest of the search.
const NOT_SEARCHED = new Set(['node_modules', '.git']);

/**
 * The secret files and folders under `roots` (canonical folders, searched to
 * {@link SECRET_SEARCH_DEPTH}, at most {@link SECRET_SEARCH_ENTRIES} entries in all) and in the
 * home folder (its own entries, and the nested places the secret list names: `.aws/credentials`,
 * `.config/gcloud`, …). A secret reached through a symbolic link is hidden at its target.
 */
export function findSecrets(roots: readonly string[], home: string | undefined): SecretSearch {
  const found = new Map<string, SecretPath>();
  const gitFolders: string[] = [];
  let budget = SECRET_SEARCH_ENTRIES;
  const note = (path: string, folder: boolean): boolean => {
    const rule = findSecretRule(folder ? `${path}/` : path);
    if (rule === undefined) return false;
    found.set(path, { path, folder, why: rule.what });
    return true;
  };
  const visit = (folder: string, entry: Dirent): 'folder' | 'other' => {
    const path = folder === '/' ? `/${entry.name}` : `${folder}/${entry.name}`;
    if (entry.isSymbolicLink()) {
      // The link's name or its target's may be the secret one; what must be hidden is the target.
      const target = realTarget(path);
      if (target !== undefined && (findSecretRule(path) !== undefined || findSecretRule(target.path) !== undefined))
        found.set(target.path, {
          path: target.path,
          folder: target.folder,
          why: (findSecretRule(path) ?? findSecretRule(target.path))?.what ?? '',
        });
      return 'other';
    }
    if (entry.isDirectory()) return note(path, true) ? 'other' : 'folder';
    if (entry.isFile()) note(path, false);
    return 'other';
  };
  const search = (folder: string, depth: number): void => {
    const entries = readFolder(folder);
    for (const entry of entries) {
      if (--budget < 0) return;
      if (visit(folder, entry) !== 'folder') continue;
      const path = folder === '/' ? `/${entry.name}` : `${folder}/${entry.name}`;
      if (entry.name === '.git') gitFolders.push(path);
      if (NOT_SEARCHED.has(entry.name) || depth >= SECRET_SEARCH_DEPTH) continue;
      search(path, depth + 1);
    }
  };
  for (const root of roots) search(root, 1);
  if (home !== undefined) searchHome(home, visit);
  return { secrets: [...found.values()], gitFolders };
}

/** The home folder's own entries, and each nested place a rule names (`.aws/credentials`, `.cargo/credentials*`). */
function searchHome(home: string, visit: (folder: string, entry: Dirent) => 'folder' | 'other'): void {
  for (const entry of readFolder(home)) visit(home, entry);
  const nested = new Set(
    SECRET_PATH_RULES.map((rule) => rule.pattern.replace(/\/\*\*$/, ''))
      .filter((pattern) => pattern.includes('/'))
      .map((pattern) => pattern.slice(0, pattern.lastIndexOf('/'))),
  );
  for (const folder of nested) {
    const path = `${home}/${folder}`;
    for (const entry of readFolder(path)) visit(path, entry);
  }
}

function readFolder(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

function realTarget(path: string): { path: string; folder: boolean } | undefined {
  try {
    const real = realpathSync(path);
    return { path: real, folder: statSync(real).isDirectory() };
  } catch {
    return undefined;
  }
}
