import {
  createToolUse,
  ToolResult,
  ToolwrightError,
  type JsonObject,
  type RunOptions,
  type Tool,
  type ToolUse,
} from '@toolwright/core';
import { DEFAULT_RUN_OPTIONS, isThenable, shortenText } from '@toolwright/core/internal';
import { emitAudit, type AuditEvent } from './execution/audit-event.js';
import { claimOf, planBatch, runPlanned } from './execution/batch-schedule.js';
import { callClock } from './execution/call-clock.js';
import type { CallOutcome } from './execution/call-outcome.js';
import type { CallOptions, ToolGateOptions } from './execution/gate-options.js';
import { GateSetup } from './execution/gate-setup.js';
import { asToolUse, isToolUse } from './execution/is-tool-use.js';
import { CallSpan } from './execution/tool-tracing.js';
import { grantEvent } from './permission/choose-approver.js';
import { NO_APPROVALS, type Approval } from './permission/durable-approval.js';
import type { ApprovalRequest, PendingApproval } from './permission/permission-config.js';
import { finishResult } from './stages/output-limit.js';
import type { ToolRegistry } from './registry/tool-registry.js';
import { GateCall } from './stages/gate-call.js';
import { runStages } from './stages/run-stages.js';
import { UNTIL_EXECUTION, UNTIL_PERMISSION } from './stages/stage-list.js';

/**
 * Whether a call may run, as `authorize` answers: allowed with the input it would run with (an
 * approver's edit, judged again), or refused with the sentence the model would read.
 */
export type Authorization =
  | { readonly allowed: true; readonly input: JsonObject; readonly rule?: string; readonly reason: string }
  | { readonly allowed: false; readonly reason: string; readonly rule?: string };

/** What judging a call found: the verdict, and for `ask` what the approver would have been asked. */
export interface CallJudgement {
  readonly verdict: 'allow' | 'ask' | 'deny';
  readonly request?: ApprovalRequest;
}
const ALLOW: CallJudgement = Object.freeze({ verdict: 'allow' });
const DENY: CallJudgement = Object.freeze({ verdict: 'deny' });

/**
 * Judges a call as `gate.judge` does, with the approval request an `ask` would put (for the
 * framework bridges, which bind a user's approval to exactly that request). Set by `ToolGate`.
 */
export let judgeCall: (gate: ToolGate, toolUse: ToolUse, call: CallOptions) => Promise<CallJudgement>;

/** The call an approver's edit made (SPEC RU-4): the same id and tool, the approver's input. */
function editedUse(use: ToolUse, input: JsonObject): ToolUse {
  return createToolUse(use.id, use.name, input);
}

/**
 * The options of an edited call: the approver wrote its input, so an ask rule that matches it is
 * answered yes — once more is all: the edited call cannot be edited again. Every other stage and
 * rule judges it as it would any call.
 */
function approvedEdit(call: CallOptions): CallOptions {
  const { approval: _approval, ...rest } = call;
  return { ...rest, approver: APPROVE };
}
const APPROVE = (): true => true;

/** The options of a call that brings none: one shared frozen object, not a new one per call. */
const NO_CALL_OPTIONS: CallOptions = Object.freeze({});

/**
 * The one path every model tool call takes (SPEC §2, ST-1): the stages of `stages/stage-list.ts` in
 * order, one file each — registry lookup → argument errors → argument limits → policies → permission
 * (or, without rules, the working-directory confinement) → schema validation → execution under a
 * gate-level timeout → policies' `after` → output limit → audit → result — run by the one runner of
 * `stages/run-stages.ts`; `judge` runs the same list up to the permission stage. `execute` never
 * rejects, whatever the model sent. A call whose stages and tool answer without waiting is answered
 * without timers or closures.
 */
export class ToolGate {
  readonly registry: ToolRegistry;
  readonly #setup: GateSetup;

  /** Sets up a gate. Throws for a configuration that cannot be used (bad permission rules, duplicate tools). */
  constructor(options: ToolGateOptions) {
    this.#setup = new GateSetup(options);
    this.registry = this.#setup.registry;
  }

