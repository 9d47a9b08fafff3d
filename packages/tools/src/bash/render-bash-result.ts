import { describeCut, ToolResult } from '@toolwright/core';
import { cutText } from '@toolwright/core/internal';
import { shellExitStatus, type ShellCommandResult } from '@toolwright/shell';
import { stripAnsi } from './strip-ansi.js';

/** The most characters of a Bash result the model reads, marker included. */
export const MAX_OUTPUT_CHARS = 30_000;

/** How the model gets the rest of a cut output; the cut marker ends with it (also when the gate cuts). */
export const BASH_CUT_HINT =
  'To see the rest, redirect the output to a file and read it in parts, or filter it with grep, head or tail.';

/**
 * What the model reads of a finished command (SPEC BT-1): stdout and stderr merged, escape codes
 * stripped, cut, then a marker after the cut — none on success, `[exit code: N]` on failure,
 * `[timed out after Nms]` on timeout (with the output captured until then). The marker comes last
 * so a long failure cannot cut it off, and the whole stays within `maxChars` ({@link MAX_OUTPUT_CHARS}
 * unless the run's output limit is lower). The raw output, escape codes included, is the structured
 * payload.
 */
export function renderBashResult(
  result: ShellCommandResult,
  timeoutMs: number,
  maxChars: number = MAX_OUTPUT_CHARS,
): ToolResult {
  const status = shellExitStatus(result);
  const marker = result.timedOut
    ? `[timed out after ${timeoutMs}ms]`
    : result.aborted
      ? '[aborted]'
      : status !== 0
        ? `[exit code: ${status}]`
        : '';
  const merged = mergeStreams(stripAnsi(result.stdout), stripAnsi(result.stderr));
  const { text, cut } = cutOutput(merged, maxChars - (marker === '' ? 0 : marker.length + 1));
  const content = marker === '' ? text : `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${marker}`;
  const metadata = {
    exitCode: status,
    signal: result.signal,
    timedOut: result.timedOut,
    aborted: result.aborted,
    durationMs: Math.round(result.durationMs),
    truncated: cut || result.truncated,
    ...(cut ? { originalLength: merged.length } : {}),
    stdoutBytes: result.stdoutBytes,
    stderrBytes: result.stderrBytes,
    cutHint: BASH_CUT_HINT,
    // How the command's processes were held together (SPEC SH-3), where the shell says.
    ...(result.containment === undefined ? {} : { containment: result.containment }),
  };
  const structured = { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode, signal: result.signal };
  return marker === ''
    ? ToolResult.ok(content, { metadata, structured })
    : ToolResult.error(content, { metadata, structured });
}

/**
 * The output cut to `maxChars`, ending with a line that says what was cut and how to get the
 * rest (SPEC PO-3), so a cut output never ends mid-line without a word. Within the limit, unchanged.
 */
function cutOutput(output: string, maxChars: number): { readonly text: string; readonly cut: boolean } {
  if (output.length <= maxChars) return { text: output, cut: false };
  // The line is measured with the largest count it can hold; one more character for the line break before it.
  const room = maxChars - describeCut(maxChars, output.length, BASH_CUT_HINT).length - 1;
  const { text } = cutText(output, room);
  const lineBreak = text === '' || text.endsWith('\n') ? '' : '\n';
  return { text: `${text}${lineBreak}${describeCut(text.length, output.length, BASH_CUT_HINT)}`, cut: true };
}

/** stdout, then stderr on a line of its own. */
export function mergeStreams(stdout: string, stderr: string): string {
  if (stderr === '') return stdout;
  if (stdout === '') return stderr;
  return `${stdout}${stdout.endsWith('\n') ? '' : '\n'}${stderr}`;
}
