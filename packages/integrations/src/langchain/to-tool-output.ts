import { ToolMessage } from '@langchain/core/messages';
import { describeParts, type ContentPart, type ToolResult } from '@toolwright/core';

/** What a gate tool returns to LangChain: a `ToolMessage` for a call with an id, else the result's text. */
export type GateToolOutput = ToolMessage | string;

/** One LangChain standard content block of a result's part (SPEC CO-2). */
type GateContentBlock =
  { type: 'text'; text: string } | { type: 'image' | 'audio' | 'file'; mimeType: string; data: string };

/**
 * A gate result as LangChain output. For a tool call with an id: a `ToolMessage` with that id, the
 * result's text as content — or, for a result of parts (SPEC CO-1), LangChain's standard content
 * blocks: text, `image`, `audio` and `file` with base64 `data` and a `mimeType`, links and text
 * resources as text — `status: 'error'` for an error result (a denial, a validation sentence, a
 * failure, a timeout, a refusal) and `'success'` otherwise, and the whole `ToolResult` as `artifact`
 * (the model reads only the content). Without an id (plain arguments): the text, for an error too —
 * pass a `ToolCall` to tell the two apart.
 */
export function toToolOutput(result: ToolResult, name: string, toolCallId: string | undefined): GateToolOutput {
  if (toolCallId === undefined) return result.content;
  return new ToolMessage({
    content: result.parts === undefined ? result.content : result.parts.map(toContentBlock),
    tool_call_id: toolCallId,
    name,
    status: result.isError ? 'error' : 'success',
    artifact: result,
  });
}

function toContentBlock(part: ContentPart): GateContentBlock {
  switch (part.type) {
    case 'image':
    case 'audio':
      return { type: part.type, mimeType: part.mimeType, data: part.data };
    case 'resource':
      return 'blob' in part.resource
        ? { type: 'file', mimeType: part.resource.mimeType ?? 'application/octet-stream', data: part.resource.blob }
        : { type: 'text', text: describeParts([part]) };
    default:
      return { type: 'text', text: describeParts([part]) };
  }
}
