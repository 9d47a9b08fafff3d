import { ToolResult } from '@toolwright/core';
import { isPlainObject } from '@toolwright/core/internal';

/**
 * The ToolResult of an MCP `tools/call` result (SPEC MC-2): text blocks joined by newlines, other
 * blocks named in one line each (`[image: image/png, 1024 bytes]`), `structuredContent` as the
 * structured payload (and as the text when there is no other), `isError` kept — an error keeps
 * its structured payload too.
 */
export function fromCallToolResult(result: Record<string, unknown>): ToolResult {
  const blocks = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const structured = isPlainObject(result.structuredContent) ? result.structuredContent : undefined;
  let text = blocks.map(describeBlock).join('\n');
  if (text === '' && structured !== undefined) text = JSON.stringify(structured);
  if (result.isError === true)
    return ToolResult.error(text === '' ? 'The remote tool failed without saying why.' : text, { structured });
  return ToolResult.ok(text, { structured });
}

function describeBlock(block: unknown): string {
  if (!isPlainObject(block)) return '[a content block that is not an object]';
  switch (block.type) {
    case 'text':
      return String(block.text);
    case 'image':
    case 'audio':
      return `[${block.type}: ${String(block.mimeType)}, ${base64Bytes(block.data)} bytes]`;
    case 'resource_link':
      return `[resource: ${String(block.uri)}]`;
    case 'resource': {
      const resource = isPlainObject(block.resource) ? block.resource : {};
      if (typeof resource.text === 'string') return resource.text;
      return `[resource: ${String(resource.uri)}${typeof resource.mimeType === 'string' ? `, ${resource.mimeType}` : ''}]`;
    }
    default:
      return `[${String(block.type)} content]`;
  }
}

function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
