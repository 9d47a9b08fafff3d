import type { JsonObject, PermissionSubject, ToolResult } from '@toolwright/core';
import { callListener } from '@toolwright/core/internal';
import type { CallOutcome } from './call-outcome.js';

/** The stage of the gate a decision was made in. */
export type AuditStage =
  | 'lookup'
  | 'arguments'
  | 'policy'
  | 'permission'
  | 'limits'
  | 'validation'
  | 'execution'
  | 'output'
  | 'approval'
  | 'sandbox';

/**
 * One decision of the gate, as structured data for the host (SPEC PO-5). Argument values are
 * included only when the host asks (`auditArguments: true`).
 */
export interface AuditEvent {
  /** The provider's call id. */
  readonly callId: string;
  /** The tool called (after removing a `functions.` prefix). */
  readonly tool: string;
  /** Where the decision was made. */
  readonly stage: AuditStage;
  /**
   * What was decided: `allow`/`deny` before execution, `pending` for a call held for approval and
   * `grant` when a host approves it, `edit` when an approver approved it with edited input (the
   * edited call follows, judged again) and `always` when an approver's answer added a rule (the
   * event's `rule`), `warn` for violations in WARN mode, `ok`/`error`/`timeout`/`cancelled` for the
   * execution.
   */
  readonly decision:
    'allow' | 'deny' | 'pending' | 'grant' | 'edit' | 'always' | 'warn' | 'ok' | 'error' | 'timeout' | 'cancelled';
  /** The permission rule or policy that decided, when one did. */
  readonly rule?: string;
  /** The subject judged by permission rules. */
  readonly subject?: PermissionSubject;
  /** Why, for a human. */
  readonly reason?: string;
  /** Time since the gate received the call. */
  readonly durationMs: number;
  /** The call's arguments, only with `auditArguments: true`. */
  readonly input?: JsonObject;
  /**
   * How the call ended, on the event that ends it — the refusing stage's, the execution's, or a gate
   * failure's: the same value the call's span reads (SPEC ST-1).
   */
  readonly outcome?: CallOutcome;
}

/**
 * What a kernel sandbox refused during the call, as the result's metadata names it
 * (`sandboxRefusals`: the Bash tool's, SPEC SB-5), or undefined when it refused nothing.
 */
export function sandboxRefusalsOf(result: ToolResult): string[] | undefined {
  const refusals = result.metadata.sandboxRefusals;
  if (!Array.isArray(refusals)) return undefined;
  const sentences = refusals.filter((refusal): refusal is string => typeof refusal === 'string');
  return sentences.length === 0 ? undefined : sentences;
}

/** Receives audit events; whatever it throws is ignored. */
export type AuditListener = (event: AuditEvent) => void;

/** Hands one event to the call's span and the host's listener (whose failure changes nothing). */
export function emitAudit(
  event: AuditEvent,
  span: { record(event: AuditEvent): void } | undefined,
  listener: AuditListener | undefined,
): void {
  span?.record(event);
  callListener(listener, event);
}
