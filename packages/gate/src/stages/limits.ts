import { ToolResult } from '@toolwright/core';
import { refusedOutcome } from '../execution/call-outcome.js';
import { checkToolInputLimits } from '../validation/input-limits.js';
import type { GateStage } from './stage.js';

/** Bounded before expensive (SPEC PA-4): the size and depth caps run before any stage that reads the arguments. */
export const limits: GateStage = {
  name: 'limits',
  run(call) {
    const problem = checkToolInputLimits(call.use.input);
    if (problem === undefined) return undefined;
    const outcome = refusedOutcome('limits', problem);
    call.end(outcome);
    call.event({ stage: 'limits', decision: 'deny', reason: problem, outcome });
    return ToolResult.error(problem);
  },
};
