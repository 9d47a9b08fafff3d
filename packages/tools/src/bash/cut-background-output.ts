import type { BackgroundRead } from '@toolwright/shell';
import { describeBytes, describeCharacters } from './output-counts.js';
import { fitWithMarker } from './fit-with-marker.js';
import { stripAnsi } from './strip-ansi.js';

/** What the model reads of one background read, and what the command printed since the previous one. */
export interface BackgroundOutput {
  readonly text: string;
  /** True when the model is not shown all the command printed since the previous read. */
  readonly cut: boolean;
  /** Bytes the command printed (stdout and stderr) since the previous read, as the shell counted them. */
  readonly printedBytes: number;
}

/**
 * A background read within `maxChars` (SPEC BT-2): all of it when nothing was dropped and it
 * fits; else the most recent part, after a line that says what the command printed since the
 * previous read, in bytes, what the buffer kept of it, and what is shown, in characters —
 * `[Output cut: the command printed 52,428,800 bytes on stdout and stderr since the last read, of
 * which the buffer kept the last 1,048,576 bytes; shown: the last 29,702 characters. <hint>]`.
 */
export function cutBackgroundOutput(read: BackgroundRead, maxChars: number, hint: string): BackgroundOutput {
  const text = stripAnsi(read.output);
  const keptBytes = read.outputBytes ?? Buffer.byteLength(read.output);
  const printedBytes = read.droppedBytes + keptBytes;
  if (read.droppedBytes === 0 && text.length <= maxChars) return { text, cut: false, printedBytes };
  const printed = `the command printed ${describeBytes(printedBytes)} on stdout and stderr since the last read`;
  const kept = read.droppedBytes > 0 ? `, of which the buffer kept the last ${describeBytes(keptBytes)}` : '';
  const escapes = text === read.output ? '' : ' (escape codes removed)';
  const line = (shown: string): string => {
    const what =
      shown.length === text.length
        ? `all ${describeCharacters(shown)} of those`
        : shown === ''
          ? 'none of it'
          : `the last ${describeCharacters(shown)}`;
    return `[Output cut: ${printed}${kept}; shown${escapes}: ${what}.${hint === '' ? '' : ` ${hint}`}]`;
  };
  const render = (room: number): string => {
    const shown = text.slice(tailStart(text, room));
    return `${line(shown)}\n${shown}`;
  };
  return { text: fitWithMarker(render, maxChars, line(text.slice(0, maxChars)).length + 1), cut: true, printedBytes };
}

/** Where the last `room` UTF-16 units of `text` start, moved on rather than begin with the second half of a pair. */
function tailStart(text: string, room: number): number {
  const start = Math.max(0, text.length - Math.max(0, Math.floor(room)));
  const unit = text.charCodeAt(start);
  const before = start > 0 ? text.charCodeAt(start - 1) : 0;
  return unit >= 0xdc00 && unit <= 0xdfff && before >= 0xd800 && before <= 0xdbff ? start + 1 : start;
}
