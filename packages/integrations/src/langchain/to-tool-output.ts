import { ToolMessage } from '@langchain/core/messages';
import type { ToolResult } from '@toolwright/core';

/** What a gate tool returns to LangChain: a `ToolMessage` for a call with an id, else the result's text. */
export type GateToolOutput = ToolMessage | string;

/**
 * A gate result as LangChain output. For a tool call with an id: a `ToolMessage` with that id, the
 * result's text as content, `status: 'error'` for an error result (a denial, a validation sentence, a
 * failure, a timeout, a refusal) and `'success'` otherwise, and the whole `ToolResult` as `artifact`
 * (the model reads only the content). Without an id (plain arguments): the text, for an error too —
 * pass a `ToolCall` to tell the two apart.
 */
export function toToolOutput(result: ToolResult, name: string, toolCallId: string | undefined): GateToolOutput {
  if (toolCallId === undefined) return result.content;
  return new ToolMessage({
    content: result.content,
    tool_call_id: toolCallId,
    name,
    status: result.isError ? 'error' : 'success',
    artifact: result,
  });
}
