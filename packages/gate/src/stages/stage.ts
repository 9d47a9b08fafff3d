import type { ToolResult } from '@toolwright/core';
import type { GateCall } from './gate-call.js';

/** What a stage answers: nothing to go on, or the call's answer (a refusal), now or later. */
export type StageOutcome = ToolResult | undefined | Promise<ToolResult | undefined>;

/**
 * One step of the gate. It reads and fills the call's state, records its own audit event, and lets
 * the call go on (`undefined`) or ends it with a refusal, having set the call's outcome.
 */
export interface GateStage {
  /** The stage's name, as SPEC §2 lists it. */
  readonly name: string;
  /** Runs the stage for one call; a refusal ends the call (it still passes the output limit). */
  run(call: GateCall): StageOutcome;
}
