import type { FileHandle } from 'node:fs/promises';
import { cutText } from '@toolwright/core/internal';
import { completeUtf8Prefix } from '@toolwright/shell/internal';
import { isValidUtf8 } from './binary-file.js';

/** One line of a {@link LineWindow}, without its line ending. */
export interface WindowLine {
  /** The text, cut at the window's `maxLineChars`; invalid UTF-8 shown as U+FFFD. */
  readonly text: string;
  /** True when the line was longer than `maxLineChars` and was cut. */
  readonly cut: boolean;
  /** The line's length in bytes, its ending excluded. */
  readonly bytes: number;
}

/** A range of a file's lines, read without holding the rest of the file. */
export interface LineWindow {
  /** The lines from `offset` on, at most `limit` of them. */
  readonly lines: readonly WindowLine[];
  /** The file's line count, when it was read to its end; `undefined` when the window stopped early. */
  readonly totalLines: number | undefined;
  /** True when lines follow the window. */
  readonly more: boolean;
  /** Whether the file's last byte is a newline; `undefined` when the end was not read. */
  readonly endsWithNewline: boolean | undefined;
  /** The line endings among the lines read: `LF`, `CRLF`, `mixed`, or `none` (no line ended). */
  readonly lineEndings: 'LF' | 'CRLF' | 'mixed' | 'none';
  /** True when a line of the window is not valid UTF-8. */
  readonly invalidUtf8: boolean;
  /** True when the file starts with a UTF-8 byte order mark (not shown). */
  readonly bom: boolean;
}

/** What {@link readLineWindow} reads. */
export interface WindowRequest {
  /** The first line, 1-based. */
  readonly offset: number;
  /** The most lines to return. */
  readonly limit: number;
  /** Lines longer than this (UTF-16 units) are cut. */
  readonly maxLineChars: number;
  /** Keep counting lines after the window, to know the total. */
  readonly readToEnd: boolean;
  /** Stops the read (it rejects) when aborted: nothing reads on after the gate gave up. */
  readonly signal?: AbortSignal;
}

const CHUNK_BYTES = 65_536;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Reads lines `offset … offset + limit - 1` of an open file in chunks, keeping only their first
 * bytes, so a huge file or a huge line costs no more memory than the window. A line ends at `\n`;
 * a `\r` before it is part of the ending (CRLF), not of the text.
 */
export async function readLineWindow(handle: FileHandle, request: WindowRequest): Promise<LineWindow> {
  const state = new WindowState(request);
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let first = true;
  for (let position = 0; ;) {
    request.signal?.throwIfAborted();
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
    position += bytesRead;
    if (bytesRead === 0) return state.finish(true);
    let data = chunk.subarray(0, bytesRead);
    if (first && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
      state.bom = true;
      data = data.subarray(3);
    }
    first = false;
    if (state.consume(data)) return state.finish(false);
  }
}

class WindowState {
  readonly lines: WindowLine[] = [];
  bom = false;
  #line = 1;
  #parts: Buffer[] = [];
  #kept = 0;
  #bytes = 0;
  #lastByte = -1;
  #pending = false;
  #lf = 0;
  #crlf = 0;
  #invalid = false;
  #done = false;
  readonly #maxKeptBytes: number;

  constructor(private readonly request: WindowRequest) {
    this.#maxKeptBytes = request.maxLineChars * 4 + 4;
  }

  /** Takes the next bytes; true when nothing more is needed. */
  consume(data: Buffer): boolean {
    let start = 0;
    while (start < data.length) {
      if (this.#done) return true; // a byte after the window: more lines follow
      const newline = data.indexOf(NEWLINE, start);
      const end = newline === -1 ? data.length : newline;
      this.#append(data.subarray(start, end));
      if (newline === -1) break;
      this.#endLine(true);
      start = newline + 1;
    }
    return false;
  }

  finish(atEnd: boolean): LineWindow {
    const endsWithNewline = atEnd ? !this.#pending : undefined;
    if (atEnd && this.#pending) this.#endLine(false);
    const total = atEnd ? this.#line - 1 : undefined;
    return {
      lines: this.lines,
      totalLines: total,
      more: !atEnd || (total !== undefined && total >= this.request.offset + this.request.limit),
      endsWithNewline,
      lineEndings: this.#crlf === 0 ? (this.#lf === 0 ? 'none' : 'LF') : this.#lf === 0 ? 'CRLF' : 'mixed',
      invalidUtf8: this.#invalid,
      bom: this.bom,
    };
  }

  #inWindow(): boolean {
    return this.#line >= this.request.offset && this.#line < this.request.offset + this.request.limit;
  }

  #append(segment: Buffer): void {
    if (segment.length === 0) return;
    this.#pending = true;
    this.#bytes += segment.length;
    this.#lastByte = segment[segment.length - 1] ?? -1;
    if (!this.#inWindow() || this.#kept >= this.#maxKeptBytes) return;
    const room = this.#maxKeptBytes - this.#kept;
    const kept = segment.length <= room ? segment : segment.subarray(0, room);
    this.#parts.push(Buffer.from(kept));
    this.#kept += kept.length;
  }

  #endLine(withNewline: boolean): void {
    const crlf = withNewline && this.#lastByte === CARRIAGE_RETURN;
    if (withNewline) {
      if (crlf) this.#crlf++;
      else this.#lf++;
    }
    if (this.#inWindow()) this.lines.push(this.#makeLine(crlf));
    this.#line++;
    this.#parts = [];
    this.#kept = 0;
    this.#bytes = 0;
    this.#lastByte = -1;
    this.#pending = false;
    if (!this.request.readToEnd && this.#line >= this.request.offset + this.request.limit) this.#done = true;
  }

  #makeLine(crlf: boolean): WindowLine {
    const bytes = crlf ? this.#bytes - 1 : this.#bytes;
    let raw: Uint8Array = Buffer.concat(this.#parts);
    if (raw.length > bytes) raw = raw.subarray(0, bytes); // drop the CR of a CRLF ending
    const whole = raw.length === bytes;
    if (!whole) raw = raw.subarray(0, completeUtf8Prefix(raw, raw.length)); // no sequence cut short at the end
    if (!isValidUtf8(raw)) this.#invalid = true;
    const { text, cut } = cutText(decoder.decode(raw), this.request.maxLineChars);
    return { text, cut: cut || !whole, bytes };
  }
}
