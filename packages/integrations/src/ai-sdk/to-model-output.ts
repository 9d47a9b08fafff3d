import { ToolResult } from '@toolwright/core';

/** What the model reads of a gate result, in the AI SDK's tool output format. */
export type GateModelOutput =
  { readonly type: 'text'; readonly value: string } | { readonly type: 'error-text'; readonly value: string };

/**
 * The AI SDK tool output for a gate result: an error result (a refusal, a validation sentence, a
 * failure) is `error-text`, so the model learns it failed; anything else is `text`. The model
 * reads the content only, never the metadata. An output that is not a result (a UI message
 * stream may hand back any JSON) is shown as its text.
 */
export function toModelOutput(output: unknown): GateModelOutput {
  if (ToolResult.isToolResult(output)) {
    return output.isError ? { type: 'error-text', value: output.content } : { type: 'text', value: output.content };
  }
  return { type: 'text', value: typeof output === 'string' ? output : (JSON.stringify(output) ?? '') };
}
