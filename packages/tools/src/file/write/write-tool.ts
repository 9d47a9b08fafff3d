import { dirname } from 'node:path';
import { GenericTool, ToolParam, ToolResult, Type, type ToolContext } from '@toolwright/core';
import { refusalResult } from '../access/file-errors.js';
import type { FileToolOptions } from '../access/file-tool-options.js';
import { CHANGE_FILE_TOOL, FileToolPaths, type Refused } from '../access/file-tool.js';
import { makeParentFolders, openJudgedFile } from '../access/open-file.js';
import { WRITE_PERMISSION_ALIASES } from '../access/path-subjects.js';
import { writeAll } from './write-all.js';

/** The input of Write. */
export class WriteInput {
  @ToolParam({
    name: 'file_path',
    description:
      'The file to write: an absolute path, or one relative to the working directory. Missing folders are created.',
    schema: Type.String(),
  })
  filePath!: string;

  @ToolParam({ description: 'The whole new content of the file, written as UTF-8.', schema: Type.String() })
  content!: string;
}

type WriteResult =
  | {
      readonly kind: 'written';
      readonly path: string;
      readonly bytes: number;
      readonly previousBytes: number | undefined;
      readonly createdFolder: string | undefined;
    }
  | Refused;

/**
 * Writes a whole file (SPEC BT-3): creates missing parent folders, replaces what was there, and
 * reports the bytes written. WRITE safety, destructive (it overwrites). Permission subject and
 * resource key: the file's absolute path.
 */
export class WriteTool extends GenericTool<WriteInput, WriteResult> {
  readonly #paths: FileToolPaths;

  constructor(options: FileToolOptions = {}) {
    super({
      name: 'Write',
      title: 'Write a file',
      description:
        'Writes a file with the given content, replacing it if it exists and creating missing folders. Prefer Edit to change part of an existing file. Refuses secret files (.env, private keys, credential stores).',
      input: WriteInput,
      ...CHANGE_FILE_TOOL,
      // The same content written again leaves the same file.
      safety: { ...CHANGE_FILE_TOOL.safety, idempotent: true },
      permissionAliases: WRITE_PERMISSION_ALIASES,
    });
    this.#paths = new FileToolPaths(options);
  }

  protected async doExecute(input: WriteInput, context: ToolContext): Promise<WriteResult> {
    const access = this.#paths.file(input.filePath, context);
    if (!access.ok) return { kind: 'refused', ...access };
    const { path, realPath } = access;
    const data = Buffer.from(input.content, 'utf8');
    const folders = await makeParentFolders(path, realPath);
    if (!folders.ok) return { kind: 'refused', path, ...folders };
    const opened = await openJudgedFile(path, realPath, 'write', {
      folder: `${path} is a folder; Write needs a file path.`,
      special: `${path} is not a regular file (a device, socket or pipe); Write writes regular files only.`,
    });
    if (!opened.ok) return { kind: 'refused', path, ...opened };
    try {
      context.signal.throwIfAborted();
      // Truncated only now, after the open proved this is the file that was judged.
      await opened.handle.truncate(0);
      await writeAll(opened.handle, data);
    } finally {
      await opened.handle.close();
    }
    // mkdir names the first folder it made by its real path; show it only where that is the path the model gave.
    const createdFolder = folders.first === undefined ? undefined : realPath === path ? folders.first : dirname(path);
    const previousBytes = opened.created ? undefined : opened.stats.size;
    return { kind: 'written', path, bytes: data.length, previousBytes, createdFolder };
  }

  protected render(result: WriteResult): ToolResult {
    if (result.kind === 'refused') return refusalResult(result);
    const what =
      result.previousBytes === undefined
        ? 'a new file'
        : `replacing the previous ${result.previousBytes.toLocaleString('en-US')} bytes`;
    const folders =
      result.createdFolder === undefined ? '' : `; created the folder ${result.createdFolder} and any below it`;
    return ToolResult.ok(`Wrote ${result.bytes.toLocaleString('en-US')} bytes to ${result.path} (${what}${folders}).`, {
      metadata: {
        path: result.path,
        bytesWritten: result.bytes,
        created: result.previousBytes === undefined,
        ...(result.previousBytes === undefined ? {} : { previousBytes: result.previousBytes }),
        ...(result.createdFolder === undefined ? {} : { createdFolder: result.createdFolder }),
      },
    });
  }
}
