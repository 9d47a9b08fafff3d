import type { Approval, DurableApprovals } from './durable-approval.js';
import type { Approver, PendingApproval } from './permission-config.js';

/**
 * Who answers a call's ask rule: the approval it brings (checked, used once); else its own
 * approver, else the gate's; else, with durable approvals, a hold (`onHold` receives it, and the
 * call is not run); else nobody (ask denies).
 */
export function chooseApprover(
  call: { readonly approval?: Approval; readonly approver?: Approver },
  gateApprover: Approver | undefined,
  approvals: DurableApprovals | undefined,
  onHold: (pending: PendingApproval) => void,
): Approver | undefined {
  if (call.approval !== undefined) {
    const { approval } = call;
    return (request) =>
      approvals?.grants(approval, request) ?? {
        approved: false,
        reason: 'the approval it brought cannot be checked: this gate has no approvals option',
      };
  }
  const approver = call.approver ?? gateApprover;
  if (approver !== undefined || approvals === undefined) return approver;
  return (request) => {
    onHold(approvals.hold(request));
    return false;
  };
}

/** The audit event of a grant (the caller adds the duration). */
export function grantEvent(pending: PendingApproval) {
  return { callId: pending.id, tool: pending.tool, stage: 'approval', decision: 'grant', rule: pending.rule } as const;
}
