// The OpenAI Responses API wire format (SPEC PR-2).
import { parseToolUse, type Tool, type ToolResult, type ToolUse } from '@toolwright/core';
import { toOpenAIResultText } from './openai-result-text.js';
import { toOpenAIResponsesContent } from './result-parts.js';
import { toOpenAIStrictSchema } from './openai-strict-schema.js';
import type {
  OpenAIResponsesFunctionCall,
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesTool,
  OpenAIToolOptions,
} from './provider-types.js';
import { readPayloadField } from './read-payload-field.js';

/**
 * The Responses API definition of a tool (flat: no nested `function`). `strict` defaults to `true`
 * and is always written. The Responses API treats a missing `strict` as strict and rewrites the
 * schema itself, making every optional field mandatory; sending our own strict variant (PR-3)
 * instead keeps optional fields optional, as nullable. `strict: false` sends the plain schema.
 * Source: https://platform.openai.com/docs/guides/function-calling (strict mode: "If you omit
 * `strict`, the default depends on the API: Responses requests will normalize your schema into
 * strict mode … while Chat Completions requests remain non-strict by default").
 */
export function toOpenAIResponsesTool(tool: Tool, options: OpenAIToolOptions = {}): OpenAIResponsesTool {
  const strict = options.strict ?? true;
  const parameters = strict ? toOpenAIStrictSchema(tool.inputSchema) : tool.inputSchema;
  return { type: 'function', name: tool.name, description: tool.description, parameters, strict };
}

/**
 * The ToolUse of a `function_call` item; its id is the item's `call_id`, not its `id`. Arguments
 * that are not JSON, or not an object, become a ToolUse with an `inputError`; nulls are absence
 * (TC-1, TC-2). Never throws, whatever the item holds.
 */
export function fromOpenAIResponsesFunctionCall(item: OpenAIResponsesFunctionCall): ToolUse {
  return parseToolUse(
    readPayloadField(item, 'call_id'),
    readPayloadField(item, 'name'),
    readPayloadField(item, 'arguments'),
  );
}

/**
 * The `function_call_output` item answering a call; an error's output starts with `Error: ` (PR-2).
 * A result of parts goes as the output's items (SPEC CO-2): images and files as data URLs.
 */
export function toOpenAIResponsesFunctionOutput(callId: string, result: ToolResult): OpenAIResponsesFunctionCallOutput {
  const output =
    result.parts === undefined ? toOpenAIResultText(result) : toOpenAIResponsesContent(result, result.parts);
  return { type: 'function_call_output', call_id: callId, output };
}
