import { Buffer } from 'node:buffer';
import { LineAutomaton, LINE_END, MATCHED, RETURN, UNKNOWN, WIDE } from './grep-line-automaton.js';
import type { BytePrefilter } from './grep-prefilter.js';

const NEWLINE = 0x0a;
const REPLACEMENT = 0xfffd;
/** With a prefilter, candidate lines this dense (one in this many lines, after the first 32) make reading every line cheaper. */
const DENSE_CANDIDATES = 4;

/**
 * The 0-based indexes of the lines of a file's raw bytes that match (SPEC BT-3, PF-3), read
 * exactly as Grep reads text everywhere else, without decoding it first: UTF-8 with U+FFFD for
 * invalid sequences (as `TextDecoder` replaces them), a leading byte order mark dropped, lines
 * split at `\n` with the `\r` of a `\r\n` left out, no empty line after a final line break. With
 * a prefilter, only the lines holding one of its occurrences are run (while they are few). Stops
 * after `max` matching lines.
 */
export function scanLines(
  bytes: Uint8Array,
  automaton: LineAutomaton,
  max: number,
  prefilter?: BytePrefilter,
): number[] {
  const view = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const first = view.length >= 3 && view[0] === 0xef && view[1] === 0xbb && view[2] === 0xbf ? 3 : 0;
  const matched: number[] = [];
  if (prefilter === undefined || !prefilter.covers(view)) {
    scanFrom(view, first, 0, automaton, max, matched);
    return matched;
  }
  let line = 0;
  let candidates = 0;
  for (let at = first; at < view.length && matched.length < max;) {
    const found = prefilter.find(view, at);
    if (found === -1) break;
    const start = Math.max(first, found === 0 ? 0 : view.lastIndexOf(NEWLINE, found - 1) + 1);
    for (let next = view.indexOf(NEWLINE, at); next !== -1 && next < start; next = view.indexOf(NEWLINE, next + 1)) {
      line++;
    }
    if (++candidates > 32 && candidates * DENSE_CANDIDATES > line) {
      scanFrom(view, start, line, automaton, max, matched);
      break;
    }
    const newline = view.indexOf(NEWLINE, start);
    const end = newline === -1 ? view.length : newline;
    if (matchesLine(view, start, end, automaton)) matched.push(line);
    line++;
    at = end + 1;
  }
  return matched;
}

/** Reads every line from `at` (the start of line number `line`) to the end, or to `max` matches. */
function scanFrom(
  view: Buffer,
  at: number,
  line: number,
  automaton: LineAutomaton,
  max: number,
  matched: number[],
): void {
  const length = view.length;
  let start = automaton.start();
  if (start === MATCHED) {
    // The empty start matches: every line does.
    for (; at < length && matched.length < max; line++) {
      matched.push(line);
      const newline = view.indexOf(NEWLINE, at);
      at = newline === -1 ? length : newline + 1;
    }
    return;
  }
  let table = automaton.table;
  let state = start;
  let lineStart = at;
  while (at < length) {
    const byte = view[at] ?? 0;
    const entry = table[(state << 8) | byte] ?? UNKNOWN;
    if (entry >= 0) {
      state = entry;
      at++;
      continue;
    }
    if (entry === LINE_END) {
      if (automaton.end(state) === MATCHED && matched.push(line) >= max) return;
      state = NEXT_LINE;
    } else if (entry === WIDE) {
      const decoded = decodeAt(view, at, length);
      state = automaton.next(state, decoded >>> 3);
      at += (decoded & 7) - 1;
    } else if (entry === RETURN && view[at + 1] === NEWLINE) {
      // The \r of \r\n is not part of the line.
    } else {
      state = entry === MATCHED ? MATCHED : automaton.next(state, byte);
    }
    if (state === MATCHED) {
      if (matched.push(line) >= max) return;
      const newline = view.indexOf(NEWLINE, at);
      if (newline === -1) return;
      at = newline;
      state = NEXT_LINE;
    }
    at++;
    if (state === NEXT_LINE) {
      line++;
      lineStart = at;
      start = automaton.start();
      state = start;
    }
    table = automaton.table;
  }
  if (lineStart < length && automaton.end(state) === MATCHED && matched.length < max) matched.push(line);
}

/** Whether the line in `view[start, end)` (`end` at its `\n` or the end of the bytes) matches. */
function matchesLine(view: Buffer, start: number, end: number, automaton: LineAutomaton): boolean {
  const stop = end > start && view[end - 1] === 0x0d && end < view.length ? end - 1 : end;
  let state = automaton.start();
  let table = automaton.table;
  for (let at = start; at < stop && state !== MATCHED;) {
    const entry = state < 0 ? MATCHED : (table[(state << 8) | (view[at] ?? 0)] ?? UNKNOWN);
    if (entry >= 0) {
      state = entry;
      at++;
      continue;
    }
    if (entry === WIDE) {
      const decoded = decodeAt(view, at, stop);
      state = automaton.next(state, decoded >>> 3);
      at += decoded & 7;
    } else {
      state = entry === MATCHED ? MATCHED : automaton.next(state, view[at] ?? 0);
      at++;
    }
    table = automaton.table;
  }
  return state === MATCHED || automaton.end(state) === MATCHED;
}

/** A marker within {@link scanFrom}: the line ended; start the next. */
const NEXT_LINE = -100;

/**
 * The code point starting at `at` (a byte ≥ 0x80) and how many bytes it takes, as `codePoint << 3
 * | bytes`: the WHATWG UTF-8 decoder's rules, so an invalid or cut sequence is one U+FFFD for
 * its longest valid prefix (at least one byte), as `TextDecoder` reads it.
 */
function decodeAt(bytes: Buffer, at: number, stop: number): number {
  const lead = bytes[at] ?? 0;
  let needed: number;
  let codePoint: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    needed = 1;
    codePoint = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    needed = 2;
    codePoint = lead & 0x0f;
    if (lead === 0xe0) lower = 0xa0;
    if (lead === 0xed) upper = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    needed = 3;
    codePoint = lead & 0x07;
    if (lead === 0xf0) lower = 0x90;
    if (lead === 0xf4) upper = 0x8f;
  } else {
    return (REPLACEMENT << 3) | 1;
  }
  for (let index = 1; index <= needed; index++) {
    const byte = at + index < stop ? (bytes[at + index] ?? 0) : -1;
    if (byte < lower || byte > upper) return (REPLACEMENT << 3) | index;
    codePoint = (codePoint << 6) | (byte & 0x3f);
    lower = 0x80;
    upper = 0xbf;
  }
  return (codePoint << 3) | (needed + 1);
}
