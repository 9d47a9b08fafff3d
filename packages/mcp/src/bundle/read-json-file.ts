import { ToolwrightError } from '@toolwright/core';
import { readFile, stat } from 'node:fs/promises';
import type { McpErrorCode } from '../errors/mcp-error-code.js';

/** The largest manifest or cache file read, in bytes: 16 MB (each tool's schema is at most 256 KB). */
export const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/**
 * Reads a JSON file of at most {@link MAX_MANIFEST_BYTES}. Throws `INVALID_MANIFEST` naming the
 * file when it cannot be read, is too large, or is not JSON.
 */
export async function readJsonFile(path: string, label: string): Promise<unknown> {
  let text: string;
  try {
    const { size } = await stat(path);
    if (size > MAX_MANIFEST_BYTES) {
      throw new ToolwrightError<McpErrorCode>(
        'INVALID_MANIFEST',
        `${label} is ${size} bytes; at most ${MAX_MANIFEST_BYTES} are read.`,
      );
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (ToolwrightError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolwrightError<McpErrorCode>('INVALID_MANIFEST', `${label} could not be read: ${reason}.`, {
      cause: error,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolwrightError<McpErrorCode>('INVALID_MANIFEST', `${label} is not valid JSON: ${reason}.`, {
      cause: error,
    });
  }
}
