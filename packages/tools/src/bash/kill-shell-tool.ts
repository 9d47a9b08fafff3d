import { GenericTool, SafetyLevel, ToolParam, ToolResult, Type } from '@toolwright/core';
import type { BackgroundStatus } from '@toolwright/shell';
import { unknownShell } from './bash-output-tool.js';
import type { BashSession } from './bash-session.js';

/** The input of KillShell. */
export class KillShellInput {
  @ToolParam({
    name: 'shell_id',
    description: 'The id Bash returned for a background command (bash_1, …).',
    schema: Type.String(),
  })
  shellId!: string;
}

type KillOutcome =
  | { readonly id: string; readonly before: BackgroundStatus; readonly exitCode: number | null }
  | { readonly unknown: string; readonly known: readonly string[] };

/** Ends a background command and every process it started (SPEC BT-2). */
export class KillShellTool extends GenericTool<KillShellInput, KillOutcome> {
  constructor(private readonly session: BashSession) {
    super({
      name: 'KillShell',
      title: 'Stop a background command',
      description: 'Stops a background command started with Bash run_in_background, and every process it started.',
      safety: { level: SafetyLevel.BASH, destructive: true, idempotent: true, openWorld: false },
      input: KillShellInput,
    });
  }

  protected async doExecute(input: KillShellInput): Promise<KillOutcome> {
    const background = this.session.get(input.shellId);
    if (background === undefined) return { unknown: input.shellId, known: this.session.ids() };
    const before = background.status;
    await background.kill();
    return { id: input.shellId, before, exitCode: background.read().exitCode };
  }

  protected render(outcome: KillOutcome): ToolResult {
    if ('unknown' in outcome) return unknownShell(outcome.unknown, outcome.known);
    if (outcome.before === 'running')
      return ToolResult.ok(`Killed background shell ${outcome.id} and everything it started.`);
    const how =
      outcome.before === 'killed'
        ? 'was already killed'
        : `had already exited (exit code ${outcome.exitCode ?? 'none'})`;
    return ToolResult.ok(`Background shell ${outcome.id} ${how}.`);
  }
}
