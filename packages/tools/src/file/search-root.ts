import { stat } from 'node:fs/promises';
import type { ToolContext } from '@toolwright/core';
import { accessPath, type PathAccess } from './file-access.js';
import { describeFileError } from './file-errors.js';
import type { FileToolSettings } from './file-tool-options.js';

/** Where a search starts: a folder, or (for Grep) a single file. */
export type SearchRoot =
  (Extract<PathAccess, { ok: true }> & { readonly isFolder: boolean }) | Extract<PathAccess, { ok: false }>;

/** Resolves and checks the `path` of Glob or Grep (default: the working directory) and says whether it is a folder. */
export async function resolveSearchRoot(
  value: string | undefined,
  context: ToolContext,
  settings: FileToolSettings,
): Promise<SearchRoot> {
  const access = accessPath(value ?? '.', 'path', context, settings);
  if (!access.ok) return access;
  try {
    const stats = await stat(access.realPath);
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

/** `relative` under the folder `root` as an absolute path. */
export function joinPath(root: string, relative: string): string {
  return root === '/' ? `/${relative}` : `${root}/${relative}`;
}
