import { posix } from 'node:path';
import { GLOBSTAR, Minimatch } from 'minimatch';

/** A compiled PATH pattern. */
export interface PathPattern {
  readonly kind: 'PATH';
  readonly glob: string;
  readonly matcher: Minimatch;
}

const GLOB_OPTIONS = { nonegate: true, nocomment: true, nobrace: true, noext: true, dot: true, nocase: false } as const;

/** Where a rule's relative path forms are rooted: the gate's working directory and the home folder. */
export interface PathBase {
  readonly cwd: string;
  readonly home: string;
}

/**
 * A path pattern as written in a rule, made absolute (SPEC PM-4, RU-1): `/x` is absolute (as it
 * always was here; in Claude Code's settings it is relative to the settings file), `//x` is the
 * absolute `/x` in Claude Code's spelling, `~/x` is in the home folder, `./x` and a bare `x/y` are
 * in the working directory, and a bare name without a `/` but a final one (`*.env`, `.env`,
 * `node_modules/`) matches at any depth below it, as in a `.gitignore`. A final `/` of a relative
 * form names the folder and everything in it. Returns the absolute glob, or why it has none.
 */
export function absolutePathPattern(pattern: string, base: PathBase): string | { readonly problem: string } {
  if (pattern.startsWith('/') && !pattern.startsWith('//')) return pattern;
  if (pattern.startsWith('!')) return { problem: 'a path pattern cannot be negated (!)' };
  let root: string;
  let rest: string;
  let anyDepth = false;
  if (pattern.startsWith('//')) [root, rest] = ['/', pattern.slice(2)];
  else if (pattern === '~' || pattern.startsWith('~/')) [root, rest] = [base.home, pattern.slice(2)];
  else if (pattern.startsWith('~')) return { problem: "~user is not expanded; write the home folder's absolute path" };
  else if (pattern === '.' || pattern.startsWith('./')) [root, rest] = [base.cwd, pattern.slice(2)];
  else {
    [root, rest] = [base.cwd, pattern];
    anyDepth = !pattern.replace(/\/$/, '').includes('/');
  }
  if (!root.startsWith('/')) return { problem: `its folder ${root} is not absolute` };
  const segments = rest.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.'))
    return { problem: "a path pattern cannot hold '.' or '..' segments" };
  if (rest.endsWith('/')) rest = `${rest}**`;
  if (anyDepth) rest = `**/${rest}`;
  if (rest.includes('//')) return { problem: "a path pattern cannot hold '//' but at its start" };
  return rest === '' ? posix.resolve(root) : `${posix.resolve(root) === '/' ? '' : posix.resolve(root)}/${rest}`;
}

/**
 * Compiles a PATH pattern (SPEC PM-4), made absolute against `base` (see {@link absolutePathPattern}):
 * no `.`/`..`/empty segments, no negation, braces or extglobs; `*` and `**` as globs,
 * case-sensitive, dotfiles included. `/tmp/**` matches what is under `/tmp`, not `/tmp` itself.
 */
export function compilePathPattern(written: string, base?: PathBase): PathPattern | { readonly problem: string } {
  const absolute = base === undefined ? written : absolutePathPattern(written, base);
  if (typeof absolute !== 'string') return absolute;
  const pattern = absolute;
  if (!pattern.startsWith('/'))
    return { problem: 'a path pattern must be absolute (start with /), or one of the forms //x, ~/x, ./x or x' };
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
