import { ToolResult, type Tool, type ToolContext, type ToolInput } from '@toolwright/core';

/** What {@link invokeTool} needs beyond the call itself. */
export interface InvokeOptions {
  /** The gate-level limit for this call; the tool's cooperation is not needed. */
  readonly timeoutMs: number;
  /** Aborts the call's signal when the gate gives up on the call (timeout) or the host cancels it. */
  readonly abort: (reason: unknown) => void;
  /** The host's signal for this call: when it aborts, the gate stops waiting at once. */
  readonly cancel?: AbortSignal;
}

/**
 * The one place a tool's `execute` is called (SPEC GV-6; the architecture test pins it). Whatever
 * the tool does — throws, rejects, throws a non-Error, returns something that is not a result,
 * or never settles — this resolves to a ToolResult: a call still pending after `timeoutMs` is
 * abandoned with an error result and its signal is aborted (SPEC PO-4); so is a call the host
 * cancels.
 */
export async function invokeTool(
  tool: Tool,
  input: ToolInput,
  context: ToolContext,
  options: InvokeOptions,
): Promise<ToolResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCancel: (() => void) | undefined;
  const abandoned = new Promise<ToolResult>((resolve) => {
    timer = setTimeout(() => {
      options.abort(new Error(`timed out after ${options.timeoutMs}ms`));
      resolve(
        ToolResult.error(`Tool '${tool.name}' did not finish within ${options.timeoutMs}ms and was abandoned.`, {
          metadata: { timedOut: true },
        }),
      );
    }, options.timeoutMs);
    onCancel = () => {
      options.abort(options.cancel?.reason);
      resolve(ToolResult.error(`Tool '${tool.name}' was cancelled.`, { metadata: { cancelled: true } }));
    };
    if (options.cancel?.aborted === true) onCancel();
    else options.cancel?.addEventListener('abort', onCancel, { once: true });
  });
  const execution = (async (): Promise<ToolResult> => {
    try {
      const result: unknown = await tool.execute(input, context);
      if (ToolResult.isToolResult(result)) return result;
      return ToolResult.error(`Tool '${tool.name}' returned something that is not a tool result.`);
    } catch (thrown) {
      return ToolResult.fromException(tool.name, thrown);
    }
  })();
  try {
    return await Promise.race([execution, abandoned]);
  } finally {
    clearTimeout(timer);
    if (onCancel !== undefined) options.cancel?.removeEventListener('abort', onCancel);
  }
}
