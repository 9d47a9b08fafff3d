import { closeSync, constants, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { describeKind } from './read-regular-file.js';

/**
 * Writes `text` to a file the user named, creating it when missing, if it is a regular file (a
 * symbolic link to one is fine): opened without blocking (`O_NONBLOCK`: a FIFO with no reader
 * refuses the open instead of hanging it), the type checked on the descriptor, and emptied only
 * then. Throws a plain error saying what it is otherwise (`it is a named pipe (FIFO), not a
 * regular file`), or Node's own error for a failed open or write.
 */
export function writeRegularFile(path: string, text: string): void {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_NONBLOCK, 0o666);
  } catch (error) {
    // open(2) for writing, without blocking, on a FIFO no one reads (or a socket) fails with ENXIO.
    if ((error as NodeJS.ErrnoException).code === 'ENXIO')
      throw new Error('it is a named pipe (FIFO) or a socket, not a regular file', { cause: error });
    throw error;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw new Error(`it is ${describeKind(stats)}, not a regular file`);
    ftruncateSync(descriptor, 0);
    const bytes = Buffer.from(text);
    for (let written = 0; written < bytes.length;) written += writeSync(descriptor, bytes, written);
  } finally {
    closeSync(descriptor);
  }
}
