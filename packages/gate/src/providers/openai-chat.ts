// The OpenAI Chat Completions wire format (SPEC PR-2).
import { parseToolUse, type Tool, type ToolResult, type ToolUse } from '@toolwright/core';
import { toOpenAIResultText } from './openai-result-text.js';
import { toOpenAIStrictSchema } from './openai-strict-schema.js';
import type { OpenAIChatTool, OpenAIChatToolCall, OpenAIChatToolMessage, OpenAIToolOptions } from './provider-types.js';
import { readPayloadField } from './read-payload-field.js';

/**
 * The Chat Completions definition of a tool. Without options, `strict` is left out and the plain
 * schema is sent: Chat Completions is non-strict by default. With `strict: true`, the parameters
 * are the strict variant (PR-3); with `strict: false`, the plain schema and `strict: false`.
 */
export function toOpenAIChatTool(tool: Tool, options: OpenAIToolOptions = {}): OpenAIChatTool {
  const { strict } = options;
  const parameters = strict === true ? toOpenAIStrictSchema(tool.inputSchema) : tool.inputSchema;
  const definition = { name: tool.name, description: tool.description, parameters };
  return { type: 'function', function: strict === undefined ? definition : { ...definition, strict } };
}

/**
 * The ToolUse of one `tool_calls` entry. The arguments are JSON text: text that is not JSON, or
 * JSON that is not an object, becomes a ToolUse with an `inputError` naming the problem; nulls
 * are absence (TC-1, TC-2). Never throws, whatever the call holds.
 */
export function fromOpenAIChatToolCall(call: OpenAIChatToolCall): ToolUse {
  const calledFunction = readPayloadField(call, 'function');
  return parseToolUse(
    readPayloadField(call, 'id'),
    readPayloadField(calledFunction, 'name'),
    readPayloadField(calledFunction, 'arguments'),
  );
}

/** The `tool` message answering a call; an error's content starts with `Error: ` (PR-2). */
export function toOpenAIChatToolMessage(toolCallId: string, result: ToolResult): OpenAIChatToolMessage {
  return { role: 'tool', tool_call_id: toolCallId, content: toOpenAIResultText(result) };
}
