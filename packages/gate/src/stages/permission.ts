import { ToolResult, type Tool, type ToolUse } from '@toolwright/core';
import { isThenable } from '@toolwright/core/internal';
import { refusedOutcome } from '../execution/call-outcome.js';
import type { CallOptions } from '../execution/gate-options.js';
import type { GateSetup } from '../execution/gate-setup.js';
import { chooseApprover } from '../permission/choose-approver.js';
import { heldReason } from '../permission/durable-approval.js';
import type { Approver, PendingApproval, PermissionDecision } from '../permission/permission-config.js';
import { confineToWorkingDirectory } from '../permission/working-directory-confinement.js';
import type { AuditRecord, GateCall, PermissionVerdict } from './gate-call.js';
import type { GateStage, StageOutcome } from './stage.js';
import { withViolations } from './validation.js';

/** Permission: the rules (or the working-directory confinement); an ask rule may wait for an approver. */
export const permission: GateStage = {
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
  if (decision.editedInput !== undefined) return editedCall(call, decision);
  if (decision.addedRule !== undefined) ruleAdded(call, decision);
  if (!decision.allowed) call.end(refusedOutcome('permission', decision.reason, decision.rule, decision.pending));
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

/**
 * An approver approved the call with edited input (SPEC RU-4): this call ends here, unrun, and the
 * gate runs the edited one through every stage (`GateCall.edited`). The answer below is only what
 * the runner carries to the end of this call; the edited call's result replaces it.
 */
function editedCall(call: GateCall, decision: PermissionVerdict): ToolResult {
  call.edited = decision.editedInput;
  call.event({ stage: 'approval', decision: 'edit', rule: decision.rule!, reason: decision.reason });
  return ToolResult.error(decision.reason);
}

/** An approver's "always" added a rule: audited, and handed to the host's `onRuleAdded` (what it throws is logged). */
function ruleAdded(call: GateCall, decision: PermissionVerdict): void {
  const added = { rule: decision.addedRule!, askRule: decision.rule!, tool: call.name, callId: call.use.id };
  call.event({ stage: 'approval', decision: 'always', rule: added.rule, reason: decision.reason });
  const listener = call.setup.options.onRuleAdded;
  if (listener === undefined) return;
  try {
    listener(added);
  } catch (error) {
    call.logger.warn(`onRuleAdded threw: ${error instanceof Error ? error.message : String(error)}`);
  }
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
  if (!decision.allowed) event.outcome = call.outcome;
  call.record(event);
}

/**
 * The permission verdict (SPEC PM-*, PA-2, PA-3): the configured rules, or without them the
 * working-directory confinement of tools with a PATH subject. `undefined` when nothing judges
 * this call. An allowed call that touches paths carries the permit its tool applies to every
 * further path. Answers without waiting unless an approver is asked.
 */
export function decidePermission(
  setup: GateSetup,
  tool: Tool,
  toolUse: ToolUse,
  cwd: string,
  call: CallOptions,
): PermissionVerdict | undefined | Promise<PermissionVerdict | undefined> {
  const permissions = setup.permissions;
  if (permissions === undefined) return confineToWorkingDirectory(tool, toolUse.input, cwd);
  if (call.approval === undefined && setup.approvals === undefined) {
    const decision = permissions.check(tool, toolUse.input, cwd, call.approver ?? setup.options.approver);
    return isThenable(decision) ? permitLater(setup, tool, decision, cwd) : withPermit(setup, tool, decision, cwd);
  }
  return decideWithApprovals(setup, tool, toolUse, cwd, call);
}

function permitLater(
  setup: GateSetup,
  tool: Tool,
  decision: Promise<PermissionDecision>,
  cwd: string,
): Promise<PermissionVerdict> {
  return decision.then((settled) => withPermit(setup, tool, settled, cwd));
}

/** The permission stage of a call that brings an approval, or on a gate with durable approvals. */
function decideWithApprovals(
  setup: GateSetup,
  tool: Tool,
  toolUse: ToolUse,
  cwd: string,
  call: CallOptions,
): Promise<PermissionVerdict | undefined> {
  const permissions = setup.permissions!;
  const held: { pending?: PendingApproval } = {};
  const approver: Approver | undefined = chooseApprover(
    call,
    setup.options.approver,
    setup.approvals,
    (pending) => (held.pending = pending),
  );
  return Promise.resolve(permissions.check(tool, toolUse.input, cwd, approver)).then((decision) =>
    held.pending === undefined
      ? withPermit(setup, tool, decision, cwd)
      : { ...decision, pending: held.pending, reason: heldReason(tool.name, held.pending.rule) },
  );
}

function withPermit(setup: GateSetup, tool: Tool, decision: PermissionDecision, cwd: string): PermissionVerdict {
  // Only a tool that takes a path touches further paths; the others need no permit (and cost none).
  if (!decision.allowed || decision.subject?.kind !== 'PATH' || setup.permissions === undefined) return decision;
  return { ...decision, permit: setup.permissions.permitFor(tool, decision, cwd) };
}
