import { splitCapturedText } from '@toolwright/shell/internal';
import { stripAnsi } from './strip-ansi.js';

/** One stream of a finished command as the model may read it: escape codes stripped, with what it printed. */
export interface StreamView {
  /** Which stream, as the cut line names it. */
  readonly name: 'stdout' | 'stderr';
  /** Every byte the command printed on it, as the shell counted them. */
  readonly printedBytes: number;
  /** What the model may read of it: the whole stream, or the capture's head, its line and its tail. */
  readonly text: string;
  /** How much of `text` is the stream's own beginning (all of it, unless the capture was cut). */
  readonly headLength: number;
  /** The capture's tail, when the capture was cut (what follows its omission line in `text`). */
  readonly tail?: string;
  /** True when stripping escape codes removed something. */
  readonly stripped: boolean;
}

/**
 * The view of one captured stream. A capture of `captureBytes` that was cut (the stream printed
 * more) is split into its head, the line that says how much was left out, and its tail, so that a
 * marker can say exactly which part of the stream the model sees.
 */
export function viewStream(
  name: StreamView['name'],
  captured: string,
  printedBytes: number,
  captureBytes: number,
): StreamView {
  const parts = splitCapturedText(captured, captureBytes, printedBytes);
  if (parts === undefined) {
    const text = stripAnsi(captured);
    return { name, printedBytes, text, headLength: text.length, stripped: text !== captured };
  }
  const head = stripAnsi(parts.head);
  const tail = stripAnsi(parts.tail);
  const line = captured.slice(parts.head.length, captured.length - parts.tail.length);
  return {
    name,
    printedBytes,
    text: `${head}${line}${tail}`,
    headLength: head.length,
    tail,
    stripped: head !== parts.head || tail !== parts.tail,
  };
}
