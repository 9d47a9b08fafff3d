import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { isAbsolute, posix } from 'node:path';

/** The longest path (in bytes) resolved: Linux's PATH_MAX. Longer values are refused before any file-system call. */
export const MAX_PATH_BYTES = 4_096;
/** The most segments a path may have; more are refused before any file-system call. */
export const MAX_PATH_SEGMENTS = 256;
/** The longest single name (in bytes): Linux's NAME_MAX. */
export const MAX_NAME_BYTES = 255;
/** The most symbolic links one resolution follows: Linux's own limit (ELOOP after it). */
export const MAX_SYMBOLIC_LINKS = 40;

/** A path as the kernel will find it. */
export interface ResolvedPath {
  /** Absolute and lexically normalised (`/tmp/../etc/passwd` → `/etc/passwd`): the path a person reads. */
  readonly path: string;
  /**
   * Every symbolic link resolved as the kernel resolves it — `link/..` leaves the link's target,
   * and a dangling link resolves through its target — with missing parts appended: the file an
   * open or a create would reach.
   */
  readonly realPath: string;
  /** True when something exists at `realPath` now. */
  readonly exists: boolean;
}

/** Why a path cannot be resolved safely. */
export interface PathProblem {
  /** A sentence the model can act on. */
  readonly problem: string;
}

/**
 * Resolves a path argument as the kernel will (SPEC PA-1), in time linear in its length: relative
 * values are joined to `cwd`; `.`, `..` and `//` collapse; `~` is an ordinary name; every symbolic
 * link on the way is followed, a dangling final link through its target, so the real path names
 * the file that writing to the path would create. Length, segment and name caps are checked before
 * any file-system call. A path that cannot be resolved safely (a loop of links, a file used as a
 * folder, an unreadable folder) is a {@link PathProblem}: callers refuse it.
 */
export function resolvePath(value: string, cwd: string): ResolvedPath | PathProblem {
  const shape = shapeProblem(value, 'The path');
  if (shape !== undefined) return { problem: shape };
  if (!isAbsolute(value) && !isAbsolute(cwd)) {
    return { problem: `The path '${value}' is relative, but the working directory is not absolute.` };
  }
  const raw = isAbsolute(value) ? value : `${cwd}/${value}`;
  const joined = shapeProblem(raw, 'The path joined to the working directory');
  if (joined !== undefined) return { problem: joined };
  const path = posix.resolve(raw);
  const real = realPathOf(raw);
  return 'problem' in real ? real : { path, realPath: real.realPath, exists: real.exists };
}

/** True when the value is a {@link PathProblem}. */
export function isPathProblem(value: ResolvedPath | PathProblem): value is PathProblem {
  return 'problem' in value;
}

/** True when `path` is `folder` or lies under it (both absolute and normalised). */
export function isInside(path: string, folder: string): boolean {
  if (folder === '/') return path.startsWith('/');
  return path === folder || path.startsWith(`${folder}/`);
}

function shapeProblem(value: string, what: string): string | undefined {
  if (value === '') return `${what} is empty.`;
  if (value.includes('\0')) return `${what} contains a NUL character, which no file name can hold.`;
  if (value.length > MAX_PATH_BYTES || Buffer.byteLength(value, 'utf8') > MAX_PATH_BYTES) {
    return `${what} is longer than ${MAX_PATH_BYTES.toLocaleString('en-US')} bytes.`;
  }
  let segments = 0;
  let start = 0;
  for (let end = 0; end <= value.length; end++) {
    if (end < value.length && value.charCodeAt(end) !== 0x2f) continue;
    if (end > start) {
      if (++segments > MAX_PATH_SEGMENTS) return `${what} has more than ${MAX_PATH_SEGMENTS} segments.`;
      if ((end - start) * 3 > MAX_NAME_BYTES && Buffer.byteLength(value.slice(start, end), 'utf8') > MAX_NAME_BYTES) {
        return `${what} has a name longer than ${MAX_NAME_BYTES} bytes.`;
      }
    }
    start = end + 1;
  }
  return undefined;
}

/**
 * The real path of an absolute raw path. Where it exists, the kernel's own realpath(3) answers;
 * otherwise a walk of one `lstat` per segment (and one `readlink` per link, at most 40) finds
 * the deepest existing part, follows a dangling link through its target and appends the rest.
 */
function realPathOf(raw: string): { readonly realPath: string; readonly exists: boolean } | PathProblem {
  try {
    return { realPath: realpathSync.native(raw), exists: true };
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') return { problem: describeCode(codeOf(error)) };
  }
  return walk(raw);
}

function walk(raw: string): { readonly realPath: string; readonly exists: boolean } | PathProblem {
  // Segments still to visit, last first; the real path so far, as its segments.
  const pending = raw.split('/').reverse();
  const resolved: string[] = [];
  let links = 0;
  let missing = false;
  let fileAt = -1; // the index in `resolved` of a non-folder, which nothing may follow
  for (let segment = pending.pop(); segment !== undefined; segment = pending.pop()) {
    if (segment === '' || segment === '.') {
      if (segment === '.' && fileAt >= 0) return { problem: describeCode('ENOTDIR') };
      continue;
    }
    if (fileAt >= 0) return { problem: describeCode('ENOTDIR') };
    if (segment === '..') {
      // Below a missing folder, `..` is lexical: creating the folder would make it exactly that.
      resolved.pop();
      continue;
    }
    if (missing) {
      resolved.push(segment);
      continue;
    }
    const candidate = `/${[...resolved, segment].join('/')}`;
    let stats;
    try {
      stats = lstatSync(candidate, { throwIfNoEntry: false });
    } catch (error) {
      return { problem: describeCode(codeOf(error)) };
    }
    if (stats === undefined) {
      missing = true;
      resolved.push(segment);
    } else if (stats.isSymbolicLink()) {
      if (++links > MAX_SYMBOLIC_LINKS) return { problem: describeCode('ELOOP') };
      let target: string;
      try {
        target = readlinkSync(candidate);
      } catch (error) {
        return { problem: describeCode(codeOf(error)) };
      }
      if (target.startsWith('/')) resolved.length = 0;
      const parts = target.split('/');
      for (let index = parts.length - 1; index >= 0; index--) pending.push(parts[index] ?? '');
    } else {
      if (!stats.isDirectory()) fileAt = resolved.length;
      resolved.push(segment);
    }
  }
  const realPath = `/${resolved.join('/')}`;
  if (Buffer.byteLength(realPath, 'utf8') > MAX_PATH_BYTES) {
    return { problem: `The path's real path is longer than ${MAX_PATH_BYTES.toLocaleString('en-US')} bytes.` };
  }
  return { realPath, exists: !missing };
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function describeCode(code: string | undefined): string {
  switch (code) {
    case 'ELOOP':
      return `The path passes through more than ${MAX_SYMBOLIC_LINKS} symbolic links (a loop).`;
    case 'ENOTDIR':
      return 'A part of the path is a file, not a folder.';
    case 'EACCES':
    case 'EPERM':
      return 'A folder on the path cannot be searched (permission denied by the operating system).';
    case 'ENAMETOOLONG':
      return 'The path or its real path is too long for the operating system.';
    default:
      return `The path cannot be resolved (${code ?? 'unknown error'}).`;
  }
}
