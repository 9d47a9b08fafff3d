import { ToolResult, type RunOptions, type Tool } from '@toolwright/core';
import { checkSafety } from '@toolwright/gate/internal';
import { runOptionNeed } from '../plugin/run-option-need.js';

/**
 * The result as a person at the command line needs it: a refusal because a WRITE or BASH tool
 * was not let run says which flag lets it (`pass --allow-write`). The gate's own sentence is kept,
 * so it reads the same as everywhere else.
 */
export function withFlagHint(result: ToolResult, tool: Tool, runOptions: RunOptions): ToolResult {
  const need = runOptionNeed(tool);
  const refusal = checkSafety(tool, runOptions);
  if (need === undefined || refusal.allowed || result.content !== refusal.reason) return result;
  return ToolResult.derive(result, {
    content: `${result.content}; pass ${need.flag} to let ${need.level} tools run`,
  });
}

/**
 * What `toolwright call` prints: the text the model would read (one trailing newline), or with
 * `--json` one line of `{"isError", "content", "structured"?, "metadata"}` — `structured` when the
 * tool gave a payload, `policyDenied` and `truncated` always in the metadata.
 */
export function formatCallResult(result: ToolResult, json: boolean): string {
  if (!json) return result.content.endsWith('\n') || result.content === '' ? result.content : `${result.content}\n`;
  const metadata = { policyDenied: false, truncated: false, ...result.metadata };
  const structured = result.structured === undefined ? {} : { structured: result.structured };
  return `${JSON.stringify({ isError: result.isError, content: result.content, ...structured, metadata })}\n`;
}
