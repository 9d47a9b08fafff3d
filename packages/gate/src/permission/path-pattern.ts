import { GLOBSTAR, Minimatch } from 'minimatch';

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
  const compiled: PathPattern = { kind: 'PATH', glob: pattern, matcher };
  const plain = plainFormOf(matcher);
  if (plain !== undefined) plainForms.set(compiled, plain);
  return compiled;
}

/**
 * A pattern of plain segments (`/ws/src`), or plain segments and a final `**` (`/ws/**`), as
 * minimatch parsed it: matched by comparing strings, which searches that ask about every file
 * they visit need (SPEC PA-3, PF-3). Exactly minimatch's answer for a simple path (below).
 */
interface PlainForm {
  /** The plain segments joined, with their leading `/` (`/ws`; empty for `/**`). */
  readonly literal: string;
  /** For a final `**`, `literal/`: the pattern matches it and everything below it. */
  readonly below: string | undefined;
}

const plainForms = new WeakMap<PathPattern, PlainForm>();

function plainFormOf(matcher: Minimatch): PlainForm | undefined {
  const [segments, ...others] = matcher.set;
  if (segments === undefined || others.length > 0 || segments[0] !== '') return undefined;
  const tree = segments.at(-1) === GLOBSTAR;
  const plain = tree ? segments.slice(0, -1) : segments;
  if (!plain.every((segment) => typeof segment === 'string')) return undefined;
  // `/` alone parses as two empty segments; a plain pattern needs a name after its leading `/`.
  if (plain.includes('', 1) || (!tree && plain.length < 2)) return undefined;
  const literal = plain.join('/');
  return { literal, below: tree ? `${literal}/` : undefined };
}

/**
 * A path minimatch splits exactly at each `/`: absolute, no empty segment but a final one (a
 * trailing `/`), no `.` or `..` segment. Anything else is left to minimatch.
 */
const NOT_SIMPLE = /\/\/|\/\.\.?(?:\/|$)/;

function matches(pattern: PathPattern, path: string): boolean {
  const plain = plainForms.get(pattern);
  if (plain === undefined || !path.startsWith('/') || NOT_SIMPLE.test(path)) return pattern.matcher.match(path);
  if (plain.below !== undefined) return path.startsWith(plain.below);
  return path === plain.literal || (path.length === plain.literal.length + 1 && path === `${plain.literal}/`);
}

/** True when the absolute, normalised path matches the pattern. */
export function matchPath(pattern: PathPattern, path: string): boolean {
  return matches(pattern, path);
}

/** True when the pattern matches the folder at `path`: the path itself, or `path/` (`/ws/**` covers `/ws`). */
export function matchFolder(pattern: PathPattern, path: string): boolean {
  return matches(pattern, path) || (path !== '/' && matches(pattern, `${path}/`));
}

/** True when the pattern could match something below the folder at `path` (a walk may enter it). */
export function couldMatchBelow(pattern: PathPattern, path: string): boolean {
  return pattern.matcher.match(path, true);
}
