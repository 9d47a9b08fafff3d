// @toolwright/gate/providers: the gate's calls and results in the wire formats of the model providers
// (Anthropic Messages, OpenAI Chat Completions and Responses) and OpenAI's strict-mode schema. Public API;
// its modules load no Node built-in, so browsers and edge runtimes can use it.
export { fromAnthropicToolUse, toAnthropicTool, toAnthropicToolResult } from './anthropic.js';
export { fromOpenAIChatToolCall, toOpenAIChatTool, toOpenAIChatToolMessage } from './openai-chat.js';
export {
  fromOpenAIResponsesFunctionCall,
  toOpenAIResponsesFunctionOutput,
  toOpenAIResponsesTool,
} from './openai-responses.js';
export { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS } from './openai-strict-keywords.js';
export { toOpenAIStrictSchema } from './openai-strict-schema.js';
export type {
  AnthropicImageType,
  AnthropicToolDefinition,
  AnthropicToolResultBlock,
  AnthropicToolResultContent,
  AnthropicToolUseBlock,
  OpenAIChatTool,
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
  OpenAIResponsesFunctionCall,
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesFunctionCallOutputContent,
  OpenAIResponsesTool,
  OpenAIToolOptions,
} from './provider-types.js';
