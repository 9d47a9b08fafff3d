import { type ContentPart, type Tool, type ToolResult } from '@toolwright/core';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import { mcpStructuredContent } from './mcp-output-schema.js';

/**
 * The MCP `tools/call` result of a gate result (SPEC MC-1, CO-1): its parts as content blocks, in
 * order — text, image, audio, resource link, embedded resource — or its text as one text block;
 * `isError: true` on errors (refusals and violations carry the GV-2 sentences as that text), and a
 * structured payload that is a JSON object as `structuredContent` — an error's too, unless the tool
 * declares an output schema (which promises the shape of successful results only, and which the
 * client checks any payload against). The payload of a tool whose output schema is not an object's
 * goes wrapped, as its listed schema is (`{ "result": … }`, see `mcpOutputSchema`).
 *
 * A tool that declares an output schema promises `structuredContent` on success. When the payload
 * is missing — left out at the output limit, say (the metadata says `structuredDropped`) — the
 * result goes out as an error with the same text, rather than as a success the client would refuse.
 */
export function toCallToolResult(result: ToolResult, tool?: Pick<Tool, 'outputSchema'>): CallToolResult {
  const structured = mcpStructuredContent(tool?.outputSchema, result.structured);
  const declaresOutput = tool?.outputSchema !== undefined;
  const isError = result.isError || (declaresOutput && structured === undefined);
  const sendStructured = structured !== undefined && (!isError || !declaresOutput);
  return {
    content: result.parts === undefined ? [{ type: 'text', text: result.content }] : result.parts.map(toBlock),
    ...(sendStructured ? { structuredContent: structured } : {}),
    ...(isError ? { isError: true } : {}),
  };
}

/** A part as MCP's content block: the same fields, less the image's pixel size (which MCP does not carry). */
function toBlock(part: ContentPart): ContentBlock {
  switch (part.type) {
    case 'image':
      return { type: 'image', data: part.data, mimeType: part.mimeType };
    case 'resource':
      return { type: 'resource', resource: { ...part.resource } };
    default:
      return { ...part };
  }
}
