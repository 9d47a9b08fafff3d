import { ToolResult } from '@toolwright/core';
import type { Refusal } from './file-access.js';

/** The error result for a refusal, with `refused` and `path` in its metadata for hosts. */
export function refusalResult(refusal: Refusal & { readonly path?: string | undefined }): ToolResult {
  return ToolResult.error(refusal.reason, {
    metadata: { refused: refusal.refused, ...(refusal.path === undefined ? {} : { path: refusal.path }) },
  });
}

/** The error code of a Node file-system error (`ENOENT`, …), or `undefined`. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A sentence for a file-system error the model can act on, or the error rethrown when it is unexpected. */
export function describeFileError(error: unknown, path: string): Refusal {
  switch (errorCode(error)) {
    case 'ENOENT':
      return { refused: 'not-found', reason: `No file or folder exists at ${path}. Check the path with Ls or Glob.` };
    case 'ENOTDIR':
      return { refused: 'not-found', reason: `${path} does not exist: a part of it is a file, not a folder.` };
    case 'EACCES':
    case 'EPERM':
      return { refused: 'not-found', reason: `Permission denied by the operating system for ${path}.` };
    case 'EISDIR':
      return { refused: 'directory', reason: `${path} is a folder, not a file. List it with Ls.` };
    case 'ELOOP':
      return { refused: 'invalid-path', reason: `${path} is a loop of symbolic links.` };
    default:
      throw error;
  }
}
