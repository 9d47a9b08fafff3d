import {
  CallbackManager,
  parseCallbackConfigArg,
  type CallbackManagerForToolRun,
} from '@langchain/core/callbacks/manager';
import type { ToolCall } from '@langchain/core/messages/tool';
import {
  StructuredTool,
  type StructuredToolCallInput,
  type ToolReturnType,
  type ToolRunnableConfig,
  type ToolSchemaBase,
} from '@langchain/core/tools';
import type { Tool as OfferedTool } from '@toolwright/core';
import type { ToolGate } from '@toolwright/gate';
import { runGateCall, type GateCallSettings, type InterruptFunction } from './run-gate-call.js';
import { toToolOutput, type GateToolOutput } from './to-tool-output.js';

/**
 * A LangChain `StructuredTool` that runs every call through a toolwright gate. Its `schema` is the
 * tool's JSON Schema itself (no zod round trip, so recursive schemas bind to any chat model as they
 * are). Invoked with a `ToolCall`, it returns a `ToolMessage` (status `error` for an error result,
 * the whole `ToolResult` as `artifact`); invoked with plain arguments, the result's text (for an
 * error result too). It never throws for what the model sent; it rejects only with LangGraph's
 * interrupt, when an `ask` rule puts the call to the user.
 */
export class GateStructuredTool extends StructuredTool<ToolSchemaBase, unknown, unknown, GateToolOutput> {
  /** The tool's name, as the model calls it. */
  name: string;
  /** The tool's description, as the model reads it. */
  description: string;
  /** The tool's JSON Schema, as the gate holds it. */
  schema: ToolSchemaBase;
  readonly #gate: ToolGate;
  readonly #settings: GateCallSettings;

  /** A LangChain tool for `offered`, one of the tools `gate` offers; `settings` apply to every call. */
  constructor(gate: ToolGate, offered: OfferedTool, settings: GateCallSettings = {}) {
    super();
    this.name = offered.name;
    this.description = offered.description;
    this.schema = offered.inputSchema as ToolSchemaBase;
    this.#gate = gate;
    this.#settings = settings;
  }

  /**
   * Runs a call, like `StructuredTool.call` (callbacks, tool call id, output) but without its schema
   * check. LangChain validates a JSON Schema input itself (with @cfworker/json-schema) and throws
   * `ToolInputParsingException` before the tool is reached, so a typo'd key would come back to the
   * model as LangChain's "Received tool input did not match expected schema", naming nothing. The
   * gate checks the same schema, so the input goes to it exactly as the model sent it, and the model
   * reads the gate's sentence: `Unknown parameter 'stat'. Did you mean 'state'? …`. `invoke` (what
   * agents and `ToolNode` call) comes here.
   */
  override async call<TArg extends StructuredToolCallInput, TConfig extends ToolRunnableConfig | undefined>(
    arg: TArg,
    configArg?: TConfig,
    tags?: string[],
  ): Promise<ToolReturnType<TArg, TConfig, GateToolOutput>> {
    const { runId, ...parsed } = parseCallbackConfigArg(configArg) as ToolRunnableConfig;
    const toolCall = isToolCall(arg) ? arg : parsed.toolCall;
    const input: unknown = isToolCall(arg) ? arg.args : arg;
    const config: ToolRunnableConfig = {
      ...parsed,
      runName: parsed.runName ?? this.name,
      ...(toolCall === undefined ? {} : { toolCall }),
    };
    const callbacks = CallbackManager.configure(
      config.callbacks,
      this.callbacks,
      config.tags ?? tags,
      this.tags,
      config.metadata,
      this.metadata,
      { verbose: this.verbose },
    );
    const runManager = await callbacks?.handleToolStart(
      this.toJSON(),
      isRecord(input) ? input : JSON.stringify(input),
      runId,
      undefined,
      undefined,
      undefined,
      config.runName,
      toolCall?.id,
    );
    let output: GateToolOutput;
    try {
      output = await this._call(input, runManager, config);
    } catch (error) {
      await runManager?.handleToolError(error);
      throw error;
    }
    await runManager?.handleToolEnd(output);
    return output as ToolReturnType<TArg, TConfig, GateToolOutput>;
  }

  /** Runs the call through the gate and shapes the result for LangChain. */
  protected async _call(
    input: unknown,
    _runManager?: CallbackManagerForToolRun,
    config: ToolRunnableConfig = {},
  ): Promise<GateToolOutput> {
    // As in LangChain's own tools, a call without an id (or with an empty one) gets the text, not a message.
    const toolCallId = config.toolCall?.id === '' ? undefined : config.toolCall?.id;
    const interrupt = (config as { interrupt?: unknown }).interrupt;
    const result = await runGateCall(
      this.#gate,
      {
        name: this.name,
        input,
        callId: toolCallId ?? `langchain-${globalThis.crypto.randomUUID()}`,
        ...(config.signal === undefined ? {} : { signal: config.signal }),
        ...(typeof interrupt === 'function' ? { interrupt: interrupt as InterruptFunction } : {}),
      },
      this.#settings,
    );
    return toToolOutput(result, this.name, toolCallId);
  }
}

function isToolCall(value: unknown): value is ToolCall {
  return isRecord(value) && value.type === 'tool_call';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
