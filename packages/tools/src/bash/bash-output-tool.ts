import { Concurrency, GenericTool, SafetyLevel, ToolParam, ToolResult, Type, type ToolContext } from '@toolwright/core';
import type { BackgroundRead } from '@toolwright/shell';
import type { BashSession } from './bash-session.js';
import { cutBackgroundOutput } from './cut-background-output.js';
import { BASH_CUT_HINT, MAX_OUTPUT_CHARS } from './render-bash-result.js';

/** The input of BashOutput. */
export class BashOutputInput {
  @ToolParam({
    name: 'bash_id',
    description: 'The id Bash returned for a background command (bash_1, …).',
    schema: Type.String(),
  })
  bashId!: string;
}

type OutputOutcome =
  | { readonly id: string; readonly read: BackgroundRead; readonly maxChars: number }
  | { readonly unknown: string; readonly known: readonly string[] };

/**
 * Reads what a background command wrote since the last read, with its status and exit code (SPEC
 * BT-2). A BASH tool like Bash itself (it reads what commands print, and it exists only where Bash
 * does): without `allowBash` it is neither offered nor run. It changes nothing, so it is not
 * destructive and runs beside other calls.
 */
export class BashOutputTool extends GenericTool<BashOutputInput, OutputOutcome> {
  constructor(private readonly session: BashSession) {
    super({
      name: 'BashOutput',
      title: 'Read the output of a background command',
      description:
        'Returns the output a background command (started with Bash run_in_background) wrote since the last read, and whether it still runs.',
      safety: { level: SafetyLevel.BASH, destructive: false, idempotent: false, openWorld: false },
      concurrency: Concurrency.PARALLEL,
      input: BashOutputInput,
    });
  }

  protected doExecute(input: BashOutputInput, context: ToolContext): OutputOutcome {
    const background = this.session.get(input.bashId);
    if (background === undefined) return { unknown: input.bashId, known: this.session.ids() };
    // Cut here, to the run's output limit when it is lower, so the gate's own cut never drops the status line.
    const maxChars = Math.min(MAX_OUTPUT_CHARS, context.options.maxToolOutputChars);
    return { id: input.bashId, read: background.read(), maxChars };
  }

  protected render(outcome: OutputOutcome): ToolResult {
    if ('unknown' in outcome) return unknownShell(outcome.unknown, outcome.known);
    const { read, maxChars } = outcome;
    const status =
      read.status === 'running'
        ? '[status: running]'
        : read.status === 'killed'
          ? '[status: killed]'
          : `[status: exited, exit code: ${read.exitCode ?? `signal ${read.signal ?? 'unknown'}`}]`;
    // The status line comes last and always fits: the output gives way to it.
    const output = cutBackgroundOutput(read, maxChars - status.length - 1, BASH_CUT_HINT);
    const { text } = output;
    const content = `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${status}`;
    return ToolResult.ok(content, {
      metadata: {
        status: read.status,
        exitCode: read.exitCode,
        droppedBytes: read.droppedBytes,
        printedBytes: output.printedBytes,
        truncated: output.cut,
        cutHint: BASH_CUT_HINT,
      },
    });
  }
}

/** The error result for an id no background command has. */
export function unknownShell(id: string, known: readonly string[]): ToolResult {
  return ToolResult.error(
    `No background shell has the id '${id}'. ${known.length === 0 ? 'None was started.' : `Known ids: ${known.join(', ')}.`}`,
  );
}
