import { ToolParam, Type } from '@toolwright/core';

/** Lines Read shows when the model names no limit. */
export const DEFAULT_READ_LINES = 2_000;
/** The most lines one Read shows; larger limits are lowered to it. */
export const MAX_READ_LINES = 10_000;
/** Lines longer than this many characters are cut, with a note. */
export const MAX_LINE_CHARS = 2_000;
/** Files larger than this are read whole only in parts: the model must give offset or limit. */
export const MAX_READ_BYTES = 262_144;

/** The input of Read. */
export class ReadInput {
  @ToolParam({
    name: 'file_path',
    description: 'The file to read: an absolute path, or one relative to the working directory.',
    schema: Type.String(),
  })
  filePath!: string;

  @ToolParam({
    description: `The line to start at, 1-based (default 1). Give offset or limit to read files over ${MAX_READ_BYTES / 1024} KB in parts.`,
    schema: Type.Integer({ minimum: 1 }),
    optional: true,
  })
  offset?: number;

  @ToolParam({
    description: `How many lines to show (default ${DEFAULT_READ_LINES.toLocaleString('en-US')}, at most ${MAX_READ_LINES.toLocaleString('en-US')}).`,
    schema: Type.Integer({ minimum: 1, maximum: MAX_READ_LINES }),
    optional: true,
  })
  limit?: number;
}
