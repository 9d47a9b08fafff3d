import type { ToolResult } from '@toolwright/core';
import type { GateCall } from './gate-call.js';
import { GATE_STAGES, type StageOutcome } from './gate-stages.js';
import { isThenable } from '@toolwright/core/internal';

// The stages one by one, for a call that starts at the first: ten call sites, each of which V8
// can inline, where a loop's one call site, reaching ten different stages, inlines none.
const [
  lookup,
  argumentErrors,
  limits,
  policiesBefore,
  permission,
  validation,
  execution,
  policiesAfter,
  outputLimit,
  audit,
] = GATE_STAGES;
// A stage added to GATE_STAGES must be added above and below too: this stops the build until it is.
GATE_STAGES.length satisfies 10;

/**
 * Runs the stages of `GATE_STAGES` from `from` on: synchronously while they answer at once, then
 * from wherever one has to wait. A refusal skips to the output limit; the call's answer is its result.
 */
export function runStages(call: GateCall, from: number): ToolResult | Promise<ToolResult> {
  if (from !== 0) return runStagesFrom(call, from);
  let outcome: StageOutcome;
  if ((outcome = lookup.run(call)) !== undefined) return stopped(call, 0, outcome);
  if ((outcome = argumentErrors.run(call)) !== undefined) return stopped(call, 1, outcome);
  if ((outcome = limits.run(call)) !== undefined) return stopped(call, 2, outcome);
  if ((outcome = policiesBefore.run(call)) !== undefined) return stopped(call, 3, outcome);
  if ((outcome = permission.run(call)) !== undefined) return stopped(call, 4, outcome);
  if ((outcome = validation.run(call)) !== undefined) return stopped(call, 5, outcome);
  if ((outcome = execution.run(call)) !== undefined) return stopped(call, 6, outcome);
  if ((outcome = policiesAfter.run(call)) !== undefined) return stopped(call, 7, outcome);
  if ((outcome = outputLimit.run(call)) !== undefined) return stopped(call, 8, outcome);
  if ((outcome = audit.run(call)) !== undefined) return stopped(call, 9, outcome);
  return call.result!;
}

/** The stages from `from` on, for a call that had to wait for the one before. */
function runStagesFrom(call: GateCall, from: number): ToolResult | Promise<ToolResult> {
  for (let index = from; index < GATE_STAGES.length; index++) {
    const outcome: StageOutcome = GATE_STAGES[index]!.run(call);
    if (outcome !== undefined) return stopped(call, index, outcome);
  }
  return call.result!;
}

/** A stage at `index` that answered: it has to be waited for, or it refused the call. */
function stopped(call: GateCall, index: number, outcome: NonNullable<StageOutcome>): ToolResult | Promise<ToolResult> {
  return isThenable(outcome) ? resumeLater(call, index, outcome) : refused(call, outcome);
}

/** Goes on once a stage that had to wait has answered (a function apart: the stages above capture nothing). */
function resumeLater(call: GateCall, index: number, outcome: Promise<ToolResult | undefined>): Promise<ToolResult> {
  return outcome.then((settled) => resume(call, index, settled));
}

function resume(call: GateCall, index: number, outcome: ToolResult | undefined): ToolResult | Promise<ToolResult> {
  return outcome === undefined ? runStagesFrom(call, index + 1) : refused(call, outcome);
}

/** A refusal goes straight to the output limit (the stage every answer passes). */
function refused(call: GateCall, refusal: ToolResult): ToolResult {
  call.result = call.finish(refusal);
  return call.result;
}
