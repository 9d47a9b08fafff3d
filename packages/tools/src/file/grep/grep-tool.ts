import { GenericTool, ToolResult, type ToolContext } from '@toolwright/core';
import { refusalResult } from '../access/file-errors.js';
import type { FileToolOptions } from '../access/file-tool-options.js';
import { FileToolPaths, SEARCH_TOOL, type Refused } from '../access/file-tool.js';
import { FILE_TYPES } from './file-types.js';
import { contextLines, GrepInput } from './grep-input.js';
import { compileGrepPattern, MAX_PATTERN_LENGTH } from './grep-pattern.js';
import { GrepFileFeed } from './grep-file-feed.js';
import { MAX_CONTENT_LINES, searchFiles, type GrepFindings, type GrepPlan } from './grep-search.js';
import { joinPath } from '../access/search-root.js';
import { compileToolGlob, type ToolGlob } from '../list/tool-glob.js';
import { MAX_WALK_ENTRIES, walkTree } from '../list/walk-tree.js';

type GrepResult =
  | ({
      readonly kind: 'searched';
      readonly input: GrepInput;
      readonly root: string;
      readonly secretsHidden: number;
      readonly ignored: number;
      readonly walkCut: boolean;
    } & GrepFindings)
  | Refused;

/**
 * Searches file contents (SPEC BT-3), a GenericTool with a dozen parameters and the wire names
 * models know from ripgrep (`-i`, `-n`, `-A`, `-B`, `-C`, `output_mode`, `head_limit`, …). The
 * pattern runs on re2js (linear time, at most 1,000 characters) in this process, also where `rg`
 * is installed: one engine, one set of rules for `.gitignore`, secrets, binary files and links.
 */
export class GrepTool extends GenericTool<GrepInput, GrepResult> {
  readonly #paths: FileToolPaths;

  constructor(options: FileToolOptions = {}) {
    super({
      name: 'Grep',
      title: 'Search file contents',
      description: `Searches file contents with a regular expression (RE2 syntax, at most ${MAX_PATTERN_LENGTH.toLocaleString('en-US')} characters; linear time, no lookaround or backreferences). output_mode files_with_matches (default) lists matching files; content shows path:line:text with -n, -A, -B, -C; count shows path:N. Filter files with glob or type. Skips .git, node_modules, what .gitignore ignores, binary files and secret files; never follows symbolic links.`,
      input: GrepInput,
      ...SEARCH_TOOL,
    });
    this.#paths = new FileToolPaths(options);
  }

  protected async doExecute(input: GrepInput, context: ToolContext): Promise<GrepResult> {
    const compiled = compileGrepPattern(input.pattern, { ignoreCase: input.ignoreCase, multiline: input.multiline });
    if (!compiled.ok) return { kind: 'refused', refused: 'invalid-input', reason: compiled.reason };
    const typeGlobs =
      input.type === undefined ? [] : Object.hasOwn(FILE_TYPES, input.type) ? FILE_TYPES[input.type] : undefined;
    if (typeGlobs === undefined) {
      return {
        kind: 'refused',
        refused: 'invalid-input',
        reason: `Unknown type '${input.type}'. Known types: ${Object.keys(FILE_TYPES).join(', ')}. Or filter with glob.`,
      };
    }
    const wanted = fileFilter(input.glob, typeGlobs);
    if ('problem' in wanted) return { kind: 'refused', refused: 'invalid-input', reason: `glob: ${wanted.problem}` };
    const root = await this.#paths.searchRoot(input.path, context);
    if (!root.ok) return { kind: 'refused', ...root };
    const { before, after } = contextLines(input);
    const plan: GrepPlan = {
      pattern: compiled.pattern,
      mode: input.outputMode,
      format: { before, after, lineNumbers: input.lineNumbers },
      enough: (input.headLimit ?? MAX_CONTENT_LINES) + 1,
      signal: context.signal,
      source: { pattern: input.pattern, ignoreCase: input.ignoreCase, multiline: input.multiline },
    };
    if (!root.isFolder) {
      const findings = await searchFiles(GrepFileFeed.of([{ open: root.realPath, show: root.path }]), plan);
      return { kind: 'searched', input, root: root.path, secretsHidden: 0, ignored: 0, walkCut: false, ...findings };
    }
    // The search takes the files as the walk finds them (SPEC PF-3); the walk always runs to its end, for its counts.
    const feed = new GrepFileFeed();
    const walking = walkTree({
      root: root.realPath,
      maxEntries: MAX_WALK_ENTRIES,
      signal: context.signal,
      allows: this.#paths.walkPermit(root, context),
      found: (entry, real) => {
        if (entry.kind === 'file' && wanted(entry.relative)) {
          feed.add({ open: real, show: root.path === root.realPath ? real : joinPath(root.path, entry.relative) });
        }
      },
    }).then(
      (walked) => {
        feed.end();
        return walked;
      },
      (error: unknown) => {
        feed.fail(error);
        throw error;
      },
    );
    const [walk, findings] = await Promise.all([walking, searchFiles(feed, plan)]);
    return {
      kind: 'searched',
      input,
      root: root.path,
      secretsHidden: walk.secretsHidden,
      ignored: walk.ignored,
      walkCut: walk.cut,
      ...findings,
    };
  }

