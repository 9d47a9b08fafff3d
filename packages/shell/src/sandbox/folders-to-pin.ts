import { isInside } from '@toolwright/core/node';

/** The folders above `path`, the outermost first (`/a/b/c` gives `/`, `/a`, `/a/b`). */
function foldersAbove(path: string): string[] {
  if (path === '/') return [];
  const segments = path.split('/').slice(1, -1);
  return ['/', ...segments.map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)];
}

/**
 * The folders that must not be moved or deleted so that each guarded path (a read-denied or
 * protected one) stays where its rule names it: every folder above a guarded path that a writable
 * root would let the command rename, the outermost first, each once. Renaming `.git` to `.git2`
 * would otherwise carry `.git/hooks` out from under its rule, to be edited and renamed back.
 * Folders outside every writable root need no pin: nothing there can be renamed.
 */
export function foldersToPin(guarded: readonly string[], writableRoots: readonly string[]): string[] {
  const pinned = new Set<string>();
  for (const path of guarded) {
    for (const folder of foldersAbove(path)) {
      if (writableRoots.some((root) => isInside(folder, root))) pinned.add(folder);
    }
  }
  return [...pinned];
}
