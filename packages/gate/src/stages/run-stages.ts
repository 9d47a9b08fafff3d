import type { ToolResult } from '@toolwright/core';
import { isThenable } from '@toolwright/core/internal';
import type { GateCall } from './gate-call.js';
import { limitAnswer } from './output-limit.js';
import { GATE_STAGES, OUTPUT_LIMIT } from './stage-list.js';
import type { StageOutcome } from './stage.js';

// The fast path below names each stage at its own call site (`GATE_STAGES[4]` is always the
// permission stage), which V8 can inline, where the loop's one call site, reaching eleven different
// stages, inlines none (measured with `pnpm bench`: the gate's round trip). A stage added to the
// list stops the build here until the fast path has it too.
GATE_STAGES.length satisfies 11;

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
  until: number = GATE_STAGES.length,
): ToolResult | undefined | Promise<ToolResult | undefined> {
  if (from === 0 && until === GATE_STAGES.length) {
    // The fast path of a whole call: the same list, in the same order, one call site a stage.
    let outcome: StageOutcome;
    if ((outcome = GATE_STAGES[0].run(call)) !== undefined) return stopped(call, 0, until, outcome);
    if ((outcome = GATE_STAGES[1].run(call)) !== undefined) return stopped(call, 1, until, outcome);
    if ((outcome = GATE_STAGES[2].run(call)) !== undefined) return stopped(call, 2, until, outcome);
    if ((outcome = GATE_STAGES[3].run(call)) !== undefined) return stopped(call, 3, until, outcome);
    if ((outcome = GATE_STAGES[4].run(call)) !== undefined) return stopped(call, 4, until, outcome);
    if ((outcome = GATE_STAGES[5].run(call)) !== undefined) return stopped(call, 5, until, outcome);
    if ((outcome = GATE_STAGES[6].run(call)) !== undefined) return stopped(call, 6, until, outcome);
    if ((outcome = GATE_STAGES[7].run(call)) !== undefined) return stopped(call, 7, until, outcome);
    if ((outcome = GATE_STAGES[8].run(call)) !== undefined) return stopped(call, 8, until, outcome);
    if ((outcome = GATE_STAGES[9].run(call)) !== undefined) return stopped(call, 9, until, outcome);
    if ((outcome = GATE_STAGES[10].run(call)) !== undefined) return stopped(call, 10, until, outcome);
    return call.result;
  }
  for (let index = from; index < until; index++) {
    const outcome = GATE_STAGES[index]!.run(call);
    if (outcome !== undefined) return stopped(call, index, until, outcome);
  }
  return call.result;
}

/** A stage at `index` that answered: it has to be waited for, or it refused the call. */
function stopped(
  call: GateCall,
  index: number,
  until: number,
  outcome: NonNullable<StageOutcome>,
): ToolResult | Promise<ToolResult | undefined> {
  return isThenable(outcome) ? resumeLater(call, index, until, outcome) : refused(call, outcome, until);
}

/** Goes on once a stage that had to wait has answered (a function apart: the stages above capture nothing). */
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
