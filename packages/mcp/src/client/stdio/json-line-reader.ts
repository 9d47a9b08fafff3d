import { TopLevelFields } from './top-level-fields.js';

const NEWLINE = 0x0a;

/** A line over the limit, as far as it has been read: what its top level says, and its size so far. */
export interface OversizeLine {
  /** Its top-level fields, read without keeping the line. */
  readonly fields: TopLevelFields;
  /** Its bytes so far. */
  readonly bytes: number;
  /** True when its newline has come: the line is over, and the next one starts clean. */
  readonly ended: boolean;
}

/** What a {@link JsonLineReader} reports. */
export interface LineListener {
  /** One complete line within the limit, without its newline (and a `\r` before it); empty lines are skipped. */
  line(text: string): void;
  /** A line over the limit: when it passes it, after each later piece of it, and at its end. */
  oversize(line: OversizeLine): void;
}

/**
 * Cuts a byte stream into newline-delimited messages of at most `maxLineBytes` each. A line is
 * kept until its newline; one that grows past the limit is no longer kept — its bytes are read
 * through {@link TopLevelFields} as they arrive and dropped — and the stream picks up again
 * after its newline. So one oversize message costs nothing but the time to read it, and memory
 * stays within the limit whatever the other side writes, a line that never ends included.
 */
export class JsonLineReader {
  readonly #maxLineBytes: number;
  readonly #listener: LineListener;
  #kept: Buffer[] = [];
  #keptBytes = 0;
  #oversize: { fields: TopLevelFields; bytes: number } | undefined;

  constructor(maxLineBytes: number, listener: LineListener) {
    this.#maxLineBytes = maxLineBytes;
    this.#listener = listener;
  }

  /** True while a line over the limit is being read (its newline has not come yet). */
  get inOversizeLine(): boolean {
    return this.#oversize !== undefined;
  }

  /** Reads the next piece of the stream. */
  push(chunk: Buffer): void {
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      if (piece.length > 0) this.#take(piece);
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  }

  /** Forgets any partial line (the stream is gone). */
  clear(): void {
    this.#kept = [];
    this.#keptBytes = 0;
    this.#oversize = undefined;
  }

  #take(piece: Buffer): void {
    if (this.#oversize !== undefined) {
      this.#oversize.fields.feed(piece);
      this.#oversize.bytes += piece.length;
      this.#listener.oversize({ ...this.#oversize, ended: false });
      return;
    }
    if (this.#keptBytes + piece.length <= this.#maxLineBytes) {
      this.#kept.push(piece);
      this.#keptBytes += piece.length;
      return;
    }
    const fields = new TopLevelFields();
    for (const kept of [...this.#kept, piece]) fields.feed(kept);
    this.#oversize = { fields, bytes: this.#keptBytes + piece.length };
    this.#kept = [];
    this.#keptBytes = 0;
    this.#listener.oversize({ ...this.#oversize, ended: false });
  }

  #endLine(): void {
    const oversize = this.#oversize;
    if (oversize !== undefined) {
      this.#oversize = undefined;
      this.#listener.oversize({ ...oversize, ended: true });
      return;
    }
    const text = Buffer.concat(this.#kept, this.#keptBytes).toString('utf8');
    this.#kept = [];
    this.#keptBytes = 0;
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (line.trim() !== '') this.#listener.line(line);
  }
}
