import { ToolResult } from '@toolwright/core';
import { isPlainObject } from '@toolwright/core/internal';

/**
 * The ToolResult of an MCP `tools/call` result (SPEC MC-2): text blocks joined by newlines, other
 * blocks named in one line each (`[image: image/png, 1024 bytes]`), `structuredContent` as the
 * structured payload (and as the text when there is no other), `isError` kept — an error keeps
 * its structured payload too. A result with bytes (image, audio, a blob resource) and no
 * `structuredContent` keeps its blocks as the payload, `{ content: [...] }`, bytes included
 * (SPEC MP-6), so a host can show them; the model reads the one-line names.
 */
export function fromCallToolResult(result: Record<string, unknown>): ToolResult {
  const blocks = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const structured = isPlainObject(result.structuredContent)
    ? result.structuredContent
    : blocks.some(carriesBytes)
      ? { content: blocks }
      : undefined;
  let text = blocks.map(describeBlock).join('\n');
  if (text === '' && isPlainObject(result.structuredContent)) text = JSON.stringify(structured);
  if (result.isError === true)
    return ToolResult.error(text === '' ? 'The remote tool failed without saying why.' : text, { structured });
  return ToolResult.ok(text, { structured });
}

/** True for a block whose bytes the text cannot carry: an image, audio, or a resource given as a blob. */
function carriesBytes(block: unknown): boolean {
  if (!isPlainObject(block)) return false;
  if (block.type === 'image' || block.type === 'audio') return typeof block.data === 'string';
  return block.type === 'resource' && isPlainObject(block.resource) && typeof block.resource.blob === 'string';
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
