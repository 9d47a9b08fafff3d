import { createToolUse, type RunOptions, type Tool as GateTool, type ToolResult } from '@toolwright/core';
import type { CallOptions, ToolGate } from '@toolwright/gate';
import { jsonSchema, tool, type JSONSchema7, type Tool } from 'ai';
import { ApprovedCalls } from './approved-calls.js';
import { toModelOutput } from './to-model-output.js';

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
  const approved = new ApprovedCalls();
  const tools: GateToolSet = {};
  for (const offered of gate.offeredTools(options.runOptions)) {
    tools[offered.name] = toAiSdkTool(gate, offered, options, approved);
  }
  return tools;
}

function toAiSdkTool(
  gate: ToolGate,
  offered: GateTool,
  options: AiSdkToolsOptions,
  approved: ApprovedCalls,
): Tool<unknown, ToolResult> {
  const name = offered.name;
  const callOptions = (signal?: AbortSignal): CallOptions => ({
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.runOptions === undefined ? {} : { runOptions: options.runOptions }),
    ...(signal === undefined ? {} : { signal }),
  });
  const askThroughSdk = options.askVia !== 'gate';
  return tool<unknown, ToolResult>({
    description: offered.description,
    // No `validate`: the SDK passes the input through untouched, and the gate checks it.
    inputSchema: jsonSchema<unknown>(offered.inputSchema as JSONSchema7),
    ...(askThroughSdk
      ? {
          needsApproval: async (input: unknown, { toolCallId }: { toolCallId: string }) => {
            const verdict = await gate.judge(createToolUse(toolCallId, name, input), callOptions());
            if (verdict !== 'ask') return false;
            approved.remember(toolCallId, input);
            return true;
          },
        }
      : {}),
    execute: (input, { toolCallId, abortSignal }) => {
      const call = callOptions(abortSignal);
      // The SDK executes a call that needed approval only after the user approved it.
      const approvedByUser = askThroughSdk && approved.take(toolCallId, input);
      return gate.execute(
        createToolUse(toolCallId, name, input),
        approvedByUser ? { ...call, approver: () => true } : call,
      );
    },
    toModelOutput: ({ output }) => toModelOutput(output),
  });
}
