import { ToolResult } from '@toolwright/core';
import { shellExitStatus, type ShellCommandResult } from '@toolwright/shell';
import { cutCommandOutput } from './cut-command-output.js';
import { viewStream } from './stream-view.js';

/** The most characters of a Bash result the model reads, marker included. */
export const MAX_OUTPUT_CHARS = 30_000;

/** Bytes held per stream of a foreground command: passed explicitly, never left to the shell's default. */
export const BASH_CAPTURE_BYTES = 1_048_576;

/** How the model gets the rest of a cut output; the cut marker ends with it (also when the gate cuts). */
export const BASH_CUT_HINT =
  'To see the rest, redirect the output to a file and read it in parts, or filter it with grep, head or tail.';

/**
 * What the model reads of a finished command (SPEC BT-1): stdout and stderr merged, escape codes
 * stripped, cut (a line then says what the command printed on each stream, in bytes, and what the
 * model is shown of each, in characters), then a marker after the cut — none on success, `[exit code: N]` on failure,
 * `[timed out after Nms]` on timeout (with the output captured until then), each refusal of the
 * sandbox before it as `[sandbox: …]`. The marker comes last
 * so a long failure cannot cut it off, and the whole stays within `maxChars` ({@link MAX_OUTPUT_CHARS}
 * unless the run's output limit is lower). The raw output, escape codes included, is the structured
 * payload.
 */
export function renderBashResult(
  result: ShellCommandResult,
  timeoutMs: number,
  maxChars: number = MAX_OUTPUT_CHARS,
  captureBytes: number = BASH_CAPTURE_BYTES,
): ToolResult {
  const status = shellExitStatus(result);
  const ending = result.timedOut
    ? `[timed out after ${timeoutMs}ms]`
    : result.aborted
      ? '[aborted]'
      : status !== 0
        ? `[exit code: ${status}]`
        : '';
  // What the sandbox refused, one line each, kept with the marker after any cut (SPEC SB-5).
  const refusals = (result.sandboxRefusals ?? []).map((refusal) => `[sandbox: ${refusal}]`);
  const marker = [...refusals, ...(ending === '' ? [] : [ending])].join('\n');
  const stdout = viewStream('stdout', result.stdout, result.stdoutBytes, captureBytes);
  const stderr = viewStream('stderr', result.stderr, result.stderrBytes, captureBytes);
  const room = maxChars - (marker === '' ? 0 : marker.length + 1);
  const { text, cut, mergedLength } = cutCommandOutput(stdout, stderr, room, BASH_CUT_HINT);
  const content = marker === '' ? text : `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${marker}`;
  const metadata = {
    exitCode: status,
    signal: result.signal,
    timedOut: result.timedOut,
    aborted: result.aborted,
    durationMs: Math.round(result.durationMs),
    truncated: cut || result.truncated,
    ...(cut ? { originalLength: mergedLength } : {}),
    stdoutBytes: result.stdoutBytes,
    stderrBytes: result.stderrBytes,
    cutHint: BASH_CUT_HINT,
    // How the command's processes were held together (SPEC SH-3), where the shell says.
    ...(result.containment === undefined ? {} : { containment: result.containment }),
    // The kernel sandbox it ran in, and what that sandbox refused (SPEC SB-4, SB-5), where the shell says.
    ...(result.sandbox === undefined ? {} : { sandbox: result.sandbox }),
    ...(result.sandboxRefusals === undefined ? {} : { sandboxRefusals: [...result.sandboxRefusals] }),
  };
  const structured = { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode, signal: result.signal };
  return ending === ''
    ? ToolResult.ok(content, { metadata, structured })
    : ToolResult.error(content, { metadata, structured });
}
