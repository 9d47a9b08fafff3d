import { ToolResult } from '@toolwright/core';

/**
 * Cuts a result's content to `maxChars` (SPEC PO-3) without splitting a surrogate pair, ending
 * with a line that says how much was shown; `truncated: true` and `originalLength` go into the
 * metadata. A result within the limit is returned unchanged.
 */
export function limitOutput(result: ToolResult, maxChars: number): ToolResult {
  const { content } = result;
  if (content.length <= maxChars) return result;
  const marker = (shown: number): string =>
    `\n[output truncated: ${content.length} characters, the first ${shown} shown]`;
  // The marker is measured with the largest number it can hold, so content plus marker stay within the limit.
  let keep = maxChars - marker(maxChars).length;
  const withMarker = keep >= 1;
  if (!withMarker) keep = maxChars;
  if (keep > 0 && isHighSurrogate(content.charCodeAt(keep - 1))) keep -= 1;
  const cut = `${content.slice(0, keep)}${withMarker ? marker(keep) : ''}`;
  const metadata = { ...result.metadata, truncated: true, originalLength: content.length };
  const options = result.structured === undefined ? { metadata } : { metadata, structured: result.structured };
  return result.isError ? ToolResult.error(cut, metadata) : ToolResult.ok(cut, options);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