  /** The tools to offer the model under the run options (SPEC PO-2). */
  offeredTools(runOptions?: Partial<RunOptions>): Tool[] {
    return this.registry.offered(this.#setup.runOptions({ ...(runOptions === undefined ? {} : { runOptions }) }));
  }

  /** Runs one call. Never rejects. */
  execute(toolUse: ToolUse, call: CallOptions = NO_CALL_OPTIONS): Promise<ToolResult> {
    const started = callClock();
    const use = asToolUse(toolUse);
    if (this.#setup.options.tracer === undefined) return Promise.resolve(this.#settle(use, call, started, undefined));
    return this.#traced(use, call, started);
  }

  /** A call inside its span (kept apart so an untraced call makes no closure). */
  #traced(use: ToolUse, call: CallOptions, started: number): Promise<ToolResult> {
    const tool = this.registry.resolve(use.name);
    return CallSpan.trace(this.#setup.options.tracer!, tool, use, async (span) =>
      this.#settle(use, call, started, span),
    );
  }

  #settle(
    use: ToolUse,
    call: CallOptions,
    started: number,
    span: CallSpan | undefined,
  ): ToolResult | Promise<ToolResult> {
    try {
      const gateCall = new GateCall(this.#setup, use, call, started, span);
      const answer = runStages(gateCall) as ToolResult | Promise<ToolResult>;
      // Only an approver's answer edits a call, and an approver is awaited: an edit is never answered at once.
      return isThenable(answer)
        ? this.#failSafe(
            answer.then((result) =>
              gateCall.edited === undefined
                ? result
                : this.#settle(editedUse(use, gateCall.edited), approvedEdit(call), started, span),
            ),
            use,
            call,
            started,
            span,
          )
        : answer;
    } catch (error) {
      return this.#failed(use, call, started, span, error);
    }
  }

