import { GenericTool, ToolParam, ToolResult, Type, type ToolContext } from '@toolwright/core';
import { refusalResult } from '../access/file-errors.js';
import type { FileToolOptions } from '../access/file-tool-options.js';
import { FileToolPaths, SEARCH_TOOL, searchPathParam, type Refused } from '../access/file-tool.js';
import { listingMetadata, type Listing } from './listing.js';
import { readFolder } from './read-folder.js';
import { joinPath } from '../access/search-root.js';
import { isSecretPath } from '@toolwright/core/node';
import { compileToolGlob, type ToolGlob } from './tool-glob.js';
import { linksToSecret } from './walk-tree.js';

/** The most entries one Ls shows. */
export const MAX_LS_ENTRIES = 1_000;

/** The input of Ls. */
export class LsInput {
  @searchPathParam('The folder to list')
  path?: string;

  @ToolParam({
    description: 'Globs of entry names to leave out, e.g. ["*.log", "dist"].',
    schema: Type.Array(Type.String()),
    optional: true,
  })
  ignore?: string[];
}

type LsResult = ({ readonly kind: 'listed'; readonly notPermitted: number } & Listing) | Refused;

/**
 * Lists one folder, like `ls -AF` (SPEC BT-3): entries sorted by name, folders marked `/` and
 * symbolic links `@`, at most 1,000, secret files left out. `.gitignore` does not apply: a
 * listing shows what is there; Glob and Grep are the searches that respect it.
 */
export class LsTool extends GenericTool<LsInput, LsResult> {
  readonly #paths: FileToolPaths;

  constructor(options: FileToolOptions = {}) {
    super({
      name: 'Ls',
      title: 'List a folder',
      description: `Lists the entries of a folder, sorted by name: folders end in /, symbolic links in @. Shows at most ${MAX_LS_ENTRIES.toLocaleString('en-US')} entries; secret files are left out. Use Glob to find files by pattern in a whole tree.`,
      input: LsInput,
      ...SEARCH_TOOL,
    });
    this.#paths = new FileToolPaths(options);
  }

  protected async doExecute(input: LsInput, context: ToolContext): Promise<LsResult> {
    const ignores: ToolGlob[] = [];
    for (const glob of input.ignore ?? []) {
      const compiled = compileToolGlob(glob);
      if ('problem' in compiled)
        return {
          kind: 'refused',
          refused: 'invalid-input',
          reason: `ignore ${JSON.stringify(glob.slice(0, 100))}: ${compiled.problem}`,
        };
      ignores.push(compiled);
    }
    const root = await this.#paths.searchRoot(input.path, context);
    if (!root.ok) return { kind: 'refused', ...root };
    const { path, realPath } = root;
    if (!root.isFolder)
      return {
        kind: 'refused',
        path,
        refused: 'not-directory',
        reason: `${path} is a file, not a folder. Read it with Read.`,
      };
    const dirents = readFolder(realPath);
    if (dirents === undefined) {
      return {
        kind: 'refused',
        path,
        refused: 'changed',
        reason: `${path} could not be listed: it is unreadable, or it changed after the permission check. Check the path and try again.`,
      };
    }
    const allows = this.#paths.walkPermit(root, context);
    const names: string[] = [];
    let secretsHidden = 0;
    let ignored = 0;
    let notPermitted = 0;
    for (const dirent of dirents) {
      const entryPath = joinPath(realPath, dirent.name);
      if (isSecretPath(entryPath) || (dirent.isSymbolicLink() && (await linksToSecret(entryPath)))) {
        secretsHidden++;
      } else if (!allows(dirent.name, dirent.isDirectory() ? 'folder' : 'file')) {
        notPermitted++;
      } else if (ignores.some((glob) => glob.match(dirent.name))) {
        ignored++;
      } else {
        names.push(`${dirent.name}${dirent.isDirectory() ? '/' : dirent.isSymbolicLink() ? '@' : ''}`);
      }
    }
    names.sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
    return {
      kind: 'listed',
      path,
      items: names.slice(0, MAX_LS_ENTRIES),
      total: names.length,
      secretsHidden,
      ignored,
      notPermitted,
    };
  }

  protected render(result: LsResult): ToolResult {
    if (result.kind === 'refused') return refusalResult(result);
    const metadata = { ...listingMetadata(result, 'entries'), notPermitted: result.notPermitted };
    if (result.total === 0) return ToolResult.ok(`${result.path} has no entries to show.`, { metadata });
    const cut =
      result.items.length < result.total
        ? `\n[Showing the first ${result.items.length.toLocaleString('en-US')} of ${result.total.toLocaleString('en-US')} entries. Leave some out with ignore, or find files with Glob.]`
        : '';
    return ToolResult.ok(`${result.path}:\n${result.items.join('\n')}${cut}`, { metadata });
  }
}
