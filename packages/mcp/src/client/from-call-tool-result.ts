import { ToolResult, ToolwrightError, type ContentPart } from '@toolwright/core';
import { checkContentParts, isPlainObject } from '@toolwright/core/internal';

/**
 * The ToolResult of an MCP `tools/call` result (SPEC MC-2, CO-1): each content block becomes a
 * part — text, an image or audio with its bytes, a resource link, an embedded resource — so a host
 * and a wire that carries images get them byte for byte, and the text form (`content`) names the
 * others in words (`[image: image/png, 1 KB]`). A block toolwright cannot read (an unknown type,
 * bytes that are not base64) becomes a line of text saying so. `structuredContent` is the
 * structured payload (and the text when there is nothing else); `isError` is kept, with the
 * payload of an error too.
 */
export function fromCallToolResult(result: Record<string, unknown>): ToolResult {
  const blocks = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const structured = isPlainObject(result.structuredContent) ? result.structuredContent : undefined;
  const parts = blocks.map(toPart);
  const error = result.isError === true;
  if (parts.length === 0) {
    const text =
      structured !== undefined ? JSON.stringify(structured) : error ? 'The remote tool failed without saying why.' : '';
    return error ? ToolResult.error(text, { structured }) : ToolResult.ok(text, { structured });
  }
  return error ? ToolResult.error(parts, { structured }) : ToolResult.ok(parts, { structured });
}

/** One block as a part: as it is when it is one, else a line of text saying what it was. */
function toPart(block: unknown): ContentPart {
  try {
    return checkContentParts([block])[0]!;
  } catch (error) {
    if (!ToolwrightError.isInstance(error)) throw error;
    return { type: 'text', text: describeUnreadable(block) };
  }
}

function describeUnreadable(block: unknown): string {
  if (!isPlainObject(block)) return '[a content block that is not an object]';
  if (typeof block.type !== 'string') return '[a content block with no type]';
  const known = ['text', 'image', 'audio', 'resource_link', 'resource'].includes(block.type);
  const article = /^[aeiou]/.test(block.type) ? 'an' : 'a';
  return known ? `[${article} ${block.type} content block that is not well formed]` : `[${block.type} content]`;
}
