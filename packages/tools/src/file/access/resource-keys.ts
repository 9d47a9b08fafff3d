import type { ResourceClaim, ToolInput } from '@toolwright/core';
import { isPathProblem, resolvePath } from '@toolwright/core/node';

/** The key of a call whose path cannot be resolved: `/` overlaps every path, so the call runs apart from every file call. */
const EVERY_PATH = '/';

/**
 * The paths one call names, for input-aware concurrency (SPEC PO-6): absolute and normalised,
 * and its real path where that differs, so two calls on one file through different names meet.
 * A path that cannot be resolved claims every path.
 */
function pathKeys(
  input: ToolInput,
  parameter: string,
  fallback: string | undefined,
  cwd: string | undefined,
): string[] {
  const value = input.get(parameter) ?? fallback;
  if (typeof value !== 'string') return [EVERY_PATH];
  const resolved = resolvePath(value, cwd ?? '');
  if (isPathProblem(resolved)) return [EVERY_PATH];
  return resolved.realPath === resolved.path ? [resolved.path] : [resolved.path, resolved.realPath];
}

/** Write and Edit change the file at `file_path`. */
export function filePathResourceKeys(input: ToolInput, cwd?: string): ResourceClaim {
  return { writes: pathKeys(input, 'file_path', undefined, cwd) };
}

/** Read reads the file at `file_path`. */
export function readFileResourceKeys(input: ToolInput, cwd?: string): ResourceClaim {
  return { reads: pathKeys(input, 'file_path', undefined, cwd) };
}

/** Ls, Glob and Grep read the tree at `path` (the working directory when left out). */
export function searchResourceKeys(input: ToolInput, cwd?: string): ResourceClaim {
  return { reads: pathKeys(input, 'path', '.', cwd) };
}
