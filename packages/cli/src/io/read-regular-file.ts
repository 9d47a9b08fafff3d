import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** How much is read at a time. */
const CHUNK_BYTES = 65_536;

/** Why a file was not read: what it is, or that it is too large, or the error of the open or read. */
export interface RegularFileRefusal {
  readonly ok: false;
  readonly problem: 'unreadable' | 'not-regular' | 'too-large';
  /** As a phrase: `a named pipe (FIFO), not a regular file`, `larger than 4,096 bytes`, or Node's message. */
  readonly reason: string;
  /** The error code of a failed open or read (`ENOENT`, `EACCES`). */
  readonly code?: string | undefined;
}

/** What reading a file the user named gave: its bytes, or why not. */
export type RegularFileRead = { readonly ok: true; readonly bytes: Buffer } | RegularFileRefusal;

/**
 * Reads a file the user named on the command line, if it is a regular file of at most `maxBytes`.
 * It is opened without blocking (`O_NONBLOCK`: a FIFO with no writer does not hang the open), and
 * what was opened is checked on the descriptor (`fstat`), not by a second look at the path; a
 * symbolic link to a regular file is followed, as the user's own shell would. A FIFO, a device
 * (`/dev/zero`, a terminal), a socket or a folder is refused, and never more than `maxBytes + 1`
 * bytes are read, whatever the file claims or grows to.
 */
export function readRegularFile(path: string, maxBytes: number): RegularFileRead {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return refusal(error as NodeJS.ErrnoException);
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) {
      return { ok: false, problem: 'not-regular', reason: `${describeKind(stats)}, not a regular file` };
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
      const read = readSync(descriptor, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) {
        return { ok: false, problem: 'too-large', reason: `larger than ${maxBytes.toLocaleString('en-US')} bytes` };
      }
    }
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } catch (error) {
    return refusal(error as NodeJS.ErrnoException);
  } finally {
    closeSync(descriptor);
  }
}

/** A failed open or read in Node's own words (`ENOENT: no such file or directory, open '…'`); a socket says what it is. */
function refusal(error: NodeJS.ErrnoException): RegularFileRead {
  // open(2) on a Unix socket fails with ENXIO ("No such device or address").
  if (error.code === 'ENXIO') {
    return {
      ok: false,
      problem: 'not-regular',
      reason: 'a socket or a device with nothing behind it, not a regular file',
    };
  }
  return { ok: false, problem: 'unreadable', reason: error.message, code: error.code };
}

/** What a file that is not regular is, as a sentence names it: `a folder`, `a named pipe (FIFO)`, `a character device`. */
export function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}
