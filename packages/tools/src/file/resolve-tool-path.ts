import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, posix } from 'node:path';
import type { SubjectSource } from '@toolwright/core';

/** Read, Write and Edit take their permission subject from `file_path` (SPEC PM-2, BT-3). */
export const FILE_PATH_SUBJECT: SubjectSource = Object.freeze({ kind: 'PATH', parameter: 'file_path' });

/** Ls, Glob and Grep take theirs from `path`; left out, it is `.`: the call's working directory. */
export const SEARCH_PATH_SUBJECT: SubjectSource = Object.freeze({ kind: 'PATH', parameter: 'path', fallback: '.' });

/** A tool's path argument made absolute, the way the gate sees it. */
export interface ResolvedToolPath {
  /** Absolute and lexically normalised (`/tmp/../etc/passwd` → `/etc/passwd`): what the model is told. */
  readonly path: string;
  /** Symlinks resolved as the kernel does, through the deepest existing ancestor: what the tool opens. */
  readonly realPath: string;
}

/**
 * Resolves a path argument exactly as the gate resolves a PATH subject (SPEC PM-4): relative to
 * the call's `cwd`, `.`/`..`/`//` collapsed, `~` an ordinary name; the real path follows the raw
 * path as the kernel would (`link/..` leaves the link's target). The tools open the real path, so
 * the file they touch is the one whose real path the gate checked. `undefined` when the value is
 * empty, holds NUL, or is relative while `cwd` is not absolute.
 */
export function resolveToolPath(value: string, cwd: string): ResolvedToolPath | undefined {
  if (value === '' || value.includes('\0')) return undefined;
  if (!isAbsolute(value) && !isAbsolute(cwd)) return undefined;
  const path = posix.resolve(cwd, value);
  const realPath = realPathOf(isAbsolute(value) ? value : `${cwd}/${value}`) ?? path;
  return { path, realPath };
}

/** The real path of `path`, or of its deepest existing ancestor with the rest appended. */
export function realPathOf(path: string): string | undefined {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      // The native realpath(3) resolves `link/..` as the kernel does, like the gate.
      const real = realpathSync.native(current);
      return missing.length === 0 ? real : join(real, ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return undefined;
      missing.push(basename(current));
      current = parent;
    }
  }
}

/** True when `path` is `folder` or lies under it (both absolute and normalised). */
export function isInside(path: string, folder: string): boolean {
  if (folder === '/') return path.startsWith('/');
  return path === folder || path.startsWith(`${folder}/`);
}
