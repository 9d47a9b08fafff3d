import type { ToolResult } from '@toolwright/core';
import type { PendingApproval } from '../permission/permission-config.js';

/** The stages that can refuse a call before its tool runs. */
export type RefusingStage = 'lookup' | 'arguments' | 'limits' | 'policy' | 'permission' | 'validation';

/**
 * How one call through the gate ended (SPEC ST-1). Set once, by the stage that ended it, and read
 * as it is by the audit event, the span and the hosts, never re-derived from a result's text:
 * - `ran`: the tool ran and answered with a successful result;
 * - `refused`: a stage refused the call before the tool ran (`pending` when it is held for approval);
 * - `failed`: the tool answered with an error or threw (`by: 'tool'`), or the gate itself failed (`by: 'gate'`);
 * - `timed-out`: the call did not finish in time (the gate's limit, or the tool's own, as it reports);
 * - `aborted`: the host cancelled the call.
 */
export type CallOutcome =
  | { readonly kind: 'ran' }
  | {
      readonly kind: 'refused';
      readonly stage: RefusingStage;
      readonly reason: string;
      /** The permission rule or the policy that refused, when one did. */
      readonly rule?: string;
      /** The approval the call is held for, when an approval store holds it. */
      readonly pending?: PendingApproval;
    }
  | { readonly kind: 'failed'; readonly by: 'tool' | 'gate'; readonly reason?: string }
  | { readonly kind: 'timed-out' }
  | { readonly kind: 'aborted' };

/** The outcomes that carry nothing of their own: one shared object each, not one per call. */
export const RAN: CallOutcome = Object.freeze({ kind: 'ran' });
const TOOL_FAILED: CallOutcome = Object.freeze({ kind: 'failed', by: 'tool' });
const TIMED_OUT: CallOutcome = Object.freeze({ kind: 'timed-out' });
const ABORTED: CallOutcome = Object.freeze({ kind: 'aborted' });

/**
 * The outcome of a call whose tool answered with `result`: the gate's and the tools' own reports of
 * a timeout (`timedOut`) or a cancellation (`cancelled`) first, then whether the result is an error.
 */
export function answeredOutcome(result: ToolResult): CallOutcome {
  if (result.metadata.timedOut === true) return TIMED_OUT;
  if (result.metadata.cancelled === true) return ABORTED;
  return result.isError ? TOOL_FAILED : RAN;
}

/** A refusal at `stage`, with the rule that decided when one did. */
export function refusedOutcome(
  stage: RefusingStage,
  reason: string,
  rule?: string,
  pending?: PendingApproval,
): CallOutcome {
  const outcome: { kind: 'refused'; stage: RefusingStage; reason: string; rule?: string; pending?: PendingApproval } = {
    kind: 'refused',
    stage,
    reason,
  };
  if (rule !== undefined) outcome.rule = rule;
  if (pending !== undefined) outcome.pending = pending;
  return outcome;
}

/** What the audit event of an outcome says in its `decision` field. */
export function outcomeDecision(outcome: CallOutcome): 'deny' | 'pending' | 'ok' | 'error' | 'timeout' | 'cancelled' {
  switch (outcome.kind) {
    case 'ran':
      return 'ok';
    case 'refused':
      return outcome.pending === undefined ? 'deny' : 'pending';
    case 'failed':
      return 'error';
    case 'timed-out':
      return 'timeout';
    case 'aborted':
      return 'cancelled';
  }
}
