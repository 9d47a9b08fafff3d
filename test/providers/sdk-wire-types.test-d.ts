// The provider adapters' output against the providers' own SDK types (SPEC PR-1, CO-2): what the
// adapters make is accepted where the official SDKs take it, and what the SDKs hand back is accepted
// by the adapters that read it, so a host passes them along without a cast.
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { Tool, ToolResult } from '@toolwright/core';
import {
  fromAnthropicToolUse,
  fromOpenAIChatToolCall,
  fromOpenAIResponsesFunctionCall,
  toAnthropicTool,
  toAnthropicToolResult,
  toOpenAIChatTool,
  toOpenAIChatToolMessage,
  toOpenAIResponsesFunctionOutput,
  toOpenAIResponsesTool,
} from '@toolwright/gate/providers';
import { describe, expectTypeOf, it } from 'vitest';

declare const tool: Tool;
declare const result: ToolResult;

describe('the adapters against the official SDK types', () => {
  it('PR-1/CO-2: Anthropic Messages: tools, tool_use blocks in, tool_result blocks out', () => {
    expectTypeOf(toAnthropicTool(tool)).toExtend<Anthropic.Messages.Tool>();
    expectTypeOf(toAnthropicToolResult('toolu_1', result)).toExtend<Anthropic.Messages.ToolResultBlockParam>();
    expectTypeOf<Anthropic.Messages.ToolUseBlock>().toExtend<Parameters<typeof fromAnthropicToolUse>[0]>();
  });

  it('PR-1/CO-2: OpenAI Chat Completions: tools, tool calls in, tool messages out', () => {
    expectTypeOf(toOpenAIChatTool(tool)).toExtend<OpenAI.Chat.Completions.ChatCompletionTool>();
    expectTypeOf(
      toOpenAIChatToolMessage('call_1', result),
    ).toExtend<OpenAI.Chat.Completions.ChatCompletionToolMessageParam>();
    expectTypeOf<OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall>().toExtend<
      Parameters<typeof fromOpenAIChatToolCall>[0]
    >();
  });

  it('PR-1/CO-2: OpenAI Responses: function tools, function_call items in, function_call_output items out', () => {
    expectTypeOf(toOpenAIResponsesTool(tool)).toExtend<OpenAI.Responses.FunctionTool>();
    expectTypeOf(toOpenAIResponsesFunctionOutput('call_1', result)).toExtend<OpenAI.Responses.ResponseInputItem>();
    expectTypeOf<OpenAI.Responses.ResponseFunctionToolCall>().toExtend<
      Parameters<typeof fromOpenAIResponsesFunctionCall>[0]
    >();
  });
});
