import type { ToolResult } from '@toolwright/core';

/** How OpenAI formats mark an error result in the text the model reads (SPEC PR-2). */
export const OPENAI_ERROR_PREFIX = 'Error: ';

/**
 * The text an OpenAI model reads for a result, which has no error flag of its own: the content,
 * and for an error the content behind `Error: `, exactly once. An error whose content already
 * starts with `Error: ` is left as it is, so the model never reads `Error: Error: …`. A successful
 * result is never prefixed, whatever its text.
 */
export function toOpenAIResultText(result: ToolResult): string {
  if (!result.isError || result.content.startsWith(OPENAI_ERROR_PREFIX)) return result.content;
  return `${OPENAI_ERROR_PREFIX}${result.content}`;
}
