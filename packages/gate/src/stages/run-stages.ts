import type { ToolResult } from '@toolwright/core';
import { isThenable } from '@toolwright/core/internal';
import type { GateCall } from './gate-call.js';
import { limitAnswer } from './output-limit.js';
import { GATE_STAGES, OUTPUT_LIMIT } from './stage-list.js';

/**
 * The one runner of the gate's stages: runs `GATE_STAGES` from `from` up to (not including) `until`,
 * synchronously while each stage answers at once (a call whose stages and tool do not wait is
 * answered without a promise), then from wherever one has to wait. A refusal skips to the output
 * limit — or, for a run that stops before it (`judge`), ends the run. The answer is the call's
 * result, or the refusal of a run that stops before the output limit.
 */
export function runStages(
  call: GateCall,
  from = 0,
  until = GATE_STAGES.length,
): ToolResult | undefined | Promise<ToolResult | undefined> {
  for (let index = from; index < until; index++) {
    const outcome = GATE_STAGES[index]!.run(call);
    if (outcome === undefined) continue;
    if (isThenable(outcome)) return resumeLater(call, index, until, outcome);
    return refused(call, outcome, until);
  }
  return call.result;
}

/** Goes on once a stage that had to wait has answered (a function apart: the loop above captures nothing). */
function resumeLater(
  call: GateCall,
  index: number,
  until: number,
  outcome: Promise<ToolResult | undefined>,
): Promise<ToolResult | undefined> {
  return outcome.then((settled) =>
    settled === undefined ? runStages(call, index + 1, until) : refused(call, settled, until),
  );
}

/** A refusal goes straight to the output limit (the stage every answer passes), when the run goes that far. */
function refused(call: GateCall, refusal: ToolResult, until: number): ToolResult {
  if (until <= OUTPUT_LIMIT) return refusal;
  call.result = limitAnswer(call, refusal);
  return call.result;
}
