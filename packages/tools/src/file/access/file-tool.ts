// What the file tools share: how they are declared, how they refuse, and the settings every path
// they are given is judged with.
import { Concurrency, SafetyLevel, ToolParam, Type, type ToolContext } from '@toolwright/core';
import { accessPath, createPathGuard, type PathAccess, type Refusal } from './file-access.js';
import { toFileToolSettings, type FileToolOptions, type FileToolSettings } from './file-tool-options.js';
import { FILE_PATH_SUBJECT, SEARCH_PATH_SUBJECT, SEARCH_PERMISSION_ALIASES } from './path-subjects.js';
import { filePathResourceKeys, searchResourceKeys } from './resource-keys.js';
import { resolveSearchRoot, walkPermit, type SearchRoot } from './search-root.js';

/** A file tool's refusal: its kind and sentence, with the path it concerns once that is known. */
export type Refused = { readonly kind: 'refused'; readonly path?: string } & Refusal;

/** What the file tools that only read (Read, Ls, Glob, Grep) declare: a repeat changes nothing, and they reach only the host's files. */
export const READ_FILES_SAFETY = Object.freeze({
  level: SafetyLevel.READ_ONLY,
  destructive: false,
  idempotent: true,
  openWorld: false,
});

/**
 * What the searching tools (Glob, Ls, Grep) declare alike: they only read; the folder they walk
 * from `path` is their permission subject and their resource; `Read(...)` rules apply to them.
 */
export const SEARCH_TOOL = Object.freeze({
  safety: READ_FILES_SAFETY,
  subject: SEARCH_PATH_SUBJECT,
  resourceKeys: searchResourceKeys,
  permissionAliases: SEARCH_PERMISSION_ALIASES,
});

/**
 * What the tools that change one file (Write, Edit) declare alike: WRITE safety, destructive, the
 * host's files only; the file from `file_path` is their permission subject and the resource they
 * change. Each says whether a repeat changes anything more.
 */
export const CHANGE_FILE_TOOL = Object.freeze({
  safety: Object.freeze({ level: SafetyLevel.WRITE, destructive: true, openWorld: false }),
  // Calls on different files may run side by side; the resource keys keep calls on one file in order.
  concurrency: Concurrency.PARALLEL,
  subject: FILE_PATH_SUBJECT,
  resourceKeys: filePathResourceKeys,
});

/** The `path` parameter of a searching tool: `what` it names, then how it is read (absolute, or below the working directory). */
export function searchPathParam(what: string) {
  return ToolParam({
    description: `${what}: an absolute path, or one relative to the working directory (default: the working directory).`,
    schema: Type.String(),
    optional: true,
  });
}

/**
 * A file tool's way to its paths: the settings of its options, checked once when the tool is
 * made, applied to every path a call gives it and to every path a walk visits.
 */
export class FileToolPaths {
  readonly #settings: FileToolSettings;

  /** Throws for a relative or empty workspace (a configuration mistake). */
  constructor(options: FileToolOptions) {
    this.#settings = toFileToolSettings(options);
  }

  /** The call's `file_path` resolved and judged (Read, Write, Edit). */
  file(value: string, context: ToolContext): PathAccess {
    return accessPath(value, 'file_path', context, this.#settings);
  }

  /** The call's `path` resolved and judged, and whether it is a folder (Glob, Ls, Grep). */
  searchRoot(value: string | undefined, context: ToolContext): Promise<SearchRoot> {
    return resolveSearchRoot(value, context, this.#settings);
  }

  /** Whether a walk from `root` may touch a path below it, for this call. */
  walkPermit(
    root: { readonly path: string; readonly realPath: string },
    context: ToolContext,
  ): (relative: string, kind: 'file' | 'folder', real?: string) => boolean {
    return walkPermit(root, createPathGuard(context, this.#settings));
  }
}
