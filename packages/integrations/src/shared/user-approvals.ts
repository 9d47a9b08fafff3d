import type { ToolResult, ToolUse } from '@toolwright/core';
import type { ApprovalAnswer, Approver, CallOptions, ToolGate } from '@toolwright/gate';
import { approvalRequestDigest, judgeCall } from '@toolwright/gate/internal';

/** How many asked calls, and how many used call ids, a gate's bridges remember at most; the oldest go first. */
export const MAX_REMEMBERED_CALLS = 10_000;

/** What judging a call for a framework's approval flow found: the verdict, and for `ask` what the user will see. */
export interface AskVerdict {
  readonly verdict: 'allow' | 'ask' | 'deny';
  /** The digest of the call as the gate judged it (input, subject, real paths, working directory); for `ask` only. */
  readonly binding?: string;
}

/**
 * The one approval handshake of the framework bridges (AI SDK `needsApproval`, the Agents SDK's
 * approvals, LangGraph's `interrupt`; SPEC IN-1..IN-4): a call put to the framework's user is
 * remembered with the digest of what the gate judged when it asked — tool, exact input, judged
 * subject and real path, working directory — and the user's "yes" runs that call only, once: other
 * input (edited in the stored messages), a link swapped in since, another folder, or a second run
 * of the same approval (a replayed history) is refused with a reason the model reads. One per gate,
 * shared by every tool set made from it in this process; a call asked in another process is not
 * known here, and is refused.
 */
export class UserApprovals {
  static readonly #byGate = new WeakMap<ToolGate, UserApprovals>();
  readonly #asked = new Map<string, string>();
  readonly #used = new Set<string>();

  /** The handshake of a gate's bridges. */
  static of(gate: ToolGate): UserApprovals {
    let approvals = UserApprovals.#byGate.get(gate);
    if (approvals === undefined) {
      approvals = new UserApprovals();
      UserApprovals.#byGate.set(gate, approvals);
    }
    return approvals;
  }

  /** Judges a call as `gate.judge` does, with the binding an `ask` puts to the user. Never rejects. */
  async judge(gate: ToolGate, toolUse: ToolUse, options: CallOptions): Promise<AskVerdict> {
    const judged = await judgeCall(gate, toolUse, options);
    if (judged.verdict !== 'ask' || judged.request === undefined) return { verdict: judged.verdict };
    return { verdict: 'ask', binding: approvalRequestDigest(judged.request) };
  }

  /**
   * Remembers that the call `callId` was put to the user as `verdict` bound it. The first time
   * counts: a call already asked, or already run, keeps what it had (a framework that asks again
   * while resuming cannot replace what the user saw).
   */
  remember(callId: string, verdict: AskVerdict): void {
    if (verdict.binding === undefined || this.#asked.has(callId) || this.#used.has(callId)) return;
    remember(this.#asked, callId, verdict.binding);
  }

  /** Whether the call `callId` was put to the user here (and not yet run). */
  asked(callId: string): boolean {
    return this.#asked.has(callId);
  }

  /** Whether the call `callId` was put to the user here, or has run since (its approval is spent). */
  known(callId: string): boolean {
    return this.#asked.has(callId) || this.#used.has(callId);
  }

  /**
   * The approver for the call `callId` the user approved: `answer` (yes, or the user's richer yes:
   * an edit, an "always" — SPEC RU-4) once, for exactly the call the user saw; a refusal, with its
   * reason, for anything else. `onGranted` hears of a yes.
   */
  approverFor(callId: string, onGranted?: () => void, answer: ApprovalAnswer = true): Approver {
    return (request) => {
      if (this.#used.has(callId)) return refusal("the user's approval of this call was used already");
      const binding = this.#asked.get(callId);
      if (binding === undefined) {
        return refusal('the user was not asked about this call here (it was asked in another process, or never)');
      }
      this.finish(callId);
      if (approvalRequestDigest(request) !== binding) {
        return refusal(
          'the user approved it with other input, or against another path or working directory, than it has now',
        );
      }
      onGranted?.();
      return answer;
    };
  }

  /**
   * Runs the call through the gate — with `approver` answering its `ask` rule when one is given
   * (the user's approval of exactly this call: {@link approverFor}), else as the options say — then
   * marks it run, so whatever approved it cannot run anything again. Never rejects.
   */
  async run(gate: ToolGate, toolUse: ToolUse, options: CallOptions, approver?: Approver): Promise<ToolResult> {
    const result = await gate.execute(toolUse, approver === undefined ? options : { ...options, approver });
    this.finish(toolUse.id);
    return result;
  }

  /** Marks the call `callId` as run: its approval cannot run anything again. */
  finish(callId: string): void {
    this.#asked.delete(callId);
    this.#used.delete(callId);
    this.#used.add(callId);
    if (this.#used.size > MAX_REMEMBERED_CALLS) this.#used.delete(this.#used.values().next().value as string);
  }
}

function remember(calls: Map<string, string>, callId: string, binding: string): void {
  calls.set(callId, binding);
  if (calls.size > MAX_REMEMBERED_CALLS) calls.delete(calls.keys().next().value as string);
}

function refusal(reason: string) {
  return { approved: false as const, reason };
}
