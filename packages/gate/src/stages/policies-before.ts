import { ToolResult } from '@toolwright/core';
import { isThenable } from '@toolwright/core/internal';
import { refusedOutcome } from '../execution/call-outcome.js';
import type { PolicyDecision, ToolPolicy } from '../policy/tool-policy.js';
import type { GateCall } from './gate-call.js';
import type { GateStage, StageOutcome } from './stage.js';

/** Policies' `before`, in order: the safety policy first (SPEC PO-1, PO-2). */
export const policiesBefore: GateStage = {
  name: 'policies before',
  run: (call) => runPolicies(call, 0),
};

function runPolicies(call: GateCall, from: number): StageOutcome {
  const { policies } = call.setup;
  for (let index = from; index < policies.length; index++) {
    const policy = policies[index]!;
    const decision = policy.before?.(call.tool!, call.use.input, call.context);
    if (isThenable(decision)) return policyLater(call, index, decision);
    const refusal = policyRefusal(call, policy, decision);
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

/** A policy that had to wait: its answer, then the policies after it. */
function policyLater(call: GateCall, index: number, decision: PromiseLike<PolicyDecision>): StageOutcome {
  return Promise.resolve(decision).then(
    (settled) => policyRefusal(call, call.setup.policies[index]!, settled) ?? runPolicies(call, index + 1),
  );
}

function policyRefusal(
  call: GateCall,
  policy: ToolPolicy,
  decision: PolicyDecision | undefined,
): ToolResult | undefined {
  if (decision === undefined || decision.allowed) return undefined;
  const reason = decision.reason ?? `The ${policy.name} policy refused the call.`;
  const outcome = refusedOutcome('policy', reason, policy.name);
  call.end(outcome);
  call.event({ stage: 'policy', decision: 'deny', rule: policy.name, reason, outcome });
  return ToolResult.error(reason, { metadata: { policyDenied: true } });
}
