import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Pause } from '../access/yield-now.js';
import { matchesRule, parseGitignoreInSlices, type GitignoreRule } from './gitignore-rule.js';
import { readSmallFile } from './read-small-file.js';

/** The rules of one `.gitignore`, and the folder they are relative to. */
export interface IgnoreLevel {
  /** The folder holding the `.gitignore` (a real path). */
  readonly base: string;
  readonly rules: readonly GitignoreRule[];
}

/** The largest `.gitignore` read; a larger one is not applied. */
const MAX_GITIGNORE_BYTES = 1_048_576;
/** How many rules are tried between two looks at the clock. */
const RULES_PER_LOOK = 32;

/**
 * The rules of `folder/.gitignore`, or `undefined` when it has none, or it is not a regular file
 * (a FIFO planted by a repository must not hang the walk), or is over 1 MB. Read in slices of the
 * event loop (see `pause`); each rule is compiled when first tried.
 */
export async function loadIgnoreLevel(folder: string, pause: Pause): Promise<IgnoreLevel | undefined> {
  const bytes = readSmallFile(`${folder === '/' ? '' : folder}/.gitignore`, MAX_GITIGNORE_BYTES);
  if (bytes === undefined) return undefined;
  return { base: folder, rules: await parseGitignoreInSlices(bytes, pause) };
}

/**
 * The `.gitignore` files above `root` that git would apply to it: those from the repository's
 * top folder (the nearest ancestor holding `.git`) down to `root`'s parent, outermost first.
 * None when `root` is in no repository; `root`'s own `.gitignore` is the walker's to load.
 */
export async function ancestorIgnoreLevels(root: string, pause: Pause): Promise<IgnoreLevel[]> {
  const folders: string[] = [];
  for (let folder = root; ; folder = dirname(folder)) {
    if (folder !== root) folders.push(folder);
    if (existsSync(`${folder === '/' ? '' : folder}/.git`)) break;
    if (dirname(folder) === folder) return [];
  }
  const levels: IgnoreLevel[] = [];
  for (const folder of folders.reverse()) {
    const level = await loadIgnoreLevel(folder, pause);
    if (level !== undefined) levels.push(level);
  }
  return levels;
}

/**
 * Whether git would ignore `path` (a real path under every level's base), as git decides: the
 * deepest `.gitignore` with a matching rule decides, and in it the last matching rule, so a
 * nested `!name` re-includes what a parent ignored. (A path inside an ignored folder is never
 * asked about: the walk does not enter the folder, as git does not.) Synchronous while there is
 * time; once the walk's slice of the event loop is used up, `pause` is honoured and the answer
 * comes as a promise — a `.gitignore` of many rules never holds the event loop.
 */
export function isIgnored(
  levels: readonly IgnoreLevel[],
  path: string,
  isFolder: boolean,
  pause?: Pause,
): boolean | Promise<boolean> {
  return decide(levels, path, isFolder, levels.length - 1, -1, pause);
}

function decide(
  levels: readonly IgnoreLevel[],
  path: string,
  isFolder: boolean,
  fromLevel: number,
  fromRule: number,
  pause: Pause | undefined,
): boolean | Promise<boolean> {
  let tried = 0;
  for (let levelIndex = fromLevel; levelIndex >= 0; levelIndex--) {
    const level = levels[levelIndex] as IgnoreLevel;
    const relative = Buffer.from(level.base === '/' ? path.slice(1) : path.slice(level.base.length + 1));
    const slashes: number[] = [];
    for (let index = 0; index < relative.length; index++) if (relative[index] === 0x2f) slashes.push(index);
    const basenameStart = slashes.length === 0 ? 0 : (slashes[slashes.length - 1] as number) + 1;
    const rules = level.rules;
    for (let ruleIndex = levelIndex === fromLevel && fromRule >= 0 ? fromRule : rules.length - 1; ruleIndex >= 0;) {
      const rule = rules[ruleIndex] as GitignoreRule;
      if (matchesRule(rule, relative, basenameStart, slashes, isFolder)) return !rule.negative;
      ruleIndex--;
      if (++tried % RULES_PER_LOOK !== 0 || pause === undefined) continue;
      const waiting = pause();
      if (waiting !== undefined) {
        const level = ruleIndex >= 0 ? levelIndex : levelIndex - 1;
        const rule = ruleIndex >= 0 ? ruleIndex : -1;
        return waiting.then(() => decide(levels, path, isFolder, level, rule, pause));
      }
    }
  }
  return false;
}

/**
 * Whether `root`, or a folder between the outermost level's folder and it, is ignored by the
 * levels above it — then git lists nothing in it, and neither does the walk. Each folder is
 * asked about with the levels of the folders above it, top down, as git walks.
 */
export async function isInIgnoredFolder(levels: readonly IgnoreLevel[], root: string, pause?: Pause): Promise<boolean> {
  const top = levels[0]?.base;
  if (top === undefined) return false;
  const below = root.slice(top === '/' ? 1 : top.length + 1).split('/');
  for (let depth = 1; depth <= below.length; depth++) {
    const folder = `${top === '/' ? '' : top}/${below.slice(0, depth).join('/')}`;
    const above = levels.filter((level) => folder.startsWith(level.base === '/' ? '/' : `${level.base}/`));
    if (await isIgnored(above, folder, true, pause)) return true;
  }
  return false;
}
