import { GenericTool, SafetyLevel, ToolParam, ToolResult, Type, type ToolContext } from '@toolwright/core';
import { createPathGuard, type Refusal } from '../access/file-access.js';
import { refusalResult } from '../access/file-errors.js';
import { toFileToolSettings, type FileToolOptions, type FileToolSettings } from '../access/file-tool-options.js';
import { SEARCH_PATH_SUBJECT, SEARCH_PERMISSION_ALIASES } from '../access/path-subjects.js';
import { searchResourceKeys } from '../access/resource-keys.js';
import { joinPath, resolveSearchRoot, walkPermit } from '../access/search-root.js';
import { compileToolGlob } from './tool-glob.js';
import { MAX_WALK_ENTRIES, walkTree } from './walk-tree.js';

/** The most paths one Glob shows. */
export const MAX_GLOB_RESULTS = 1_000;

/** The input of Glob. */
export class GlobInput {
  @ToolParam({
    description:
      'The glob to match against paths below path, e.g. "**/*.ts", "src/**/*.{js,jsx}" or "*.md" (top folder only).',
    schema: Type.String(),
  })
  pattern!: string;

  @ToolParam({
    description:
      'The folder to search: an absolute path, or one relative to the working directory (default: the working directory).',
    schema: Type.String(),
    optional: true,
  })
  path?: string;
}

type GlobResult =
  | {
      readonly kind: 'found';
      readonly root: string;
      readonly paths: readonly string[];
      readonly total: number;
      readonly secretsHidden: number;
      readonly ignored: number;
      readonly walkCut: boolean;
    }
  | ({ readonly kind: 'refused'; readonly path?: string } & Refusal);

/**
 * Finds files by glob (SPEC BT-3): absolute paths sorted by path, at most 1,000. `.gitignore`
 * respected, `.git` and `node_modules` skipped, secret paths left out, dot files matched,
 * symbolic links listed but never followed (no loops, no way out of the folder).
 */
export class GlobTool extends GenericTool<GlobInput, GlobResult> {
  readonly #settings: FileToolSettings;

  constructor(options: FileToolOptions = {}) {
    super({
      name: 'Glob',
      description: `Finds files whose path below the search folder matches a glob (** spans folders, {a,b} alternatives; dot files included). Returns absolute paths sorted by path, at most ${MAX_GLOB_RESULTS.toLocaleString('en-US')}. Skips .git, node_modules, what .gitignore ignores, and secret files.`,
      safety: SafetyLevel.READ_ONLY,
      input: GlobInput,
      subject: SEARCH_PATH_SUBJECT,
      resourceKeys: searchResourceKeys,
      permissionAliases: SEARCH_PERMISSION_ALIASES,
    });
    this.#settings = toFileToolSettings(options);
  }

  protected async doExecute(input: GlobInput, context: ToolContext): Promise<GlobResult> {
    const problem = patternProblem(input.pattern);
    if (problem !== undefined) return { kind: 'refused', refused: 'invalid-input', reason: problem };
    const matcher = compileToolGlob(input.pattern);
    if ('problem' in matcher)
      return { kind: 'refused', refused: 'invalid-input', reason: `pattern: ${matcher.problem}` };
    const root = await resolveSearchRoot(input.path, context, this.#settings);
    if (!root.ok) return { kind: 'refused', ...root };
    if (!root.isFolder)
      return {
        kind: 'refused',
        path: root.path,
        refused: 'not-directory',
        reason: `${root.path} is a file; Glob searches folders. Give its folder as path.`,
      };
    const walk = await walkTree({
      root: root.realPath,
      maxEntries: MAX_WALK_ENTRIES,
      signal: context.signal,
      descend: (relative) => matcher.mayMatchBelow(relative),
      allows: walkPermit(root, createPathGuard(context, this.#settings)),
    });
    const matched = walk.entries
      .filter((entry) => matcher.match(entry.relative))
      .map((entry) => joinPath(root.path, entry.relative));
    return {
      kind: 'found',
      root: root.path,
      paths: matched.slice(0, MAX_GLOB_RESULTS),
      total: matched.length,
      secretsHidden: walk.secretsHidden,
      ignored: walk.ignored,
      walkCut: walk.cut,
    };
  }

  protected render(result: GlobResult): ToolResult {
    if (result.kind === 'refused') return refusalResult(result);
    const metadata = {
      path: result.root,
      matches: result.total,
      shown: result.paths.length,
      truncated: result.paths.length < result.total,
      secretsHidden: result.secretsHidden,
      ignored: result.ignored,
      walkCut: result.walkCut,
    };
    const notes: string[] = [];
    if (result.paths.length < result.total)
      notes.push(
        `[Showing the first ${result.paths.length.toLocaleString('en-US')} of ${result.total.toLocaleString('en-US')} matches. Narrow the pattern or the path.]`,
      );
    if (result.walkCut)
      notes.push(
        `[The search stopped after ${MAX_WALK_ENTRIES.toLocaleString('en-US')} entries; matches further on are missing. Search a smaller folder.]`,
      );
    const found = result.total === 0 ? [`No files below ${result.root} match the pattern.`] : result.paths;
    return ToolResult.ok([...found, ...notes].join('\n'), { metadata });
  }
}

function patternProblem(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'pattern is empty. Give a glob such as "**/*.ts".';
  if (pattern.startsWith('/'))
    return 'pattern must be relative to path, not absolute. Put the folder in path and the rest in pattern, e.g. path: "/repo/src", pattern: "**/*.ts".';
  if (pattern.split('/').includes('..')) return "pattern cannot hold '..'. Give the folder above as path instead.";
  return undefined;
}
