import { isPlainObject, type ToolResult } from '@toolwright/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * The MCP `tools/call` result of a gate result (SPEC MC-1): the text the model reads as one text
 * block, `isError: true` on errors (refusals and violations carry the GV-2 sentences as that
 * text), and a structured payload as `structuredContent` when it is a JSON object.
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  return {
    content: [{ type: 'text', text: result.content }],
    ...(!result.isError && isPlainObject(result.structured) ? { structuredContent: result.structured } : {}),
    ...(result.isError ? { isError: true } : {}),
  };
}
