import { GenericTool, ToolParam, ToolResult, Type, type ToolContext } from '@toolwright/core';
import { refusalResult } from '../access/file-errors.js';
import type { FileToolOptions } from '../access/file-tool-options.js';
import { FileToolPaths, SEARCH_TOOL, searchPathParam, type Refused } from '../access/file-tool.js';
import { joinPath } from '../access/search-root.js';
import { listingMetadata, type Listing } from './listing.js';
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

  @searchPathParam('The folder to search')
  path?: string;
}

type GlobResult = ({ readonly kind: 'found'; readonly walkCut: boolean } & Listing) | Refused;

/**
 * Finds files by glob (SPEC BT-3): absolute paths sorted by path, at most 1,000. `.gitignore`
 * respected, `.git` and `node_modules` skipped, secret paths left out, dot files matched,
 * symbolic links listed but never followed (no loops, no way out of the folder).
 */
export class GlobTool extends GenericTool<GlobInput, GlobResult> {
  readonly #paths: FileToolPaths;

  constructor(options: FileToolOptions = {}) {
    super({
      name: 'Glob',
      title: 'Find files by name',
      description: `Finds files whose path below the search folder matches a glob (** spans folders, {a,b} alternatives; dot files included). Returns absolute paths sorted by path, at most ${MAX_GLOB_RESULTS.toLocaleString('en-US')}. Skips .git, node_modules, what .gitignore ignores, and secret files.`,
      input: GlobInput,
      ...SEARCH_TOOL,
    });
    this.#paths = new FileToolPaths(options);
  }

  protected async doExecute(input: GlobInput, context: ToolContext): Promise<GlobResult> {
    const problem = patternProblem(input.pattern);
    if (problem !== undefined) return { kind: 'refused', refused: 'invalid-input', reason: problem };
    const matcher = compileToolGlob(input.pattern);
    if ('problem' in matcher)
      return { kind: 'refused', refused: 'invalid-input', reason: `pattern: ${matcher.problem}` };
    const root = await this.#paths.searchRoot(input.path, context);
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
      allows: this.#paths.walkPermit(root, context),
    });
    const matched = walk.entries
      .filter((entry) => matcher.match(entry.relative))
      .map((entry) => joinPath(root.path, entry.relative));
    return {
      kind: 'found',
      path: root.path,
      items: matched.slice(0, MAX_GLOB_RESULTS),
      total: matched.length,
      secretsHidden: walk.secretsHidden,
      ignored: walk.ignored,
      walkCut: walk.cut,
    };
  }

  protected render(result: GlobResult): ToolResult {
    if (result.kind === 'refused') return refusalResult(result);
    const metadata = { ...listingMetadata(result, 'matches'), walkCut: result.walkCut };
    const notes: string[] = [];
    if (result.items.length < result.total)
      notes.push(
        `[Showing the first ${result.items.length.toLocaleString('en-US')} of ${result.total.toLocaleString('en-US')} matches. Narrow the pattern or the path.]`,
      );
    if (result.walkCut)
      notes.push(
        `[The search stopped after ${MAX_WALK_ENTRIES.toLocaleString('en-US')} entries; matches further on are missing. Search a smaller folder.]`,
      );
    const found = result.total === 0 ? [`No files below ${result.path} match the pattern.`] : result.items;
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
