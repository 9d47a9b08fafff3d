import type { ToolResult } from '@toolwright/core';
import { isThenable } from '@toolwright/core/internal';
import { RAN, answeredOutcome } from '../execution/call-outcome.js';
import { invokeTool } from '../execution/invoke-tool.js';
import type { GateCall } from './gate-call.js';
import type { GateStage } from './stage.js';

/** Execution under the gate-level timeout (SPEC PO-4); the call's progress ends with it, and its outcome is set. */
export const execution: GateStage = {
  name: 'execution',
  run(call) {
    const permit = call.decision?.permit;
    const context = permit === undefined ? call.context : call.context.withPermits(permit);
    const outcome = invokeTool(call.tool!, call.use.input, context, call);
    return isThenable(outcome) ? executedLater(call, outcome) : executed(call, outcome);
  },
};

function executedLater(call: GateCall, outcome: Promise<ToolResult>): Promise<undefined> {
  return outcome.then((result) => executed(call, result));
}

/** The tool's answer: a result, or the text of a successful one (built at the output limit). */
function executed(call: GateCall, answer: ToolResult | string): undefined {
  call.progress.finish();
  if (typeof answer === 'string') {
    call.text = answer;
    call.end(RAN);
  } else {
    call.result = answer;
    call.end(answeredOutcome(answer));
  }
  return undefined;
}
