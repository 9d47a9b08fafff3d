import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { GenericTool, SafetyLevel, ToolParam, ToolResult, Type, type ToolContext } from '@toolwright/core';
import { accessPath, type Refusal } from './file-access.js';
import { describeFileError, errorCode, refusalResult } from './file-errors.js';
import { toFileToolSettings, type FileToolOptions, type FileToolSettings } from './file-tool-options.js';
import { filePathResourceKeys } from './resource-keys.js';
import { FILE_PATH_SUBJECT } from './resolve-tool-path.js';

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
  | ({ readonly kind: 'refused'; readonly path?: string } & Refusal);

/**
 * Writes a whole file (SPEC BT-3): creates missing parent folders, replaces what was there, and
 * reports the bytes written. WRITE safety, destructive (it overwrites). Permission subject and
 * resource key: the file's absolute path.
 */
export class WriteTool extends GenericTool<WriteInput, WriteResult> {
  readonly #settings: FileToolSettings;

  constructor(options: FileToolOptions = {}) {
    super({
      name: 'Write',
      description:
        'Writes a file with the given content, replacing it if it exists and creating missing folders. Prefer Edit to change part of an existing file. Refuses secret files (.env, private keys, credential stores).',
      safety: { level: SafetyLevel.WRITE, destructive: true },
      input: WriteInput,
      subject: FILE_PATH_SUBJECT,
      resourceKeys: filePathResourceKeys,
    });
    this.#settings = toFileToolSettings(options);
  }

  protected async doExecute(input: WriteInput, context: ToolContext): Promise<WriteResult> {
    const access = accessPath(input.filePath, 'file_path', context, this.#settings);
    if (!access.ok) return { kind: 'refused', ...access };
    const { path, realPath } = access;
    try {
      const previousBytes = await sizeOfExistingFile(realPath);
      if (previousBytes === 'folder')
        return { kind: 'refused', path, refused: 'directory', reason: `${path} is a folder; Write needs a file path.` };
      const created = await mkdir(dirname(realPath), { recursive: true });
      // mkdir names the first folder it made by its real path; show it only where that is the path the model gave.
      const createdFolder = created === undefined ? undefined : realPath === path ? created : dirname(path);
      const data = Buffer.from(input.content, 'utf8');
      await writeFile(realPath, data);
      return { kind: 'written', path, bytes: data.length, previousBytes, createdFolder };
    } catch (error) {
      return { kind: 'refused', path, ...describeFileError(error, path) };
    }
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

/** The size of the file at `path`, `undefined` when there is none, `'folder'` for a folder. */
async function sizeOfExistingFile(path: string): Promise<number | 'folder' | undefined> {
  try {
    const stats = await stat(path);
    return stats.isDirectory() ? 'folder' : stats.size;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}
