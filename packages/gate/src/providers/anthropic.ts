// The Anthropic Messages API wire format (SPEC PR-1).
import { createToolUse, type Tool, type ToolResult, type ToolUse } from '@toolwright/core';
import { toAnthropicContent } from './result-parts.js';
import type { AnthropicToolDefinition, AnthropicToolResultBlock, AnthropicToolUseBlock } from './provider-types.js';
import { readPayloadField } from './read-payload-field.js';

/**
 * The Anthropic definition of a tool: its plain input schema, unchanged (PR-1, PR-3). Typed as the
 * object schema the API requires, which every derived and every imported schema is (an external one
 * that is not is refused when it is made); a hand-written schema must say `type: 'object'` itself.
 */
export function toAnthropicTool(tool: Tool): AnthropicToolDefinition {
  const inputSchema = tool.inputSchema as AnthropicToolDefinition['input_schema'];
  return { name: tool.name, description: tool.description, input_schema: inputSchema };
}

/**
 * The ToolUse of a `tool_use` block (PR-1). Nulls are dropped at every object level, `input: null`
 * means no arguments, and input that is not an object becomes a ToolUse with an `inputError`
 * (TC-1, TC-2). Never throws, whatever the block holds.
 */
export function fromAnthropicToolUse(block: AnthropicToolUseBlock): ToolUse {
  return createToolUse(
    readPayloadField(block, 'id'),
    readPayloadField(block, 'name'),
    readPayloadField(block, 'input'),
  );
}

/**
 * The `tool_result` block answering a `tool_use` block, with `is_error: true` only on errors (PR-1):
 * its content the result's text, or for a result of parts their blocks (SPEC CO-2: images and PDFs
 * as base64, the rest in words).
 */
export function toAnthropicToolResult(toolUseId: string, result: ToolResult): AnthropicToolResultBlock {
  const content = result.parts === undefined ? result.content : toAnthropicContent(result.parts);
  const block = { type: 'tool_result', tool_use_id: toolUseId, content } as const;
  return result.isError ? { ...block, is_error: true } : block;
}
