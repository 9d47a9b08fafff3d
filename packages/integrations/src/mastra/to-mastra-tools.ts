import { createTool, type Tool } from '@mastra/core/tools';
import type { RunOptions, Tool as GateTool } from '@toolwright/core';
import type { ToolGate } from '@toolwright/gate';
import {
  approvalAnswerSchema,
  approvalRequestSchema,
  gateInputSchema,
  type GateApprovalAnswer,
  type GateApprovalRequest,
} from './gate-schemas.js';
import { runMastraCall, type MastraCallContext, type MastraCallSettings } from './run-mastra-call.js';
import { toModelOutput } from './to-model-output.js';

/** How a gate's tools become Mastra tools. */
export interface MastraToolsOptions {
  /** The working directory of every call. Default: the gate's. */
  readonly cwd?: string;
  /** Run options for every call (`allowWrite`, `allowBash`, `maxToolOutputChars`), over the gate's; they also decide which tools are offered. */
  readonly runOptions?: Partial<RunOptions>;
  /**
   * Who answers `ask` rules. `'mastra'` (default): inside an agent run, a call an `ask` rule
   * matches suspends the run (`finishReason: 'suspended'`, a `tool-call-suspended` chunk) with a
   * {@link GateApprovalRequest}, and the host answers with `agent.approveToolCall` or
   * `declineToolCall` (`…Generate` after `generate`; any resume with a {@link GateApprovalAnswer});
   * outside an agent run the gate's own approver answers. `'gate'`: the gate's own `approver` always
   * decides while the call runs (without one, ask denies).
   */
  readonly askVia?: 'mastra' | 'gate';
  /**
   * Stream the tool's progress into the run: with `true`, each `context.progress(...)` report is
   * written to Mastra's `writer` for the call — a `tool-output` chunk of the agent's stream (with
   * the call's `toolCallId` and `toolName`) whose `output` is `{ type: 'progress', progress,
   * total?, message? }` — in order and before the result. The model never reads them. Default
   * `false`: progress goes nowhere.
   */
  readonly streamProgress?: boolean;
}

/** A Mastra tool made from a gate's tool: it runs through the gate; its output is the gate's `ToolResult`. */
export type GateMastraTool = Tool<unknown, unknown, GateApprovalRequest, GateApprovalAnswer>;

/** The Mastra tools made from a gate, by name (pass the record to `new Agent({ tools })`). */
export type GateMastraToolSet = Record<string, GateMastraTool>;

/**
 * The tools a gate offers, as Mastra tools made with Mastra's own `createTool` (pass them to
 * `new Agent({ tools })`). Each keeps its name (as its id and its key), description and JSON
 * Schema — passed to Mastra unchanged, with `strict: false` so that Mastra's provider schema
 * layers neither rewrite it nor check the input in the gate's place — and its `execute` goes
 * through `gate.execute` with Mastra's tool call id and abort signal, so permissions, validation
 * sentences, policies, timeouts, the output limit and the audit apply to every call. An error result
 * reaches the model as `error-text` output, never as a thrown error. `ask` rules suspend the run
 * (see {@link MastraToolsOptions.askVia}): Mastra's `requireApproval` predicate is told the input
 * but not the tool call id, so an approval given there could not be bound to the call the gate
 * judged; a suspended call is, and Mastra's `approveToolCall` and `declineToolCall` answer it.
 */
export function toMastraTools(gate: ToolGate, options: MastraToolsOptions = {}): GateMastraToolSet {
  const settings: MastraCallSettings = {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.runOptions === undefined ? {} : { runOptions: options.runOptions }),
    askVia: options.askVia ?? 'mastra',
    streamProgress: options.streamProgress === true,
  };
  const tools: GateMastraToolSet = {};
  for (const offered of gate.offeredTools(options.runOptions)) {
    tools[offered.name] = toMastraTool(gate, offered, settings);
  }
  return tools;
}

function toMastraTool(gate: ToolGate, offered: GateTool, settings: MastraCallSettings): GateMastraTool {
  const name = offered.name;
  return createTool({
    id: name,
    description: offered.description,
    inputSchema: gateInputSchema(offered.inputSchema),
    // Mastra's provider layers (OpenAI, Anthropic, Google, …) would rewrite the schema and validate
    // the input against their rewrite; without them the model sees the gate's schema as it is.
    strict: false,
    suspendSchema: approvalRequestSchema,
    resumeSchema: approvalAnswerSchema,
    execute: (input, context) => runMastraCall(gate, name, input, context as MastraCallContext, settings),
    toModelOutput,
  });
}
