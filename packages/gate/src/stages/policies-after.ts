import type { ToolResult } from '@toolwright/core';
import { isThenable } from '@toolwright/core/internal';
import { answeredOutcome } from '../execution/call-outcome.js';
import type { GateCall } from './gate-call.js';
import type { GateStage, StageOutcome } from './stage.js';

/** Policies' `after`, in order: each may rewrite the result of a call that ran (and so its outcome). */
export const policiesAfter: GateStage = {
  name: 'policies after',
  run: (call) => rewriteResult(call, 0),
};

function rewriteResult(call: GateCall, from: number): StageOutcome {
  const { policies } = call.setup;
  for (let index = from; index < policies.length; index++) {
    const policy = policies[index]!;
    const after = policy.after;
    if (after === undefined) continue;
    call.buildResult();
    const rewritten = after.call(policy, call.tool!, call.use.input, call.result!, call.context);
    if (isThenable(rewritten)) return rewrittenLater(call, index, rewritten);
    rewrote(call, rewritten);
  }
  return undefined;
}

function rewrittenLater(call: GateCall, index: number, rewritten: PromiseLike<ToolResult>): StageOutcome {
  return Promise.resolve(rewritten).then((settled) => {
    rewrote(call, settled);
    return rewriteResult(call, index + 1);
  });
}

function rewrote(call: GateCall, result: ToolResult): void {
  call.result = result;
  call.end(answeredOutcome(result));
}
