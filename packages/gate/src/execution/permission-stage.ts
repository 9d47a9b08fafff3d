import type { Tool, ToolUse } from '@toolwright/core';
import { chooseApprover } from '../permission/choose-approver.js';
import { heldReason } from '../permission/durable-approval.js';
import type { Approver, PendingApproval, PermissionDecision } from '../permission/permission-config.js';
import { confineToWorkingDirectory } from '../permission/working-directory-confinement.js';
import type { PermissionVerdict } from './gate-call.js';
import type { CallOptions } from './gate-options.js';
import type { GateSetup } from './gate-setup.js';
import { isThenable } from '@toolwright/core/internal';

/**
 * The permission stage (SPEC PM-*, PA-2, PA-3): the configured rules, or without them the
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
    return isThenable(decision) ? permitLater(setup, tool, decision) : withPermit(setup, tool, decision);
  }
  return decideWithApprovals(setup, tool, toolUse, cwd, call);
}

function permitLater(setup: GateSetup, tool: Tool, decision: Promise<PermissionDecision>): Promise<PermissionVerdict> {
  return decision.then((settled) => withPermit(setup, tool, settled));
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
      ? withPermit(setup, tool, decision)
      : { ...decision, pending: held.pending, reason: heldReason(tool.name, held.pending.rule) },
  );
}

function withPermit(setup: GateSetup, tool: Tool, decision: PermissionDecision): PermissionVerdict {
  // Only a tool that takes a path touches further paths; the others need no permit (and cost none).
  if (!decision.allowed || decision.subject?.kind !== 'PATH' || setup.permissions === undefined) return decision;
  return { ...decision, permit: setup.permissions.permitFor(tool, decision) };
}
