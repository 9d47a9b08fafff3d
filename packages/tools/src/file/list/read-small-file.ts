import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The bytes of a small regular file, or `undefined` when it is anything else: missing, a link
 * (not followed, as git does not follow a linked `.gitignore`), a FIFO or device (the open does
 * not block), or larger than `maxBytes`. For files a repository supplies, such as `.gitignore`.
 */
export function readSmallFile(path: string, maxBytes: number): Buffer | undefined {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const stats = fstatSync(descriptor);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    const bytes = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    for (let read = -1; read !== 0 && filled < bytes.length; filled += read) {
      read = readSync(descriptor, bytes, filled, bytes.length - filled, filled);
    }
    return bytes.subarray(0, filled);
  } catch {
    return undefined;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
