import { createToolUse, ToolResult, type JsonObject, type RunOptions } from '@toolwright/core';
import type { CallOptions, ToolGate } from '@toolwright/gate';
import { callOptionsFor } from '../shared/call-options.js';
import { UserApprovals } from '../shared/user-approvals.js';
import { createApprovalRequest, readDecision, refusalText, type GateApprovalRequest } from './approval-request.js';

/** LangGraph's `interrupt`: throws to pause the graph, or returns the value the graph was resumed with. */
export type InterruptFunction = (value: GateApprovalRequest) => unknown;

/** One call of a gate tool, as LangChain hands it over. */
export interface GateCall {
  /** The tool's name. */
  readonly name: string;
  /** The input exactly as the model sent it. */
  readonly input: unknown;
  /** The call id the gate and its audit see. */
  readonly callId: string;
  /** The run's abort signal. */
  readonly signal?: AbortSignal;
  /** The graph's `interrupt`, when the call runs inside a LangGraph run (LangGraph puts it on every node's config). */
  readonly interrupt?: InterruptFunction;
}

/** The settings every call of a tool list shares. */
export interface GateCallSettings {
  /** The working directory of every call. */
  readonly cwd?: string;
  /** Run options for every call, over the gate's. */
  readonly runOptions?: Partial<RunOptions>;
  /** Who answers `ask` rules. */
  readonly askVia?: 'langchain' | 'gate';
}

/**
 * Runs one call through the gate. With `askVia: 'langchain'` and a graph to pause, a call that
 * `gate.judge` says an `ask` rule matches interrupts the graph with a {@link GateApprovalRequest};
 * resumed with an approval, it runs once through the gate, approved for exactly the call the user
 * saw (its input, judged paths and working directory when it was asked) — or, resumed with an
 * edit, the gate runs the reviewer's arguments in its place, judged again; refused, it never reaches
 * the gate and the result is the refusal. Every other call — and every call
 * outside a graph, where nobody can be asked through LangChain — goes to `gate.execute` as it is, so
 * the gate's own approver answers its `ask` rules. Rejects only with LangGraph's interrupt (which
 * LangGraph expects to propagate); otherwise resolves with the gate's result.
 */
export async function runGateCall(gate: ToolGate, call: GateCall, settings: GateCallSettings): Promise<ToolResult> {
  const toolUse = createToolUse(call.callId, call.name, call.input);
  const options: CallOptions = callOptionsFor(settings, call.signal);
  if (settings.askVia === 'gate' || call.interrupt === undefined) return gate.execute(toolUse, options);
  const approvals = UserApprovals.of(gate);
  const verdict = await approvals.judge(gate, toolUse, options);
  if (verdict.verdict !== 'ask') return gate.execute(toolUse, options);
  // The first run throws here and LangGraph pauses the graph: the call is remembered as the user
  // will see it. Resumed, the tool runs again and `interrupt` returns the answer; what the call is
  // by then (its input read back from the checkpoint, its paths judged again) must be what was asked.
  let answer: unknown;
  try {
    answer = call.interrupt(createApprovalRequest(call.name, call.input));
  } catch (error) {
    approvals.remember(call.callId, verdict);
    throw error;
  }
  const decision = readDecision(answer, call.name);
  if (!decision.approved) {
    approvals.finish(call.callId);
    return ToolResult.error(refusalText(call.name, decision.message), { metadata: { policyDenied: true } });
  }
  // An edit is the gate's own: the edited call goes through every stage again (SPEC RU-4).
  const grant = decision.input === undefined ? true : { approved: true as const, input: decision.input as JsonObject };
  return approvals.run(gate, toolUse, options, approvals.approverFor(call.callId, undefined, grant));
}
