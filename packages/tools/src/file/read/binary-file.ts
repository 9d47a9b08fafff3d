import { Buffer, isUtf8 } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';

/** How much of a file's start is sniffed for a NUL byte. */
export const BINARY_SNIFF_BYTES = 8_192;

/** True when `head` (a file's first bytes) holds a NUL byte in its first 8 KB: git's and grep's rule for binary. */
export function looksBinary(head: Uint8Array): boolean {
  // Buffer's indexOf is a memchr; a typed array's includes walks element by element. A small
  // Buffer is searched whole (no view to make; a NUL past 8 KB does not count).
  if (Buffer.isBuffer(head) && head.length <= 8 * BINARY_SNIFF_BYTES) {
    const at = head.indexOf(0);
    return at !== -1 && at < BINARY_SNIFF_BYTES;
  }
  const sniffed = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, BINARY_SNIFF_BYTES));
  return sniffed.indexOf(0) !== -1;
}

/** True when `bytes` are valid UTF-8 (a sequence cut at the very end counts as invalid). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  return isUtf8(bytes);
}

/** The first `bytes` bytes of an open file (fewer when it is shorter). */
export async function readHead(handle: FileHandle, bytes = BINARY_SNIFF_BYTES): Promise<Buffer> {
  const buffer = Buffer.alloc(bytes);
  const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
  return buffer.subarray(0, bytesRead);
}
