import type { ShellCommandResult } from '@toolwright/shell';

/** The result of a command that never started: aborted before it could, or out of time while it waited for a host. */
export function notRunResult(started: number, flags: { aborted?: boolean; timedOut?: boolean }): ShellCommandResult {
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    stdoutBytes: 0,
    stderrBytes: 0,
    truncated: false,
    durationMs: performance.now() - started,
    timedOut: flags.timedOut === true,
    aborted: flags.aborted === true,
  };
}
