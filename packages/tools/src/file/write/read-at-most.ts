import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 1_048_576;

/**
 * Reads an open file from its start, stopping after `limit` bytes: a file that grows while it is
 * read cannot take more. Stops (rejects) between chunks once `signal` is aborted.
 */
export async function readAtMost(handle: FileHandle, limit: number, signal?: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < limit) {
    signal?.throwIfAborted();
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limit - total));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
  }
  return Buffer.concat(chunks, total);
}
