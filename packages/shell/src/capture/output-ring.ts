import { ShellOptionsError } from '../shell-options-error.js';
import { readRing, writeRing } from './byte-ring.js';
import { completeUtf8Prefix, nextUtf8Boundary } from './utf8.js';

/** What one read of an {@link OutputRing} returns. */
export interface RingRead {
  /** The text written since the previous read (what is still held of it). */
  readonly text: string;
  /** Bytes written since the previous read that were overwritten before this one. */
  readonly droppedBytes: number;
  /** Bytes written since the previous read that `text` holds (counted before decoding). */
  readonly bytes: number;
}

/**
 * A bounded buffer of a background command's output (SPEC BT-2): the most recent `capacity`
 * bytes, and a read cursor so each read returns only what is new. A reader that falls behind
 * loses the oldest bytes and is told how many. Reads end on whole UTF-8 characters.
 */
export class OutputRing {
  readonly #buffer: Uint8Array;
  #written = 0;
  #read = 0;

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity <= 0)
      throw new ShellOptionsError(`the buffer capacity must be a positive integer, not ${capacity}`);
    this.#buffer = new Uint8Array(capacity);
  }

  /** Every byte written so far. */
  get totalBytes(): number {
    return this.#written;
  }

  /** Appends one chunk, overwriting the oldest bytes when full. */
  push(chunk: Uint8Array): void {
    this.#written = writeRing(this.#buffer, this.#written, chunk);
  }

  /** The text since the previous read. `final` also returns a trailing partial character (the stream has ended). */
  read(final = false): RingRead {
    const oldestHeld = Math.max(0, this.#written - this.capacity);
    const start = Math.max(this.#read, oldestHeld);
    const droppedBytes = start - this.#read;
    const bytes = readRing(this.#buffer, start, this.#written);
    const from = droppedBytes > 0 ? nextUtf8Boundary(bytes, 0) : 0;
    const to = final ? bytes.length : completeUtf8Prefix(bytes, bytes.length);
    this.#read = start + to;
    return {
      text: new TextDecoder('utf-8').decode(bytes.subarray(from, to)),
      droppedBytes: droppedBytes + from,
      bytes: to - from,
    };
  }
}
