import { cutLength } from '@toolwright/core/internal';
import { describeBytes, describeCharacters } from './output-counts.js';
import { fitWithMarker } from './fit-with-marker.js';
import type { StreamView } from './stream-view.js';

/** What the model reads of a finished command's two streams, and whether it was cut. */
export interface CommandOutput {
  readonly text: string;
  readonly cut: boolean;
  /** The length of the merged text before the cut. */
  readonly mergedLength: number;
}

/**
 * stdout, then stderr on a line of its own, within `maxChars` (SPEC BT-1). A cut keeps the
 * beginning and ends with a line that says what the command printed on each stream, in bytes as
 * the shell counted them, and what of each the model is shown, in characters — `[Output cut: the
 * command printed 52,428,800 bytes on stdout and nothing on stderr; shown: the first 29,743
 * characters of stdout. <hint>]`. The cut never reaches into the line a cut capture put between
 * its head and its tail, so "the first N characters" is always the stream's own beginning.
 */
export function cutCommandOutput(
  stdout: StreamView,
  stderr: StreamView,
  maxChars: number,
  hint: string,
): CommandOutput {
  const separator = stdout.text === '' || stderr.text === '' || stdout.text.endsWith('\n') ? '' : '\n';
  const merged = `${stdout.text}${separator}${stderr.text}`;
  if (merged.length <= maxChars) return { text: merged, cut: false, mergedLength: merged.length };
  const render = (room: number): string => {
    const shownOut = fit(stdout, room);
    const rest = room - shownOut - separator.length;
    const shownErr = shownOut === stdout.text.length && rest > 0 ? fit(stderr, rest) : 0;
    const text = `${stdout.text.slice(0, shownOut)}${shownErr > 0 ? separator : ''}${stderr.text.slice(0, shownErr)}`;
    const line = describeCommandCut(stdout, shownOut, stderr, shownErr, hint);
    return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${line}`;
  };
  const estimate = describeCommandCut(stdout, stdout.text.length, stderr, 0, hint).length + 1;
  return { text: fitWithMarker(render, maxChars, estimate), cut: true, mergedLength: merged.length };
}

/** How much of a stream fits in `room`: all of it, else a cut within its own beginning. */
function fit(view: StreamView, room: number): number {
  if (room >= view.text.length) return view.text.length;
  return cutLength(view.text, Math.min(room, view.headLength));
}

/** The cut line: what the command printed on each stream, and what of each is shown. */
function describeCommandCut(
  stdout: StreamView,
  shownOut: number,
  stderr: StreamView,
  shownErr: number,
  hint: string,
): string {
  const printed = `the command printed ${describeBytes(stdout.printedBytes)} on stdout and ${describeBytes(stderr.printedBytes)} on stderr`;
  const shown = [describeShown(stdout, shownOut), describeShown(stderr, shownErr)].filter((part) => part !== '');
  const escapes = stdout.stripped || stderr.stripped ? ' (escape codes removed)' : '';
  return `[Output cut: ${printed}; shown${escapes}: ${shown.join(' and ')}.${hint === '' ? '' : ` ${hint}`}]`;
}

/** `the first 29,743 characters of stdout`, `all 12 characters of stderr`, `none of stderr`; empty for a silent stream. */
function describeShown(view: StreamView, shown: number): string {
  if (view.text === '' && view.printedBytes === 0) return '';
  if (shown === 0 && view.text !== '') return `none of ${view.name}`;
  if (shown < view.text.length) return `the first ${describeCharacters(view.text.slice(0, shown))} of ${view.name}`;
  if (view.tail === undefined) return `all ${describeCharacters(view.text)} of ${view.name}`;
  const head = view.text.slice(0, view.headLength);
  return `the first ${describeCharacters(head)} and the last ${describeCharacters(view.tail)} of ${view.name}`;
}