  protected render(result: GrepResult): ToolResult {
    if (result.kind === 'refused') return refusalResult(result);
    const limit = result.input.headLimit ?? MAX_CONTENT_LINES;
    const shown = result.output.slice(0, limit);
    const cut = result.output.length > limit;
    const notes: string[] = [];
    if (cut) {
      const unit =
        result.input.outputMode === 'content' ? 'lines' : result.input.outputMode === 'count' ? 'counts' : 'files';
      notes.push(
        `[Showing the first ${shown.length.toLocaleString('en-US')} ${unit}; there are more. Narrow the search, or raise head_limit.]`,
      );
    }
    // Binary files are skipped in every search; saying so matters only when nothing was found.
    const skipped = [
      result.skippedBinary > 0 && shown.length === 0 ? `${result.skippedBinary} binary` : '',
      result.skippedLarge > 0 ? `${result.skippedLarge} over 16 MB` : '',
    ].filter((part) => part !== '');
    if (skipped.length > 0) notes.push(`[Skipped files: ${skipped.join(', ')}.]`);
    if (result.walkCut)
      notes.push(
        `[The search stopped after ${MAX_WALK_ENTRIES.toLocaleString('en-US')} entries; search a smaller folder.]`,
      );
    const body = shown.length === 0 ? [`No matches in ${result.root}.`] : shown;
    return ToolResult.ok([...body, ...notes].join('\n'), {
      metadata: {
        engine: 're2js',
        outputMode: result.input.outputMode,
        path: result.root,
        filesSearched: result.filesSearched,
        filesMatched: result.filesMatched,
        ...(result.input.outputMode === 'files_with_matches' ? {} : { matchingLines: result.matchingLines }),
        skippedBinary: result.skippedBinary,
        skippedLarge: result.skippedLarge,
        secretsHidden: result.secretsHidden,
        ignored: result.ignored,
        truncated: cut,
        walkCut: result.walkCut,
      },
    });
  }
}

/** Which files below the search folder to search: by `glob` and by `type` (names in any folder). */
function fileFilter(
  glob: string | undefined,
  typeGlobs: readonly string[],
): ((relative: string) => boolean) | { readonly problem: string } {
  const byGlob = glob === undefined ? undefined : compileToolGlob(glob, { matchBase: true });
  if (byGlob !== undefined && 'problem' in byGlob) return byGlob;
  const byType = typeGlobs.map((typeGlob) => compileToolGlob(typeGlob, { matchBase: true }) as ToolGlob);
  return (relative) =>
    (byGlob === undefined || byGlob.match(relative)) &&
    (byType.length === 0 || byType.some((matcher) => matcher.match(relative)));
}
