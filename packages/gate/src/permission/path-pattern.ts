import { Minimatch } from 'minimatch';

/** A compiled PATH pattern. */
export interface PathPattern {
  readonly kind: 'PATH';
  readonly glob: string;
  readonly matcher: Minimatch;
}

const GLOB_OPTIONS = { nonegate: true, nocomment: true, nobrace: true, noext: true, dot: true, nocase: false } as const;

/**
 * Compiles a PATH pattern (SPEC PM-4): absolute, no `.`/`..`/empty segments, no negation, braces
 * or extglobs, `~` not expanded; `*` and `**` as globs, case-sensitive, dotfiles included.
 * `/tmp/**` matches what is under `/tmp`, not `/tmp` itself.
 */
export function compilePathPattern(pattern: string): PathPattern | { readonly problem: string } {
  if (!pattern.startsWith('/')) return { problem: 'a path pattern must be absolute (start with /); ~ is not expanded' };
  if (pattern.includes('\0')) return { problem: 'a path pattern cannot hold NUL' };
  const segments = pattern.slice(1).split('/');
  if (segments.some((segment) => segment === '..' || segment === '.'))
    return { problem: "a path pattern cannot hold '.' or '..' segments" };
  if (pattern !== '/' && segments.some((segment) => segment === ''))
    return { problem: "a path pattern cannot hold '//' or end with '/'" };
  if (/[{}]/.test(pattern)) return { problem: 'brace patterns are not supported' };
  if (/[!@+?*]\(/.test(pattern)) return { problem: 'extglob patterns are not supported' };
  const matcher = new Minimatch(pattern, GLOB_OPTIONS);
  if (matcher.makeRe() === false) return { problem: 'the glob cannot be compiled' };
  return { kind: 'PATH', glob: pattern, matcher };
}

/** True when the absolute, normalised path matches the pattern. */
export function matchPath(pattern: PathPattern, path: string): boolean {
  return pattern.matcher.match(path);
}

/** True when the pattern matches the folder at `path`: the path itself, or `path/` (`/ws/**` covers `/ws`). */
export function matchFolder(pattern: PathPattern, path: string): boolean {
  return pattern.matcher.match(path) || (path !== '/' && pattern.matcher.match(`${path}/`));
}

/** True when the pattern could match something below the folder at `path` (a walk may enter it). */
export function couldMatchBelow(pattern: PathPattern, path: string): boolean {
  return pattern.matcher.match(path, true);
}
