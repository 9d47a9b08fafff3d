import type { FileHandle } from 'node:fs/promises';

/** Writes all of `data` at the start of an open file (the caller truncated it). */
export async function writeAll(handle: FileHandle, data: Uint8Array): Promise<void> {
  for (let written = 0; written < data.length;) {
    const { bytesWritten } = await handle.write(data, written, data.length - written, written);
    written += bytesWritten;
  }
}
