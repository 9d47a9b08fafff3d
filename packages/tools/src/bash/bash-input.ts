import { ToolParam, Type } from '@toolwright/core';

/** The shortest timeout Bash accepts; shorter requests are raised to it. */
export const MIN_TIMEOUT_MS = 1_000;
/** The longest timeout Bash accepts; longer requests are lowered to it. */
export const MAX_TIMEOUT_MS = 600_000;
/** The timeout when the model names none. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** The input of the Bash tool (SPEC BT-1). */
export class BashInput {
  @ToolParam({ description: 'The command line to run with bash -c.', schema: Type.String() })
  command!: string;

  @ToolParam({
    description: `Milliseconds before the command and everything it started are killed (${MIN_TIMEOUT_MS}–${MAX_TIMEOUT_MS}; default ${DEFAULT_TIMEOUT_MS}).`,
    schema: Type.Integer({ minimum: MIN_TIMEOUT_MS, maximum: MAX_TIMEOUT_MS }),
    default: DEFAULT_TIMEOUT_MS,
  })
  timeout!: number;

  @ToolParam({
    description: 'What the command does, in a few words, for the person watching.',
    schema: Type.String(),
    optional: true,
  })
  description?: string;

  @ToolParam({
    name: 'run_in_background',
    description:
      'Start the command and return at once with an id; read its output with BashOutput, stop it with KillShell.',
    schema: Type.Boolean(),
    optional: true,
  })
  runInBackground?: boolean;
}

/** The timeout actually used: `min(max(raw, 1000), 600000)` (the schema declares the range; the tool clamps, never rejects). */
export function clampTimeout(raw: number): number {
  return Math.min(Math.max(raw, MIN_TIMEOUT_MS), MAX_TIMEOUT_MS);
}