  /** A call that had to wait, answered with a gate failure if a stage rejected. */
  #failSafe(
    outcome: Promise<ToolResult>,
    use: ToolUse,
    call: CallOptions,
    started: number,
    span: CallSpan | undefined,
  ): Promise<ToolResult> {
    return outcome.then(undefined, (error: unknown) => this.#failed(use, call, started, span, error));
  }

  /** A failure of the gate itself: the call is answered with it, never a rejection. */
  #failed(use: ToolUse, call: CallOptions, started: number, span: CallSpan | undefined, error: unknown): ToolResult {
    const reason = error instanceof Error ? error.message : String(error);
    const failure = `gate failure: ${reason}`;
    const outcome: CallOutcome = { kind: 'failed', by: 'gate', reason: failure };
    span?.ended(outcome);
    this.#audit(
      {
        callId: use.id,
        tool: use.name,
        stage: 'execution',
        decision: 'error',
        reason: failure,
        durationMs: callClock() - started,
        outcome,
      },
      span,
    );
    return finishResult(
      ToolResult.error(`The tool call could not be processed: ${reason}`),
      this.#outputLimit(call),
      callClock() - started,
    );
  }

  /**
   * The permission verdict for a call, without running it: `deny` when lookup, the argument limits,
   * a policy or the permission rules refuse it; `ask` when an ask rule would put it to an approver
   * (whatever approval the call brings); else `allow`. Nobody is asked, nothing runs, no audit event
   * is emitted, no approval is used or held. For frameworks with an approval flow of their own (the
   * AI SDK's `needsApproval`): they ask the user, then run the call with a per-call `approver`.
   * Never rejects (a failure reads as `deny`).
   */
  async judge(toolUse: ToolUse, call: CallOptions = {}): Promise<'allow' | 'ask' | 'deny'> {
    return (await this.#judge(toolUse, call)).verdict;
  }

  static {
    judgeCall = (gate, toolUse, call) => gate.#judge(toolUse, call);
  }

  /**
   * The stages of `execute` up to the permission verdict — the same list, run by the same runner —
   * on a call that records nothing, brings no approval (judging never uses one up, nor holds the
   * call) and whose approver only notes what it was asked.
   */
  async #judge(toolUse: ToolUse, call: CallOptions): Promise<CallJudgement> {
    try {
      let asked: ApprovalRequest | undefined;
      const approver = (request: ApprovalRequest): boolean => {
        asked = request;
        return false;
      };
      const { approval: _approval, onProgress: _onProgress, ...withoutApproval } = call;
      const options: CallOptions = { ...withoutApproval, approver };
      const judged = new GateCall(this.#setup, asToolUse(toolUse), options, callClock(), undefined, true);
      await runStages(judged, 0, UNTIL_PERMISSION);
      if (asked !== undefined) return { verdict: 'ask', request: asked };
      return judged.outcome?.kind === 'refused' ? DENY : ALLOW;
    } catch {
      return DENY;
    }
  }

  /**
   * Every stage `execute` runs before the tool — lookup, argument checks and limits, policies,
   * permission (asking the approver, as `execute` does: an edit is judged again, an "always" adds
   * its rule) and schema validation — without running the tool: for a host whose framework runs
   * the tool itself and asks the gate only whether it may (the Claude Agent SDK's built-in tools).
   * Audited as `execute` audits those stages. Never rejects (a failure refuses).
   */
  async authorize(toolUse: ToolUse, call: CallOptions = NO_CALL_OPTIONS): Promise<Authorization> {
    try {
      const use = asToolUse(toolUse);
      const gateCall = new GateCall(this.#setup, use, call, callClock(), undefined);
      const refusal = await runStages(gateCall, 0, UNTIL_EXECUTION);
      if (gateCall.edited !== undefined)
        return await this.authorize(editedUse(use, gateCall.edited), approvedEdit(call));
      const rule = gateCall.decision?.rule;
      if (refusal !== undefined)
        return { allowed: false, reason: refusal.content, ...(rule === undefined ? {} : { rule }) };
      const reason = gateCall.decision?.reason ?? 'No permission rule judges this call.';
      return {
        allowed: true,
        input: use.input.toJSON() as JsonObject,
        reason,
        ...(rule === undefined ? {} : { rule }),
      };
    } catch (error) {
      return {
        allowed: false,
        reason: `The tool call could not be processed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** Runs the calls of one model turn: concurrency-safe calls in parallel, exclusive ones alone, results in call order (SPEC PO-6). */
  async executeBatch(toolUses: readonly ToolUse[], call: CallOptions = {}): Promise<ToolResult[]> {
    const cwd = this.#setup.cwd(call);
    const claims = toolUses.map((toolUse) =>
      claimOf(isToolUse(toolUse) ? this.registry.resolve(toolUse.name) : undefined, toolUse, cwd),
    );
    return runPlanned(
      toolUses.map((toolUse) => () => this.execute(toolUse, call)),
      planBatch(claims),
    );
  }

  /**
   * Grants a call held for approval (SPEC IN-4): the returned approval runs exactly that call, once,
   * through `execute(toolUse, { approval })` on any gate with the same approval secret, until it
   * expires. Signs only what a gate with this secret issued, unchanged: the digest is recomputed
   * from the pending's own fields and its seal checked. Throws `INVALID_APPROVAL` (audited as a
   * denied approval) for a pending that was changed, forged or has expired, and `INVALID_OPTIONS`
   * when this gate has no `approvals` option.
   */
  approve(pending: PendingApproval): Approval {
    const approvals = this.#setup.approvals;
    if (approvals === undefined) throw new ToolwrightError('INVALID_OPTIONS', NO_APPROVALS);
    const approval = approvals.approve(pending);
    if ('problem' in approval) {
      const { id, tool } = (pending ?? {}) as Partial<PendingApproval>;
      const named = (value: unknown) => (typeof value === 'string' ? shortenText(value, 200) : '');
      this.#audit(
        {
          callId: named(id),
          tool: named(tool),
          stage: 'approval',
          decision: 'deny',
          reason: approval.problem,
          durationMs: 0,
        },
        undefined,
      );
      throw new ToolwrightError('INVALID_APPROVAL', approval.problem);
    }
    this.#audit({ ...grantEvent(pending), durationMs: 0 }, undefined);
    return approval;
  }

  /** The output limit of a call; the default one when the call's own options cannot be read. */
  #outputLimit(call: CallOptions): number {
    try {
      return this.#setup.runOptions(call).maxToolOutputChars;
    } catch {
      return DEFAULT_RUN_OPTIONS.maxToolOutputChars;
    }
  }

  #audit(event: AuditEvent, span: CallSpan | undefined): void {
    emitAudit(event, span, this.#setup.onAudit);
  }
}
