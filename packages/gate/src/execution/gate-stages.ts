import { ToolResult } from '@toolwright/core';
import { describeInputErrorWithoutArguments, suggestName } from '@toolwright/core/internal';
import type { PolicyDecision, ToolPolicy } from '../policy/tool-policy.js';
import { checkToolInputLimits } from '../validation/input-limits.js';
import { SchemaValidationMode } from '../validation/schema-validation-mode.js';
import { executionOutcome, sandboxRefusalsOf } from './audit-event.js';
import type { AuditRecord, GateCall, PermissionVerdict } from './gate-call.js';
import { isThenable } from '@toolwright/core/internal';
import { invokeTool } from './invoke-tool.js';
import { decidePermission } from './permission-stage.js';
import { validateArguments, withViolations } from './validation-stage.js';

/** What a stage answers: nothing to go on, or the call's answer (a refusal), now or later. */
export type StageOutcome = ToolResult | undefined | Promise<ToolResult | undefined>;

/** One step of the gate: it records its own audit event and refuses the call or lets it go on. */
export interface GateStage {
  /** The stage's name, as SPEC §2 lists it. */
  readonly name: string;
  /** Runs the stage for one call; a refusal ends the call (it still passes the output limit). */
  run(call: GateCall): StageOutcome;
}

/** Lookup: an unknown tool gets a did-you-mean among the offered tools. */
const lookup: GateStage = {
  name: 'lookup',
  run(call) {
    const entry = call.setup.registry.entry(call.use.name);
    if (entry !== undefined) {
      call.entry = entry;
      call.tool = entry.tool;
      return undefined;
    }
    const available = call.setup.registry.offered(call.context.options).map((offered) => offered.name);
    const guess = suggestName(call.name, available);
    const reason = `Unknown tool '${call.name}'.${guess === undefined ? '' : ` Did you mean '${guess}'?`} Available tools: ${available.length === 0 ? '(none)' : available.join(', ')}.`;
    call.event({ stage: 'lookup', decision: 'deny', reason });
    return ToolResult.error(reason);
  },
};

/** Argument errors: arguments that were not a JSON object. */
const argumentErrors: GateStage = {
  name: 'arguments',
  run(call) {
    const { inputError } = call.use;
    if (inputError === undefined) return undefined;
    const reason = call.auditArguments ? inputError : describeInputErrorWithoutArguments(call.use);
    call.event({ stage: 'arguments', decision: 'deny', reason: reason ?? inputError });
    return ToolResult.error(inputError);
  },
};

/** Bounded before expensive (SPEC PA-4): the size and depth caps run before any stage that reads the arguments. */
const limits: GateStage = {
  name: 'limits',
  run(call) {
    const problem = checkToolInputLimits(call.use.input);
    if (problem === undefined) return undefined;
    call.event({ stage: 'limits', decision: 'deny', reason: problem });
    return ToolResult.error(problem);
  },
};

/** Policies' `before`, in order: the safety policy first (SPEC PO-1, PO-2). */
const policiesBefore: GateStage = {
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
  call.event({ stage: 'policy', decision: 'deny', rule: policy.name, reason });
  return ToolResult.error(reason, { metadata: { policyDenied: true } });
}

/** Permission: the rules (or the working-directory confinement); an ask rule may wait for an approver. */
const permission: GateStage = {
  name: 'permission',
  run(call) {
    const verdict = decidePermission(call.setup, call.tool!, call.use, call.context.cwd, call.options);
    return isThenable(verdict) ? permissionLater(call, verdict) : permissionRefusal(call, verdict);
  },
};

function permissionLater(call: GateCall, verdict: Promise<PermissionVerdict | undefined>): StageOutcome {
  return verdict.then((settled) => permissionRefusal(call, settled));
}

function permissionRefusal(call: GateCall, decision: PermissionVerdict | undefined): ToolResult | undefined {
  call.decision = decision;
  if (decision === undefined) return undefined;
  if (call.listening) recordPermission(call, decision);
  if (decision.pending !== undefined) {
    const metadata = { policyDenied: true, pendingApproval: decision.pending };
    return ToolResult.error(decision.reason, { metadata });
  }
  if (decision.allowed) return undefined;
  const reason =
    decision.subjectMissing === true ? withViolations(call.tool!, call.use, decision.reason) : decision.reason;
  return ToolResult.error(reason, { metadata: { policyDenied: true } });
}

/** The permission stage's audit event: built key by key (stage, rule, subject, reason, decision), not spread together. */
function recordPermission(call: GateCall, decision: PermissionVerdict): void {
  // `decision` comes last, as the event has always listed it: it is set below.
  const event = {
    callId: call.use.id,
    tool: call.name,
    durationMs: call.elapsed(),
    stage: 'permission',
  } as AuditRecord;
  if (decision.rule !== undefined) event.rule = decision.rule;
  if (decision.subject !== undefined) event.subject = decision.subject;
  event.reason = decision.reason;
  event.decision = decision.allowed ? 'allow' : decision.pending === undefined ? 'deny' : 'pending';
  call.record(event);
}

/** Schema validation (SPEC GV-*): ENFORCE refuses, WARN logs, OFF skips. */
const validation: GateStage = {
  name: 'validation',
  run: (call) =>
    call.setup.mode === SchemaValidationMode.OFF ? undefined : validateArguments(call.entry!, call.use, call),
};

/** Execution under the gate-level timeout (SPEC PO-4); the call's progress ends with it. */
const execution: GateStage = {
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
  if (typeof answer === 'string') call.text = answer;
  else call.result = answer;
  return undefined;
}

/** Policies' `after`, in order: each may rewrite the result of a call that ran. */
const policiesAfter: GateStage = {
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
    call.result = rewritten;
  }
  return undefined;
}

function rewrittenLater(call: GateCall, index: number, rewritten: PromiseLike<ToolResult>): StageOutcome {
  return Promise.resolve(rewritten).then((settled) => {
    call.result = settled;
    return rewriteResult(call, index + 1);
  });
}

/** The output limit (SPEC PO-3): one limit for refusals and results alike. */
const outputLimit: GateStage = {
  name: 'output limit',
  run(call) {
    call.result = call.text === undefined ? call.finish(call.result!) : call.finishText(call.text);
    return undefined;
  },
};

/** Audit: the execution's outcome (SPEC PO-5). */
const audit: GateStage = {
  name: 'audit',
  run(call) {
    if (!call.listening) return undefined;
    const decision = executionOutcome(call.result!);
    call.record({ callId: call.use.id, tool: call.name, durationMs: call.elapsed(), stage: 'execution', decision });
    // One more event when the command's sandbox refused something (SPEC SB-5): what, in its words.
    const refusals = sandboxRefusalsOf(call.result!);
    if (refusals !== undefined)
      call.record({
        callId: call.use.id,
        tool: call.name,
        durationMs: call.elapsed(),
        stage: 'sandbox',
        decision: 'deny',
        reason: refusals.join('; '),
      });
    return undefined;
  },
};

/**
 * The gate's stages in SPEC §2's order. A refusal ends the call at its stage and goes straight to
 * the output limit; an allowed call passes every stage. Shared by every call: nothing here is made per call.
 */
export const GATE_STAGES = Object.freeze([
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
] as const);
