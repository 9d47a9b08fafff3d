import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, posix } from 'node:path';

/** A PATH subject made absolute and normalised, with its real path when it (or an ancestor) exists. */
export interface ResolvedPath {
  /** The lexically normalised absolute path (`/tmp/../etc/passwd` → `/etc/passwd`). */
  readonly path: string;
  /** The path with symlinks resolved (through its deepest existing ancestor); absent when nothing of it exists. */
  readonly realPath?: string;
}

/**
 * Resolves a PATH subject against the call's working directory (SPEC PM-4): relative paths are
 * joined to `cwd`; `.`, `..` and `//` collapse; `~` is an ordinary name. The real path is read
 * from the file system (symlinks resolved), through the deepest existing ancestor when the path
 * itself does not exist yet (a file about to be written). Returns `undefined` when it cannot be
 * judged (empty value, NUL, or a relative path with no absolute `cwd`).
 */
export function resolvePathSubject(value: string, cwd: string): ResolvedPath | undefined {
  if (value === '' || value.includes('\0')) return undefined;
  if (!isAbsolute(value) && !isAbsolute(cwd)) return undefined;
  const path = posix.resolve(cwd, value);
  // The real path follows what the operating system does with the raw path: `link/..` leaves
  // the link's target, where lexical normalisation would stay inside the folder.
  const realPath = realPathOf(isAbsolute(value) ? value : `${cwd}/${value}`);
  return realPath === undefined ? { path } : { path, realPath };
}

/** The real path of `path`, or of its deepest existing ancestor with the rest appended. */
function realPathOf(path: string): string | undefined {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      // The native realpath(3) resolves `link/..` as the kernel does; the JavaScript one collapses `..` first.
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
