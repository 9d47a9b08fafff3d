import { createToolUse, ToolResult, type RunOptions, type ToolProgress } from '@toolwright/core';
import type { CallOptions, ToolGate } from '@toolwright/gate';
import { callOptionsFor } from '../shared/call-options.js';
import { UserApprovals } from '../shared/user-approvals.js';
import { isRecord, type GateApprovalAnswer, type GateApprovalRequest } from './gate-schemas.js';

/** The settings every call of a Mastra tool set shares. */
export interface MastraCallSettings {
  readonly cwd?: string;
  readonly runOptions?: Partial<RunOptions>;
  readonly askVia?: 'mastra' | 'gate';
  readonly streamProgress?: boolean;
}

/** What a call brings from Mastra's execution context (the parts the gate uses). */
export interface MastraCallContext {
  readonly abortSignal?: AbortSignal;
  readonly writer?: { write(data: unknown): Promise<void> };
  readonly agent?: {
    readonly toolCallId?: string;
    readonly suspend?: (payload: GateApprovalRequest) => Promise<void>;
    readonly resumeData?: unknown;
    readonly suspendPayload?: unknown;
  };
}

/**
 * Runs one call of the tool `name` through the gate. Inside an agent run with `askVia: 'mastra'`
 * (the default), a call an `ask` rule matches is remembered as the gate judged it and suspended
 * with a {@link GateApprovalRequest}; resumed with the user's answer to that suspension
 * (`agent.approveToolCall`, `declineToolCall`), it runs once through the gate, approved for exactly
 * the call the user saw, or is refused with the user's reason. Every other call goes to
 * `gate.execute` as it is. Resolves with the gate's result, or with nothing once the call is
 * suspended (Mastra then pauses the run); never rejects for what the model sent.
 */
export async function runMastraCall(
  gate: ToolGate,
  name: string,
  input: unknown,
  context: MastraCallContext,
  settings: MastraCallSettings,
): Promise<ToolResult | undefined> {
  const agent = context.agent;
  const callId = agent?.toolCallId || `mastra-${globalThis.crypto.randomUUID()}`;
  const toolUse = createToolUse(callId, name, input);
  const progress = settings.streamProgress === true ? progressWriter(context.writer) : undefined;
  const options: CallOptions = {
    ...callOptionsFor(settings, context.abortSignal),
    ...(progress === undefined ? {} : { onProgress: progress.report }),
  };
  const suspend = agent?.suspend;
  if (settings.askVia === 'gate' || agent === undefined || typeof suspend !== 'function') {
    return finished(await gate.execute(toolUse, options), progress);
  }
  const approvals = UserApprovals.of(gate);
  const answer = answerTo(agent, callId);
  if (answer !== undefined) {
    if (!answer.approved) {
      approvals.finish(callId);
      return ToolResult.error(refusalText(name, answer.reason), { metadata: { policyDenied: true } });
    }
    return finished(await approvals.run(gate, toolUse, options, approvals.approverFor(callId)), progress);
  }
  const verdict = await approvals.judge(gate, toolUse, options);
  if (verdict.verdict !== 'ask') return finished(await gate.execute(toolUse, options), progress);
  if (agent.resumeData !== undefined) {
    // Mastra takes `resumeData` from the model's arguments too, and would let it outrank the user's
    // answer when the run resumes: a call that brings its own is refused before anyone is asked.
    approvals.finish(callId);
    return ToolResult.error(
      `Permission denied: this ${name} call carries resumeData in its arguments, which only the user's answer to an approval request may carry. The tool was not executed.`,
      { metadata: { policyDenied: true } },
    );
  }
  approvals.remember(callId, verdict);
  await suspend.call(agent, createApprovalRequest(callId, name, input));
  return undefined;
}

/**
 * The user's answer, when Mastra resumes the suspension of exactly this call: the run's resume data,
 * with the payload this call suspended with (Mastra hands that back only on a resume).
 */
function answerTo(agent: NonNullable<MastraCallContext['agent']>, callId: string): GateApprovalAnswer | undefined {
  const payload = agent.suspendPayload;
  if (!isRecord(payload) || payload.toolCallId !== callId || !isRecord(agent.resumeData)) return undefined;
  const { approved, reason } = agent.resumeData;
  // Only `approved: true` runs the call; any other answer refuses it.
  return {
    approved: approved === true,
    ...(typeof reason === 'string' && reason.trim() !== '' ? { reason: reason.trim() } : {}),
  };
}

/** The suspend payload of an asked call. */
function createApprovalRequest(toolCallId: string, toolName: string, args: unknown): GateApprovalRequest {
  return {
    toolCallId,
    toolName,
    args,
    description: `Tool execution requires approval\n\nTool: ${toolName}\nArgs: ${describeArgs(args)}`,
  };
}

/** What the model reads when the user refused a call: the call was not run, and why if the user said. */
export function refusalText(name: string, reason: string | undefined): string {
  return `Permission denied: the user refused this ${name} call${reason === undefined ? '' : ` (${reason})`}. The tool was not executed.`;
}

/**
 * A call's progress reports as Mastra tool output: each report is written to the call's `writer`
 * (a `tool-output` chunk of the run's stream, with the call's id and tool name) as
 * `{ type: 'progress', progress, total?, message? }`, one after another, in order.
 */
function progressWriter(writer: MastraCallContext['writer']) {
  if (writer === undefined) return undefined;
  let written: Promise<void> = Promise.resolve();
  return {
    report: (update: ToolProgress) => {
      written = written.then(() => writer.write({ type: 'progress', ...update })).catch(() => undefined);
    },
    /** Resolves once every report is written (a write that fails is dropped). */
    flushed: () => written,
  };
}

/** The gate's result, once every progress report of the call is in the stream before it. */
async function finished(result: ToolResult, progress: ReturnType<typeof progressWriter>): Promise<ToolResult> {
  await progress?.flushed();
  return result;
}

function describeArgs(args: unknown): string {
  try {
    return JSON.stringify(args, null, 2) ?? String(args);
  } catch {
    return String(args);
  }
}
