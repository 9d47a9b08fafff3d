import { describeParts, ToolResult, type ContentPart } from '@toolwright/core';
import { resourceFileName } from '@toolwright/core/internal';

/** One item of the AI SDK's `content` tool output (SPEC CO-2): text, an image, or a file, base64. */
export type GateModelContent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image-data'; readonly data: string; readonly mediaType: string }
  | { readonly type: 'file-data'; readonly data: string; readonly mediaType: string; readonly filename?: string };

/** What the model reads of a gate result, in the AI SDK's tool output format. */
export type GateModelOutput =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'error-text'; readonly value: string }
  | { readonly type: 'content'; readonly value: GateModelContent[] };

/**
 * The AI SDK tool output for a gate result: an error result (a refusal, a validation sentence, a
 * failure) is `error-text`, so the model learns it failed; a successful result of parts (SPEC
 * CO-1) is `content` — text, images as `image-data`, audio and embedded files as `file-data`, links
 * and text resources as text; anything else is `text`. The model reads the content only, never the
 * metadata. An output that is not a result (a UI message stream may hand back any JSON) is shown
 * as its text.
 */
export function toModelOutput(output: unknown): GateModelOutput {
  if (ToolResult.isToolResult(output)) {
    if (output.isError) return { type: 'error-text', value: output.content };
    if (output.parts !== undefined) return { type: 'content', value: output.parts.map(toModelContent) };
    return { type: 'text', value: output.content };
  }
  return { type: 'text', value: typeof output === 'string' ? output : (JSON.stringify(output) ?? '') };
}

function toModelContent(part: ContentPart): GateModelContent {
  switch (part.type) {
    case 'image':
      return { type: 'image-data', data: part.data, mediaType: part.mimeType };
    case 'audio':
      return { type: 'file-data', data: part.data, mediaType: part.mimeType };
    case 'resource':
      if ('blob' in part.resource)
        return {
          type: 'file-data',
          data: part.resource.blob,
          mediaType: part.resource.mimeType ?? 'application/octet-stream',
          filename: resourceFileName(part.resource.uri),
        };
      return { type: 'text', text: describeParts([part]) };
    default:
      return { type: 'text', text: describeParts([part]) };
  }
}
