import { createToolUse, ToolResult, type RunOptions, type Tool as GateTool, type ToolProgress } from '@toolwright/core';
import type { CallOptions, ToolGate } from '@toolwright/gate';
import { jsonSchema, tool, type JSONSchema7, type Tool } from 'ai';
import { UserApprovals } from '../shared/user-approvals.js';
import { toModelOutput } from './to-model-output.js';
import { callOptionsFor } from '../shared/call-options.js';

/** How a gate's tools become AI SDK tools. */
export interface AiSdkToolsOptions {
  /** The working directory of every call. Default: the gate's. */
  readonly cwd?: string;
  /** Run options for every call (`allowWrite`, `allowBash`, `maxToolOutputChars`), over the gate's; they also decide which tools are offered. */
  readonly runOptions?: Partial<RunOptions>;
  /**
   * Who answers `ask` rules. `'ai-sdk'` (default): the call becomes an AI SDK approval request
   * (`needsApproval`), so the deployment asks the user in its own UI and the SDK runs the call once
   * approved. `'gate'`: the gate's own `approver` decides while the call runs (without one, ask denies).
   */
  readonly askVia?: 'ai-sdk' | 'gate';
  /**
   * Stream the tool's progress as AI SDK preliminary tool results. With `true`, `execute` returns
   * an async iterable: one preliminary result per `context.progress(...)` report — a successful
   * {@link ToolResult} whose `content` is the report's message (empty without one) and whose
   * `metadata.progress` is the report `{ progress, total?, message? }` — and last the gate's
   * result, which the SDK takes as the final output (the only one the model reads). `streamText`
   * shows the preliminary ones as `tool-result` parts with `preliminary: true`, and UI message
   * streams as preliminary outputs. Default `false`: `execute` returns a promise of the result.
   */
  readonly preliminaryResults?: boolean;
}

/** The AI SDK tools made from a gate: each runs through the gate and returns the gate's result. */
export type GateToolSet = Record<string, Tool<unknown, ToolResult>>;

/**
 * The tools a gate offers, as an AI SDK `ToolSet` (pass it to `generateText` or `streamText`).
 * Each keeps its name, description and JSON Schema; its `execute` goes through `gate.execute`
 * with the SDK's tool call id and abort signal, so permissions, validation, policies, timeouts,
 * the output limit and the audit apply to every call. The input reaches the gate as the model sent
 * it (the SDK does not validate a `jsonSchema` input), so the model reads the gate's sentences —
 * `Unknown parameter 'stat'. Did you mean 'state'? The tool was not executed.` An error result
 * reaches the model as `error-text` output, never as a thrown error. With `askVia: 'ai-sdk'`
 * (the default), calls an `ask` rule matches need the SDK's approval (`needsApproval`).
 */
export function toAiSdkTools(gate: ToolGate, options: AiSdkToolsOptions = {}): GateToolSet {
  const approvals = UserApprovals.of(gate);
  const tools: GateToolSet = {};
  for (const offered of gate.offeredTools(options.runOptions)) {
    tools[offered.name] = toAiSdkTool(gate, offered, options, approvals);
  }
  return tools;
}

function toAiSdkTool(
  gate: ToolGate,
  offered: GateTool,
  options: AiSdkToolsOptions,
  approvals: UserApprovals,
): Tool<unknown, ToolResult> {
  const name = offered.name;
  const callOptions = (signal?: AbortSignal): CallOptions => callOptionsFor(options, signal);
  const askThroughSdk = options.askVia !== 'gate';
  /** Calls the SDK resumes as approved whose ask this process did not see. */
  const resumed = new Set<string>();
  return tool<unknown, ToolResult>({
    description: offered.description,
    // No `validate`: the SDK passes the input through untouched, and the gate checks it.
    inputSchema: jsonSchema<unknown>(offered.inputSchema as JSONSchema7),
    ...(askThroughSdk
      ? {
          needsApproval: async (
            input: unknown,
            { toolCallId, messages }: { toolCallId: string; messages?: unknown },
          ) => {
            const verdict = await approvals.judge(gate, createToolUse(toolCallId, name, input), callOptions());
            if (verdict.verdict !== 'ask') return false;
            // The SDK asks again while it resumes an approved call (from the stored messages, which
            // may have been edited): only the first ask, before any approval request, says what the user saw.
            if (approvalRequested(messages, toolCallId)) resumed.add(toolCallId);
            else approvals.remember(toolCallId, verdict);
            return true;
          },
        }
      : {}),
    execute: (input, { toolCallId, abortSignal }) => {
      const call = callOptions(abortSignal);
      // A call the SDK resumes as approved runs only if the user was asked about exactly it here, once.
      const approvedByUser = askThroughSdk && (approvals.asked(toolCallId) || resumed.delete(toolCallId));
      const approver = approvedByUser ? approvals.approverFor(toolCallId) : undefined;
      const toolUse = createToolUse(toolCallId, name, input);
      if (options.preliminaryResults !== true) return approvals.run(gate, toolUse, call, approver);
      return streamCall((onProgress) => approvals.run(gate, toolUse, { ...call, onProgress }, approver));
    },
    toModelOutput: ({ output }) => toModelOutput(output),
  });
}

/** Whether the messages hold an approval request for the call: the SDK is resuming it, not asking about it. */
function approvalRequested(messages: unknown, toolCallId: string): boolean {
  if (!Array.isArray(messages)) return false;
  return messages.some(
    (message: { role?: unknown; content?: unknown }) =>
      message?.role === 'assistant' &&
      Array.isArray(message.content) &&
      message.content.some(
        (part: { type?: unknown; toolCallId?: unknown }) =>
          part?.type === 'tool-approval-request' && part.toolCallId === toolCallId,
      ),
  );
}

/**
 * A gate call as a stream of results: a preliminary result for each progress report, in order, as
 * the call runs (reports that arrive while the consumer is busy wait their turn), then the gate's
 * result. `run` is the gate call, which never rejects.
 */
async function* streamCall(
  run: (onProgress: (update: ToolProgress) => void) => Promise<ToolResult>,
): AsyncGenerator<ToolResult, void, undefined> {
  const reports: ToolProgress[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  const result = run((update) => {
    reports.push(update);
    wake?.();
  }).finally(() => {
    finished = true;
    wake?.();
  });
  for (;;) {
    for (let report = reports.shift(); report !== undefined; report = reports.shift()) {
      yield preliminaryResult(report);
    }
    if (finished) break;
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
  yield await result;
}

/** The preliminary result of a progress report: its message as content, the report as `metadata.progress`. */
function preliminaryResult(report: ToolProgress): ToolResult {
  return ToolResult.ok(report.message ?? '', { metadata: { progress: report } });
}
