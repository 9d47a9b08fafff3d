import type { ShellCommandResult } from './shell-command-result.js';

/**
 * The result of a command that never started: aborted before it could (`aborted`), or out of time
 * while it waited for a host (`timedOut`). No output, no exit code; `durationMs` is the time since
 * `started` (a `performance.now()` reading), or 0 when it was refused at once (no `started`).
 */
export function notRunResult(
  flags: { readonly aborted?: boolean; readonly timedOut?: boolean },
  started?: number,
): ShellCommandResult {
  return Object.freeze({
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    stdoutBytes: 0,
    stderrBytes: 0,
    truncated: false,
    durationMs: started === undefined ? 0 : performance.now() - started,
    timedOut: flags.timedOut === true,
    aborted: flags.aborted === true,
  });
}
