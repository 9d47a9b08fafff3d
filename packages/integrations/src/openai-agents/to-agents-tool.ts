import { tool, type FunctionTool, type RunContext } from '@openai/agents';
import { createToolUse, type JsonObject, type Tool as GateTool } from '@toolwright/core';
import { type CallOptions, type ToolGate } from '@toolwright/gate';
import { toOpenAIResultText } from '@toolwright/gate/internal';
import { toOpenAIStrictSchema } from '@toolwright/gate/providers';
import type { AgentsToolsOptions } from './agents-tools-options.js';
import type { AskedCalls } from '../shared/asked-calls.js';
import { hasFaithfulStrictForm } from './strict-schema-fit.js';
import { callOptionsFor } from '../shared/call-options.js';

/** A JSON Schema as the Agents SDK takes it for a function tool's parameters. */
type AgentsParameters = FunctionTool['parameters'];
/** The SDK's type for a strict tool's parameters. */
type StrictParameters = Extract<AgentsParameters, { additionalProperties: false }>;
/** The SDK's type for a non-strict tool's parameters (it says `additionalProperties: true`, but any JSON Schema object is taken as it is). */
type PlainParameters = Extract<AgentsParameters, { additionalProperties: true }>;

/** An Agents SDK function tool made from a gate's tool: it runs through the gate and returns the text the model reads. */
export type GateAgentsTool = FunctionTool<unknown, AgentsParameters, string>;

/** What one call brings from the SDK: its call id and the run's abort signal. */
interface CallDetails {
  readonly toolCall?: { readonly callId?: string };
  readonly signal?: AbortSignal;
}

/**
 * One gate tool as an Agents SDK function tool, made with the SDK's own `tool()`. With a strict
 * schema when the options allow it, the schema has a faithful strict form and the SDK accepts that
 * form; otherwise `strict: false` with the plain schema (the SDK then passes the input on as the
 * model sent it, and so it does under the strict form, whose only change — `null` for an optional
 * field — the gate reads as absent).
 */
export function toAgentsTool(
  gate: ToolGate,
  offered: GateTool,
  options: AgentsToolsOptions,
  asked: AskedCalls,
): GateAgentsTool {
  const name = offered.name;
  const callOptions = (signal?: AbortSignal): CallOptions => callOptionsFor(options, signal);
  const askThroughSdk = options.askVia !== 'gate';
  // The name the SDK gives the tool (it turns characters other than letters and digits into `_`).
  let sdkName = name;
  const definition = {
    name,
    description: offered.description,
    ...(askThroughSdk
      ? {
          needsApproval: async (_context: RunContext, input: unknown, callId?: string) => {
            const verdict = await gate.judge(createToolUse(callId ?? '', name, input), callOptions());
            if (verdict !== 'ask') return false;
            if (callId !== undefined) asked.remember(callId, input);
            return true;
          },
        }
      : {}),
    execute: async (input: unknown, context?: RunContext, details?: CallDetails): Promise<string> => {
      const callId = details?.toolCall?.callId ?? `toolwright-${globalThis.crypto.randomUUID()}`;
      const call = callOptions(details?.signal);
      const approved = askThroughSdk && approvedByUser(asked, context, sdkName, callId, input);
      const result = await gate.execute(
        createToolUse(callId, name, input),
        approved ? { ...call, approver: () => true } : call,
      );
      return toOpenAIResultText(result);
    },
  };
  const make = (parameters: JsonObject, strict: boolean): GateAgentsTool =>
    strict
      ? tool({ ...definition, parameters: parameters as StrictParameters, strict: true })
      : tool({ ...definition, parameters: parameters as PlainParameters, strict: false });
  if (options.strict !== false && hasFaithfulStrictForm(offered.inputSchema)) {
    try {
      const strictTool = make(toOpenAIStrictSchema(offered.inputSchema), true);
      sdkName = strictTool.name;
      return strictTool;
    } catch {
      // The SDK refuses this strict form (its own strict rules are narrower in places): offer the plain schema.
    }
  }
  const plainTool = make(offered.inputSchema, false);
  sdkName = plainTool.name;
  return plainTool;
}

/**
 * Whether the user approved this call in the SDK's approval flow, so that the gate's `ask` rule
 * is answered yes: a call put to the user runs approved only with the input the user saw; a call
 * the SDK ran without asking `needsApproval` (the user chose "always approve" for the tool) runs
 * approved when the run context records the approval.
 */
function approvedByUser(
  asked: AskedCalls,
  context: RunContext | undefined,
  sdkName: string,
  callId: string,
  input: unknown,
): boolean {
  switch (asked.take(callId, input)) {
    case 'same-input':
      return true;
    case 'other-input':
      return false;
    case 'not-asked':
      return context?.isToolApproved({ toolName: sdkName, callId }) === true;
  }
}
