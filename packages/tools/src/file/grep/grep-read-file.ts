import { Buffer } from 'node:buffer';
import { closeSync, constants, fstatSync, readSync } from 'node:fs';
import { looksBinary } from '../read/binary-file.js';
import { FolderOpener } from './folder-opener.js';

/** Grep skips files larger than this (as if they were binary), and says how many. */
export const MAX_GREP_FILE_BYTES = 16 * 1_048_576;

/** Files larger than this are searched in Grep's worker thread, off the event loop. */
export const WORKER_FILE_BYTES = 262_144;

/**
 * One file as Grep read it. `text` bytes are either a view of the reader's own buffer (`shared`:
 * valid until the next read) or memory of their own (files over {@link WORKER_FILE_BYTES}, which
 * can move to the worker without a copy).
 */
export type GrepRead =
  | { readonly kind: 'text'; readonly bytes: Buffer; readonly shared: boolean }
  | { readonly kind: 'binary' | 'large' | 'unreadable' };

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/**
 * Reads the files of one Grep call with as few system calls as the checks allow: open (through
 * a checked descriptor of the file's folder, see {@link FolderOpener}), one read into a buffer
 * reused for every file, close. A regular file's read
 * returns all it holds up to the buffer's size, so only a file that fills the buffer costs a
 * `fstat` (its type and size). O_NONBLOCK: a FIFO swapped in after the walk cannot block the open
 * (it reads as empty, or fails); O_NOFOLLOW and the checked folder: a file or folder
 * swapped for a link since the walk is skipped (SPEC PA-2). Binary files (a NUL byte in the first
 * 8 KB) and files over 16 MB are reported, not returned; files that cannot be read are skipped,
 * as grep -s would.
 */
export class GrepFileReader {
  readonly #buffer = Buffer.allocUnsafe(WORKER_FILE_BYTES + 1);
  readonly #opener = new FolderOpener();

  /** Reads the file at `path` (a real path), or says why not. Call {@link release} when done. */
  read(path: string): GrepRead {
    let descriptor: number | undefined;
    try {
      descriptor = this.#opener.open(path, OPEN_FLAGS);
      if (descriptor === -1) {
        descriptor = undefined;
        return { kind: 'unreadable' };
      }
      const head = readSync(descriptor, this.#buffer, 0, this.#buffer.length, 0);
      if (head < this.#buffer.length) {
        const bytes = this.#buffer.subarray(0, head);
        return looksBinary(bytes) ? { kind: 'binary' } : { kind: 'text', bytes, shared: true };
      }
      return this.#readLarge(descriptor);
    } catch {
      return { kind: 'unreadable' };
    } finally {
      if (descriptor !== undefined) closeSync(descriptor);
    }
  }

  /** Closes the folder the last read left open. */
  release(): void {
    this.#opener.release();
  }

  /** A file that filled the buffer: checked to be a regular file within the size limit, then read whole. */
  #readLarge(descriptor: number): GrepRead {
    if (looksBinary(this.#buffer)) return { kind: 'binary' };
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return { kind: 'unreadable' };
    if (stats.size > MAX_GREP_FILE_BYTES) return { kind: 'large' };
    // Its own memory (never a pooled slice), so it can move to the worker without a copy.
    const bytes = Buffer.from(new ArrayBuffer(Math.max(stats.size, this.#buffer.length)));
    this.#buffer.copy(bytes);
    let filled = this.#buffer.length;
    for (let read = -1; read !== 0 && filled < bytes.length; filled += read) {
      read = readSync(descriptor, bytes, filled, bytes.length - filled, filled);
    }
    return { kind: 'text', bytes: bytes.subarray(0, filled), shared: false };
  }
}
