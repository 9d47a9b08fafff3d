import type { Pause } from '../access/yield-now.js';
import { compileWildcardPattern, type WildcardPattern } from './wildcard-pattern.js';
import { matchesWildcard } from './wildcard-match.js';

/** One pattern of a `.gitignore`, as git keeps it. */
export interface GitignoreRule {
  /** `!pattern`: a path it matches is not ignored (re-included). */
  readonly negative: boolean;
  /** `pattern/`: it matches folders only. */
  readonly folderOnly: boolean;
  /** No `/` in it (but a trailing one): it matches the last segment of a path, at any depth. */
  readonly basename: boolean;
  /** The bytes of the `.gitignore` it is in; the rule is `source[start, end)`. */
  readonly source: Uint8Array;
  /** Where its pattern starts in `source`: after `!` and, for a pattern with a `/`, one leading `/`. */
  readonly start: number;
  /** Where its pattern ends in `source`: before the trailing `/`. */
  readonly end: number;
  /** How many bytes at its start hold no `*`, `?`, `[` or `\` (compared as they are). */
  readonly literalPrefix: number;
  /** The rest after that prefix, compiled on first use; `null` when it can match nothing. */
  compiled?: WildcardPattern | null;
}

const SPACE = 0x20;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const NEWLINE = 0x0a;
/** How many lines are read between two looks at the clock. */
const LINES_PER_LOOK = 256;

/**
 * The rules of a `.gitignore`, read as git reads one: a UTF-8 byte order mark skipped; one rule
 * a line; blank lines and lines starting with `#` skipped (`\#` is a `#`); one `\r` before the
 * line's end dropped; a line cut at a NUL byte; trailing spaces dropped unless escaped (`\ `);
 * `!` first makes a negative rule (`\!` is a `!`); a trailing `/` makes a folder-only rule; a rule
 * with another `/` is anchored to the `.gitignore`'s folder, one without matches at any depth.
 * One pass over the bytes, in plain loops: a 1 MB file of short lines takes milliseconds.
 */
export function parseGitignore(bytes: Uint8Array): GitignoreRule[] {
  return parseLines(
    bytes,
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0,
    [],
    undefined,
  ) as GitignoreRule[];
}

/**
 * {@link parseGitignore} in slices of the event loop: a `.gitignore` of a million bytes of short
 * lines takes a few hundred milliseconds, so every few hundred lines `pause` is asked, and when
 * the walk's slice is used up the rest comes as a promise.
 */
export function parseGitignoreInSlices(bytes: Uint8Array, pause: Pause): GitignoreRule[] | Promise<GitignoreRule[]> {
  return parseLines(bytes, bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0, [], pause);
}

function parseLines(
  bytes: Uint8Array,
  from: number,
  rules: GitignoreRule[],
  pause: Pause | undefined,
): GitignoreRule[] | Promise<GitignoreRule[]> {
  let start = from;
  for (let lines = 1; start < bytes.length; lines++) {
    let end = start;
    while (end < bytes.length && bytes[end] !== NEWLINE) end++;
    if (end > start && bytes[start] !== 0x23) {
      const rule = parseLine(bytes, start, end);
      if (rule !== undefined) rules.push(rule);
    }
    start = end + 1;
    if (pause === undefined || lines % LINES_PER_LOOK !== 0) continue;
    const waiting = pause();
    const next = start;
    if (waiting !== undefined) return waiting.then(() => parseLines(bytes, next, rules, pause));
  }
  return rules;
}

/** The rule of the line `bytes[start, end)` (without its `\n`), or `undefined` when it holds none. */
function parseLine(bytes: Uint8Array, lineStart: number, lineEnd: number): GitignoreRule | undefined {
  let end = bytes[lineEnd - 1] === 0x0d ? lineEnd - 1 : lineEnd;
  for (let index = lineStart; index < end; index++) {
    if (bytes[index] === 0) {
      end = index;
      break;
    }
  }
  end = withoutTrailingSpaces(bytes, lineStart, end);
  let start = lineStart;
  const negative = bytes[start] === 0x21;
  if (negative) start++;
  const folderOnly = end > start && bytes[end - 1] === SLASH;
  if (folderOnly) end--;
  if (end <= start) return undefined;
  let basename = true;
  let literalEnd = -1;
  for (let index = start; index < end; index++) {
    const byte = bytes[index];
    if (byte === SLASH) basename = false;
    if (literalEnd < 0 && (byte === 0x2a || byte === 0x3f || byte === 0x5b || byte === BACKSLASH)) literalEnd = index;
  }
  if (!basename && bytes[start] === SLASH) start++;
  const literalPrefix = literalEnd < 0 ? end - start : Math.max(0, literalEnd - start);
  return { negative, folderOnly, basename, source: bytes, start, end, literalPrefix };
}

/** Where the line ends once its trailing spaces are dropped, as git drops them: not an escaped one, and none after a final `\`. */
function withoutTrailingSpaces(bytes: Uint8Array, start: number, end: number): number {
  let lastSpace = -1;
  for (let index = start; index < end; index++) {
    const byte = bytes[index];
    if (byte === SPACE) {
      if (lastSpace < 0) lastSpace = index;
      continue;
    }
    if (byte === BACKSLASH && ++index >= end) return end;
    lastSpace = -1;
  }
  return lastSpace < 0 ? end : lastSpace;
}

/**
 * Whether a rule matches a path (bytes, relative to the rule's `.gitignore` folder, `/`-separated;
 * its last segment starts at `basenameStart`, `slashes` are where its `/` are) as git matches it: a folder-only rule only a folder; a basename rule the last segment; another
 * rule the whole path, its literal prefix compared as it is and the rest as a wildcard pattern
 * (git's `match_pathname`, so `**` right after the prefix stands at a segment boundary).
 */
export function matchesRule(
  rule: GitignoreRule,
  path: Uint8Array,
  basenameStart: number,
  slashes: readonly number[],
  isFolder: boolean,
): boolean {
  if (rule.folderOnly && !isFolder) return false;
  const from = rule.basename ? basenameStart : 0;
  const { source, start } = rule;
  const length = rule.end - start;
  const prefix = rule.basename && rule.literalPrefix < length ? 0 : rule.literalPrefix;
  if (prefix > path.length - from) return false;
  for (let index = 0; index < prefix; index++) if (source[start + index] !== path[from + index]) return false;
  if (prefix === length) return path.length - from === prefix;
  if (rule.compiled === undefined) rule.compiled = compileWildcardPattern(source, start + prefix, rule.end) ?? null;
  return rule.compiled !== null && matchesWildcard(rule.compiled, path, from + prefix, path.length, slashes);
}
