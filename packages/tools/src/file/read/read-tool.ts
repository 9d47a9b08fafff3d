import { GenericTool, type ToolContext, type ToolResult } from '@toolwright/core';
import { looksBinary, readHead } from './binary-file.js';
import { refusalResult } from '../access/file-errors.js';
import type { FileToolOptions } from '../access/file-tool-options.js';
import { FileToolPaths, READ_FILES_SAFETY, type Refused } from '../access/file-tool.js';
import { DEFAULT_READ_LINES, MAX_LINE_CHARS, MAX_READ_BYTES, MAX_READ_LINES, ReadInput } from './read-input.js';
import { readLineWindow } from './read-lines.js';
import { renderRead, type ReadOutcome } from './render-read.js';
import { openJudgedFile } from '../access/open-file.js';
import { FILE_PATH_SUBJECT } from '../access/path-subjects.js';
import { readFileResourceKeys } from '../access/resource-keys.js';

/** Files up to this size are read to the end, so Read can say how many lines they have. */
const COUNT_LINES_UP_TO_BYTES = 16 * 1_048_576;

type ReadResult = ({ readonly kind: 'read' } & ReadOutcome) | Refused;

/**
 * Reads a text file as numbered lines (SPEC BT-3). Refuses, with a reason the model can act on:
 * paths outside the workspace when confined, secret files, folders, binary files (a NUL byte in
 * the first 8 KB) and files over 256 KB unless offset or limit is given. Invalid UTF-8 is shown
 * as U+FFFD and said so. Permission subject: PATH from `file_path`.
 */
export class ReadTool extends GenericTool<ReadInput, ReadResult> {
  readonly #paths: FileToolPaths;

  constructor(options: FileToolOptions = {}) {
    super({
      name: 'Read',
      title: 'Read a file',
      description: `Reads a text file and shows its lines numbered like cat -n (number, tab, text). Shows ${DEFAULT_READ_LINES.toLocaleString('en-US')} lines from offset (default 1) unless limit says otherwise; lines over ${MAX_LINE_CHARS.toLocaleString('en-US')} characters are cut. Files over ${MAX_READ_BYTES / 1024} KB must be read in parts with offset and limit. Refuses folders (use Ls), binary files and secret files (.env, private keys, credential stores).`,
      safety: READ_FILES_SAFETY,
      input: ReadInput,
      subject: FILE_PATH_SUBJECT,
      resourceKeys: readFileResourceKeys,
    });
    this.#paths = new FileToolPaths(options);
  }

  protected async doExecute(input: ReadInput, context: ToolContext): Promise<ReadResult> {
    const access = this.#paths.file(input.filePath, context);
    if (!access.ok) return { kind: 'refused', ...access };
    const { path, realPath } = access;
    const opened = await openJudgedFile(path, realPath, 'read', {
      folder: `${path} is a folder, not a file. List it with Ls.`,
      special: `${path} is not a regular file (a device, socket or pipe); Read shows regular files only.`,
    });
    if (!opened.ok) return { kind: 'refused', path, ...opened };
    try {
      const size = opened.stats.size;
      if (looksBinary(await readHead(opened.handle))) {
        return {
          kind: 'refused',
          path,
          refused: 'binary',
          reason: `${path} looks binary (a NUL byte in its first 8 KB); Read shows text files only.`,
        };
      }
      const partial = input.offset !== undefined || input.limit !== undefined;
      if (size > MAX_READ_BYTES && !partial) {
        return {
          kind: 'refused',
          path,
          refused: 'too-large',
          reason: `${path} is ${size.toLocaleString('en-US')} bytes, over the ${MAX_READ_BYTES.toLocaleString('en-US')}-byte limit for reading a whole file. Read it in parts with offset and limit (for example offset: 1, limit: 500), or find the lines you need with Grep.`,
        };
      }
      const offset = Math.max(1, input.offset ?? 1);
      const limit = Math.min(Math.max(1, input.limit ?? DEFAULT_READ_LINES), MAX_READ_LINES);
      const window = await readLineWindow(opened.handle, {
        offset,
        limit,
        maxLineChars: MAX_LINE_CHARS,
        readToEnd: size <= COUNT_LINES_UP_TO_BYTES,
        signal: context.signal,
      });
      return { kind: 'read', path, size, offset, window };
    } finally {
      await opened.handle.close();
    }
  }

  protected render(result: ReadResult): ToolResult {
    return result.kind === 'refused' ? refusalResult(result) : renderRead(result);
  }
}
