// The approval protocol of the LangChain integration: what an interrupted call shows and what resumes
// it. The shapes are those of LangChain's `humanInTheLoopMiddleware` (HITLRequest, HITLResponse), so a
// UI built for that middleware answers the gate's `ask` rules unchanged.

/** One call put to the user: the tool, the input the model sent, and a text for the reviewer. */
export interface GateActionRequest {
  /** The tool's name. */
  readonly name: string;
  /** The input exactly as the model sent it. */
  readonly args: unknown;
  /** What the reviewer reads. */
  readonly description: string;
}

/**
 * What the reviewer may answer: approve the call as it is, approve it with edited arguments (the
 * edited call is judged by the gate again, never trusted: SPEC RU-4), or reject it.
 */
export interface GateReviewConfig {
  /** The tool's name. */
  readonly actionName: string;
  /** Always `['approve', 'edit', 'reject']`. */
  readonly allowedDecisions: readonly ('approve' | 'edit' | 'reject')[];
}

/**
 * The value a call that an `ask` rule matches interrupts the graph with (`result.__interrupt__[i].value`):
 * one action request and its review config, as `humanInTheLoopMiddleware` shows them.
 */
export interface GateApprovalRequest {
  /** The call put to the user (one per interrupt). */
  readonly actionRequests: readonly GateActionRequest[];
  /** What may be answered, in the same order. */
  readonly reviewConfigs: readonly GateReviewConfig[];
}

/**
 * One answer: `approve` runs the call once; `edit` runs the same tool with the reviewer's arguments
 * instead, once, after the gate has judged them again; `reject` refuses it, with an optional
 * message for the model.
 */
export type GateApprovalDecision =
  | { readonly type: 'approve' }
  | { readonly type: 'edit'; readonly editedAction: { readonly name: string; readonly args: Record<string, unknown> } }
  | { readonly type: 'reject'; readonly message?: string };

/**
 * What to resume an interrupted call with: `new Command({ resume: { decisions: [{ type: 'approve' }] } })`
 * (with several interrupts pending, `resume` maps each interrupt's id to one of these).
 */
export interface GateApprovalResponse {
  /** Exactly one decision, for the one call of the request. */
  readonly decisions: readonly GateApprovalDecision[];
}

/** How a resume value was read: approved (with the reviewer's arguments, for an edit), or refused with the reviewer's message if there was one. */
export type ReadDecision =
  | { readonly approved: true; readonly input?: Record<string, unknown> }
  | { readonly approved: false; readonly message?: string };

/** The interrupt value for a call of `name` with `args`. */
export function createApprovalRequest(name: string, args: unknown): GateApprovalRequest {
  return {
    actionRequests: [
      {
        name,
        args,
        description: `Tool execution requires approval\n\nTool: ${name}\nArgs: ${describeArgs(args)}`,
      },
    ],
    reviewConfigs: [{ actionName: name, allowedDecisions: ['approve', 'edit', 'reject'] }],
  };
}

/**
 * Reads the value the graph was resumed with for a call of `name`. `{ decisions: [{ type: 'approve' }] }`
 * approves; `{ decisions: [{ type: 'edit', editedAction: { name, args } }] }` approves the same tool
 * with `args` (an object); anything else (a reject, an edit of another tool or without arguments,
 * several decisions, a value of another shape) refuses: a call is never run on an answer that does
 * not clearly say yes.
 */
export function readDecision(resume: unknown, name?: string): ReadDecision {
  const decisions = isRecord(resume) ? resume.decisions : undefined;
  if (!Array.isArray(decisions) || decisions.length !== 1) return { approved: false };
  const decision: unknown = decisions[0];
  if (!isRecord(decision)) return { approved: false };
  if (decision.type === 'approve') return { approved: true };
  if (decision.type === 'edit') {
    const action = decision.editedAction;
    if (!isRecord(action) || action.name !== name || !isRecord(action.args)) return { approved: false };
    return { approved: true, input: action.args };
  }
  if (decision.type === 'reject' && typeof decision.message === 'string' && decision.message.trim() !== '') {
    return { approved: false, message: decision.message.trim() };
  }
  return { approved: false };
}

/** What the model reads when the user refused a call: the call was not run, and why if the user said. */
export function refusalText(name: string, message: string | undefined): string {
  const reason = message === undefined ? '' : ` (${message})`;
  return `Permission denied: the user refused this ${name} call${reason}. The tool was not executed.`;
}

function describeArgs(args: unknown): string {
  try {
    return JSON.stringify(args, null, 2) ?? String(args);
  } catch {
    return String(args);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
