import { isAbsolute } from 'node:path';
import type { ToolInput } from '@toolwright/core';
import { isPathProblem, resolvePath } from '@toolwright/core/node';

/**
 * The file a Write or Edit call touches, for input-aware concurrency (SPEC PO-6): its absolute,
 * normalised path and, where it differs, its real path, so two calls on one file through
 * different names are serialised too. A relative path names no key: the call has no working
 * directory here, and without keys the tool's own concurrency (exclusive) applies.
 */
export function filePathResourceKeys(input: ToolInput): readonly string[] {
  const value = input.get('file_path');
  if (typeof value !== 'string' || value === '' || value.includes('\0') || !isAbsolute(value)) return [];
  const resolved = resolvePath(value, '/');
  if (isPathProblem(resolved)) return [];
  return resolved.realPath === resolved.path ? [resolved.path] : [resolved.path, resolved.realPath];
}
