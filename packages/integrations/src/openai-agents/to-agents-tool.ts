import {
  tool,
  type FunctionTool,
  type RunContext,
  type ToolOutputFileContent,
  type ToolOutputImage,
  type ToolOutputText,
} from '@openai/agents';
import {
  createToolUse,
  describeParts,
  type ContentPart,
  type JsonObject,
  type Tool as GateTool,
  type ToolResult,
} from '@toolwright/core';
import { type CallOptions, type ToolGate } from '@toolwright/gate';
import { resourceFileName } from '@toolwright/core/internal';
import { toOpenAIResultText } from '@toolwright/gate/internal';
import { toOpenAIStrictSchema } from '@toolwright/gate/providers';
import type { AgentsToolsOptions } from './agents-tools-options.js';
import type { UserApprovals } from '../shared/user-approvals.js';
import { hasFaithfulStrictForm } from './strict-schema-fit.js';
import { callOptionsFor } from '../shared/call-options.js';

/** A JSON Schema as the Agents SDK takes it for a function tool's parameters. */
type AgentsParameters = FunctionTool['parameters'];
/** The SDK's type for a strict tool's parameters. */
type StrictParameters = Extract<AgentsParameters, { additionalProperties: false }>;
/** The SDK's type for a non-strict tool's parameters (it says `additionalProperties: true`, but any JSON Schema object is taken as it is). */
type PlainParameters = Extract<AgentsParameters, { additionalProperties: true }>;

/**
 * What a gate tool returns to the Agents SDK: the text the model reads, or for a successful result
 * of parts (SPEC CO-1) the SDK's tool outputs — text, images and files with their bytes.
 */
export type GateAgentsOutput = string | (ToolOutputText | ToolOutputImage | ToolOutputFileContent)[];

/** An Agents SDK function tool made from a gate's tool: it runs through the gate and returns what the model reads. */
export type GateAgentsTool = FunctionTool<unknown, AgentsParameters, GateAgentsOutput>;

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
  approvals: UserApprovals,
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
          // The SDK asks only about a call not yet approved: this is what the user will see.
          needsApproval: async (_context: RunContext, input: unknown, callId?: string) => {
            const verdict = await approvals.judge(gate, createToolUse(callId ?? '', name, input), callOptions());
            if (verdict.verdict !== 'ask') return false;
            if (callId !== undefined) approvals.remember(callId, verdict);
            return true;
          },
        }
      : {}),
    execute: async (input: unknown, context?: RunContext, details?: CallDetails): Promise<GateAgentsOutput> => {
      const callId = details?.toolCall?.callId ?? `toolwright-${globalThis.crypto.randomUUID()}`;
      const call = callOptions(details?.signal);
      const approver = askThroughSdk ? userApprover(approvals, context, name, sdkName, callId) : undefined;
      return toAgentsOutput(await approvals.run(gate, createToolUse(callId, name, input), call, approver));
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

/** Tools whose calls the user approved "always", after approving an asked call of the tool in this process. */
const alwaysApproved = new WeakMap<UserApprovals, Set<string>>();

/**
 * Who answers the gate's `ask` rule for a call the SDK runs: for a call put to the user here, the
 * user's approval of exactly that call, once; for a call the SDK ran without asking because the
 * user approved the tool "always" (`state.approve(item, { alwaysApprove: true })`), yes — only
 * once such an "always" came with a call asked here, so that a run state edited to say "always"
 * grants nothing; otherwise nobody (the gate's own approver decides). The asked call's "always"
 * is answered to the gate as an "always" too: its ask rule no longer asks, for the gate's lifetime.
 */
function userApprover(
  approvals: UserApprovals,
  context: RunContext | undefined,
  name: string,
  sdkName: string,
  callId: string,
) {
  // A call id nobody ever approved: approved only when the tool is approved "always".
  const always = () =>
    context?.isToolApproved({ toolName: sdkName, callId: `toolwright-probe-${globalThis.crypto.randomUUID()}` }) ===
    true;
  let tools = alwaysApproved.get(approvals);
  if (tools === undefined) alwaysApproved.set(approvals, (tools = new Set()));
  const granted = tools;
  // The user's "always" is the gate's too (SPEC RU-4): the ask rule is added as an allowing rule, audited and handed to `onRuleAdded`.
  if (approvals.known(callId))
    return approvals.approverFor(
      callId,
      () => always() && granted.add(name),
      always() ? { approved: true, always: true } : true,
    );
  if (always() && granted.has(name)) return () => true;
  return undefined;
}

/**
 * A gate result as the SDK's tool output (SPEC CO-2): the text (an error's behind `Error: `, PR-2),
 * or for a successful result of parts, text items, images and embedded files with their base64
 * bytes and media type (the SDK makes data URLs of them); audio and links are text, in words.
 */
export function toAgentsOutput(result: ToolResult): GateAgentsOutput {
  if (result.isError || result.parts === undefined) return toOpenAIResultText(result);
  return result.parts.map(toAgentsItem);
}

function toAgentsItem(part: ContentPart): ToolOutputText | ToolOutputImage | ToolOutputFileContent {
  if (part.type === 'image') return { type: 'image', image: { data: part.data, mediaType: part.mimeType } };
  if (part.type === 'resource' && 'blob' in part.resource) {
    const filename = resourceFileName(part.resource.uri);
    const mediaType = part.resource.mimeType ?? 'application/octet-stream';
    return { type: 'file', file: { data: part.resource.blob, mediaType, filename } };
  }
  return { type: 'text', text: describeParts([part]) };
}
