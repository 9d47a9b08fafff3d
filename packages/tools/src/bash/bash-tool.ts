import { GenericTool, SafetyLevel, ToolResult, type ToolContext } from '@toolwright/core';
import { ShellStartError, type ShellCommandResult } from '@toolwright/shell';
import { BashInput, clampTimeout } from './bash-input.js';
import type { BashSession } from './bash-session.js';
import { BASH_CAPTURE_BYTES, MAX_OUTPUT_CHARS, renderBashResult } from './render-bash-result.js';

/** Bytes of a background command's output held between reads. */
export const BACKGROUND_BUFFER_BYTES = 1_048_576;

type BashOutcome =
  | {
      readonly kind: 'finished';
      readonly result: ShellCommandResult;
      readonly timeoutMs: number;
      readonly maxChars: number;
    }
  | { readonly kind: 'background'; readonly id: string }
  | { readonly kind: 'not-started'; readonly reason: string };

/**
 * Runs a shell command (SPEC BT-1) through the session's shell: a real timeout that kills the
 * whole tree, capture bounded explicitly, the exit code as a value. `Command failed: ` appears
 * only when the command could not run at all. Permission subject: COMMAND from `command`.
 */
export class BashTool extends GenericTool<BashInput, BashOutcome> {
  constructor(private readonly session: BashSession) {
    super({
      name: 'Bash',
      title: 'Run a shell command',
      description:
        'Runs a command with bash -c in the working directory. The command and everything it starts are killed at the timeout; output is cut at 30,000 characters, followed by [exit code: N] on failure or [timed out after Nms]. Nothing can prompt: stdin is closed.',
      safety: { level: SafetyLevel.BASH, destructive: true, idempotent: false, openWorld: true },
      input: BashInput,
      subject: { kind: 'COMMAND', parameter: 'command' },
    });
  }

  protected async doExecute(input: BashInput, context: ToolContext): Promise<BashOutcome> {
    const shell = this.session.shell;
    try {
      if (input.runInBackground === true) {
        if (shell.startBackground === undefined)
          return { kind: 'not-started', reason: 'this shell cannot run commands in the background' };
        const background = await shell.startBackground(input.command, {
          cwd: context.cwd,
          maxBufferBytes: BACKGROUND_BUFFER_BYTES,
        });
        return { kind: 'background', id: this.session.add(background) };
      }
      const timeoutMs = clampTimeout(input.timeout);
      const result = await shell.execute(input.command, {
        timeoutMs,
        maxCaptureBytes: BASH_CAPTURE_BYTES,
        cwd: context.cwd,
        signal: context.signal,
      });
      // Cut here, to the run's output limit when it is lower, so the gate's own cut never drops the exit-code marker.
      const maxChars = Math.min(MAX_OUTPUT_CHARS, context.options.maxToolOutputChars);
      return { kind: 'finished', result, timeoutMs, maxChars };
    } catch (error) {
      if (ShellStartError.isInstance(error)) return { kind: 'not-started', reason: error.message };
      throw error;
    }
  }

  protected render(outcome: BashOutcome): ToolResult {
    if (outcome.kind === 'not-started') return ToolResult.error(`Command failed: ${outcome.reason}`);
    if (outcome.kind === 'background') {
      return ToolResult.ok(
        `Started background shell ${outcome.id}. Read its output with BashOutput (bash_id: "${outcome.id}"); stop it with KillShell (shell_id: "${outcome.id}").`,
        { metadata: { bashId: outcome.id } },
      );
    }
    return renderBashResult(outcome.result, outcome.timeoutMs, outcome.maxChars);
  }
}
