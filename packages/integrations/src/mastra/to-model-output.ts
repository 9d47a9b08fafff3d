import { describeParts, ToolResult, type ContentPart } from '@toolwright/core';
import { resourceFileName } from '@toolwright/core/internal';

/** One item of a `content` tool output (SPEC CO-2): text, an image, or a file, base64. */
export type GateMastraContent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image-data'; readonly data: string; readonly mediaType: string }
  | { readonly type: 'file-data'; readonly data: string; readonly mediaType: string; readonly filename?: string };

/** What the model reads of a gate result, in the tool output format Mastra passes to the model. */
export type GateMastraModelOutput =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'error-text'; readonly value: string }
  | { readonly type: 'content'; readonly value: GateMastraContent[] };

/**
 * The model's view of a gate tool's output (the tool's `toModelOutput`): an error result (a
 * refusal, a validation sentence, a failure, a timeout) is `error-text`, so the model learns it
 * failed and the run goes on; a successful result of parts (SPEC CO-1) is `content` — text, images
 * as `image-data`, audio and embedded files as `file-data`, links and text resources as text; any
 * other result is `text`. The model reads the content only, never the metadata. An output that is
 * not a gate result (Mastra's own answer to resume data it refused) is left to Mastra: `undefined`.
 */
export function toModelOutput(output: unknown): GateMastraModelOutput | undefined {
  if (!ToolResult.isToolResult(output)) return undefined;
  if (output.isError) return { type: 'error-text', value: output.content };
  if (output.parts !== undefined) return { type: 'content', value: output.parts.map(toContent) };
  return { type: 'text', value: output.content };
}

function toContent(part: ContentPart): GateMastraContent {
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
