import { lstat } from 'node:fs/promises';
import type { ToolContext } from '@toolwright/core';
import { accessPath, type PathAccess, type PathGuard } from './file-access.js';
import { describeFileError } from './file-errors.js';
import type { FileToolSettings } from './file-tool-options.js';

/** Where a search starts: a folder, or (for Grep) a single file. */
export type SearchRoot =
  (Extract<PathAccess, { ok: true }> & { readonly isFolder: boolean }) | Extract<PathAccess, { ok: false }>;

/** Resolves and checks the `path` of Ls, Glob or Grep (default: the working directory) and says whether it is a folder. */
export async function resolveSearchRoot(
  value: string | undefined,
  context: ToolContext,
  settings: FileToolSettings,
): Promise<SearchRoot> {
  const access = accessPath(value ?? '.', 'path', context, settings, 'folder');
  if (!access.ok) return access;
  try {
    // The real path holds no link (unless one was swapped in since: the listing and the opens check that).
    const stats = await lstat(access.realPath);
    if (stats.isSymbolicLink()) {
      return {
        ok: false,
        path: access.path,
        refused: 'changed',
        reason: `${access.path} changed after the permission check (it is now a symbolic link); nothing was searched. Check the path and try again.`,
      };
    }
    if (!stats.isDirectory() && !stats.isFile()) {
      return {
        ok: false,
        path: access.path,
        refused: 'special-file',
        reason: `${access.path} is not a regular file or folder (a device, socket or pipe); it cannot be searched.`,
      };
    }
    return { ...access, isFolder: stats.isDirectory() };
  } catch (error) {
    return { ok: false, path: access.path, ...describeFileError(error, access.path) };
  }
}

/**
 * Whether a walk from `root` may touch `relative` (SPEC PA-3): the guard must allow both the
 * path the model sees (below the path it gave) and the real path (below the root's real path,
 * `real` when the walk has made it already).
 */
export function walkPermit(
  root: { readonly path: string; readonly realPath: string },
  guard: PathGuard,
): (relative: string, kind: 'file' | 'folder', real?: string) => boolean {
  const same = root.path === root.realPath;
  return (relative, kind, real = joinPath(root.realPath, relative)) =>
    guard.allows(real, kind) && (same || guard.allows(joinPath(root.path, relative), kind));
}

/** `relative` under the folder `root` as an absolute path. */
export function joinPath(root: string, relative: string): string {
  return root === '/' ? `/${relative}` : `${root}/${relative}`;
}
