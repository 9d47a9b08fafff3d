import { ShellOptionsError } from '../shell-options-error.js';
import { readRing, writeRing } from './byte-ring.js';
import { omissionLine } from './omission-line.js';
import { completeUtf8Prefix, nextUtf8Boundary } from './utf8.js';

/**
 * Holds at most `maxBytes` of one stream (SPEC SH-4): the first three quarters of the budget as
 * the head, the last quarter as a ring of the most recent bytes (where errors usually are).
 * Everything else is counted and dropped, so reading never stops and the writer never blocks.
 */
export class BoundedCapture {
  readonly #headLimit: number;
  readonly #head: Uint8Array;
  #headLength = 0;
  readonly #tail: Uint8Array;
  #tailWritten = 0;
  #total = 0;

  constructor(readonly maxBytes: number) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
      throw new ShellOptionsError(`maxCaptureBytes must be a non-negative integer, not ${maxBytes}`);
    const tail = Math.floor(maxBytes / 4);
    this.#headLimit = maxBytes - tail;
    this.#head = new Uint8Array(this.#headLimit);
    this.#tail = new Uint8Array(tail);
  }

  /** Every byte written so far, kept or not. */
  get totalBytes(): number {
    return this.#total;
  }

  /** True once more was written than is kept. */
  get truncated(): boolean {
    return this.#total > this.maxBytes;
  }

  /** Takes one chunk. */
  push(chunk: Uint8Array): void {
    this.#total += chunk.length;
    let offset = 0;
    if (this.#headLength < this.#headLimit) {
      const taken = Math.min(this.#headLimit - this.#headLength, chunk.length);
      this.#head.set(chunk.subarray(0, taken), this.#headLength);
      this.#headLength += taken;
      offset = taken;
    }
    if (offset < chunk.length) this.#tailWritten = writeRing(this.#tail, this.#tailWritten, chunk.subarray(offset));
  }

  /** The kept text: all of it, or head and tail cut on character boundaries around a line that says how much was left out. */
  text(): string {
    const decoder = new TextDecoder('utf-8');
    if (!this.truncated) return decoder.decode(this.#assembleAll());
    const head = this.#head.subarray(0, completeUtf8Prefix(this.#head, this.#headLength));
    const tail = this.#orderedTail();
    const tailStart = nextUtf8Boundary(tail, 0);
    const omitted = this.#total - head.length - (tail.length - tailStart);
    return `${decoder.decode(head)}${omissionLine(omitted)}${decoder.decode(tail.subarray(tailStart))}`;
  }

  #assembleAll(): Uint8Array {
    const tail = this.#orderedTail();
    const all = new Uint8Array(this.#headLength + tail.length);
    all.set(this.#head.subarray(0, this.#headLength));
    all.set(tail, this.#headLength);
    return all;
  }

  #orderedTail(): Uint8Array {
    return readRing(this.#tail, Math.max(0, this.#tailWritten - this.#tail.length), this.#tailWritten);
  }
}
