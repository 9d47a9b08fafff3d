// Results of parts (SPEC CO-1, CO-2) on the providers' wires: each wire carries what its API takes
// and names the rest in words. No Node built-in is loaded here (the providers entry runs anywhere).
import { describeParts, type ContentPart, type ToolResult } from '@toolwright/core';
import { resourceFileName } from '@toolwright/core/internal';
import type {
  AnthropicImageType,
  AnthropicToolResultContent,
  OpenAIResponsesFunctionCallOutputContent,
} from './provider-types.js';

/** The image types Anthropic's Messages API takes. */
const ANTHROPIC_IMAGE_TYPES: ReadonlySet<string> = new Set<AnthropicImageType>([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);

function isAnthropicImageType(mimeType: string): mimeType is AnthropicImageType {
  return ANTHROPIC_IMAGE_TYPES.has(mimeType);
}

/** A part this wire cannot carry, in words, saying so. */
function leftOut(part: ContentPart, wire: string): string {
  return `${describeParts([part])} (not sent: ${wire})`;
}

/**
 * A result's parts as Anthropic `tool_result` content blocks: text as text, PNG, JPEG, GIF and WebP
 * images as base64 image blocks, a PDF (an embedded blob of `application/pdf`) as a base64
 * document; everything else as text, in words (audio and other files with why they were not sent).
 */
export function toAnthropicContent(parts: readonly ContentPart[]): AnthropicToolResultContent[] {
  return parts.map((part): AnthropicToolResultContent => {
    if (part.type === 'image' && isAnthropicImageType(part.mimeType))
      return { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } };
    if (part.type === 'image')
      return { type: 'text', text: leftOut(part, 'Anthropic takes PNG, JPEG, GIF and WebP images') };
    if (part.type === 'audio')
      return { type: 'text', text: leftOut(part, 'Anthropic takes no audio in a tool result') };
    if (part.type === 'resource' && 'blob' in part.resource) {
      if (part.resource.mimeType === 'application/pdf')
        return {
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: part.resource.blob },
        };
      return { type: 'text', text: leftOut(part, 'Anthropic takes PDF files only') };
    }
    return { type: 'text', text: describeParts([part]) };
  });
}

/**
 * A result's parts as the Responses API's `function_call_output` items: text as `input_text`,
 * images as `input_image` data URLs, embedded files as `input_file` data URLs with a name; audio
 * and links as text, in words. An error starts with `Error: ` (SPEC PR-2): in its first text item,
 * or in one put before the others.
 */
export function toOpenAIResponsesContent(
  result: ToolResult,
  parts: readonly ContentPart[],
): OpenAIResponsesFunctionCallOutputContent[] {
  const items = parts.map((part): OpenAIResponsesFunctionCallOutputContent => {
    if (part.type === 'image') return { type: 'input_image', image_url: `data:${part.mimeType};base64,${part.data}` };
    if (part.type === 'resource' && 'blob' in part.resource) {
      const type = part.resource.mimeType ?? 'application/octet-stream';
      return {
        type: 'input_file',
        filename: resourceFileName(part.resource.uri),
        file_data: `data:${type};base64,${part.resource.blob}`,
      };
    }
    if (part.type === 'audio') return { type: 'input_text', text: leftOut(part, 'a function output takes no audio') };
    return { type: 'input_text', text: describeParts([part]) };
  });
  if (!result.isError) return items;
  const [first] = items;
  if (first?.type === 'input_text')
    return [
      { type: 'input_text', text: first.text.startsWith('Error: ') ? first.text : `Error: ${first.text}` },
      ...items.slice(1),
    ];
  return [{ type: 'input_text', text: 'Error: the tool failed.' }, ...items];
}
