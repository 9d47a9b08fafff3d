import { GenericTool, ToolResult, type ToolContext } from '@toolwright/core';
import { describeBytes } from '@toolwright/core/internal';
import type { FileHandle } from 'node:fs/promises';
import { looksBinary, readHead } from './binary-file.js';
import { detectImage, type ImageKind } from './image-file.js';
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

/** The largest image Read shows: the gate's default bound on one result's binary parts (SPEC CO-1, CO-3). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** An image file, read whole. */
interface ImageRead {
  readonly kind: 'image';
  readonly path: string;
  readonly size: number;
  readonly image: ImageKind;
  /** The file's bytes, base64-encoded. */
  readonly data: string;
}

type ReadResult = ({ readonly kind: 'read' } & ReadOutcome) | ImageRead | Refused;

/**
 * Reads a text file as numbered lines (SPEC BT-3), and shows a PNG, JPEG, GIF or WebP file (known
 * by its first bytes, not its name) as an image part, its size in pixels in the text (SPEC CO-3).
 * Refuses, with a reason the model can act on: paths outside the workspace when confined, secret
 * files, folders, other binary files (a NUL byte in the first 8 KB), images over 5 MiB, and text
 * files over 256 KB unless offset or limit is given. Invalid UTF-8 is shown as U+FFFD and said so.
 * Permission subject: PATH from `file_path`.
 */
export class ReadTool extends GenericTool<ReadInput, ReadResult> {
  readonly #paths: FileToolPaths;

  constructor(options: FileToolOptions = {}) {
    super({
      name: 'Read',
      title: 'Read a file',
      description: `Reads a text file and shows its lines numbered like cat -n (number, tab, text). Shows ${DEFAULT_READ_LINES.toLocaleString('en-US')} lines from offset (default 1) unless limit says otherwise; lines over ${MAX_LINE_CHARS.toLocaleString('en-US')} characters are cut. Files over ${MAX_READ_BYTES / 1024} KB must be read in parts with offset and limit. Shows PNG, JPEG, GIF and WebP images (up to ${MAX_IMAGE_BYTES / 1_048_576} MB) as images. Refuses folders (use Ls), other binary files and secret files (.env, private keys, credential stores).`,
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
      const head = await readHead(opened.handle);
      const image = detectImage(head);
      if (image !== undefined) return await readImage(opened.handle, path, size, image);
      if (looksBinary(head)) {
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
    if (result.kind === 'image') return renderImage(result);
    return result.kind === 'refused' ? refusalResult(result) : renderRead(result);
  }
}

/** An image file, whole, or the refusal of one too large to show. */
async function readImage(
  handle: FileHandle,
  path: string,
  size: number,
  image: ImageKind,
): Promise<ImageRead | Refused> {
  const tooLarge = (bytes: number): Refused => ({
    kind: 'refused',
    path,
    refused: 'too-large',
    reason: `${path} is a ${image.format} image of ${bytes.toLocaleString('en-US')} bytes, over the ${MAX_IMAGE_BYTES.toLocaleString('en-US')}-byte limit for showing an image. Make a smaller copy (fewer pixels, or JPEG) and read that.`,
  });
  if (size > MAX_IMAGE_BYTES) return tooLarge(size);
  // One byte more than the size: a file that grew past the limit since it was measured is refused too.
  const buffer = Buffer.alloc(size + 1);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
  if (bytesRead > MAX_IMAGE_BYTES) return tooLarge(bytesRead);
  const bytes = buffer.subarray(0, bytesRead);
  // The whole file: a JPEG's size in pixels can follow more than the first 8 KB. A file whose
  // header gives no size is damaged or cut: a provider would refuse the request that carried it.
  const whole = detectImage(bytes);
  if (whole?.width === undefined)
    return {
      kind: 'refused',
      path,
      refused: 'binary',
      reason: `${path} starts like a ${image.format} image, but its size in pixels cannot be read from it (a damaged or cut file); Read shows whole images only.`,
    };
  return { kind: 'image', path, size: bytesRead, image: whole, data: bytes.toString('base64') };
}

/** The image as a part, after a line naming the file, its format, pixels and size. */
function renderImage({ path, size, image, data }: ImageRead): ToolResult {
  const pixels =
    image.width === undefined || image.height === undefined ? undefined : { width: image.width, height: image.height };
  return ToolResult.ok(
    [
      {
        type: 'text',
        text: `${path}: a ${image.format} image${pixels === undefined ? '' : `, ${pixels.width}×${pixels.height} pixels`}, ${describeBytes(size)}.`,
      },
      { type: 'image', data, mimeType: image.mimeType, ...pixels },
    ],
    { metadata: { path, bytes: size, mimeType: image.mimeType, ...pixels } },
  );
}
