import { ToolResult, type Tool, type ToolContext, type ToolInput } from '@toolwright/core';
// EXECUTE_NOW: the key of a tool's synchronous-when-possible execute (core's AbstractTool has one).
import { EXECUTE_NOW, isThenable } from '@toolwright/core/internal';
import { GATE_DEADLINES, type Deadline, type Expiring } from './deadline-queue.js';

/** What {@link invokeTool} needs beyond the call itself. */
export interface InvokeOptions {
  /** The gate-level limit for this call; the tool's cooperation is not needed. */
  readonly timeoutMs: number;
  /** Aborts the call's signal when the gate gives up on the call (timeout) or the host cancels it. */
  abort(reason: unknown): void;
  /** The host's signal for this call: when it aborts, the gate stops waiting at once. */
  readonly cancel?: AbortSignal;
}

/**
 * The one place a tool's `execute` is called (SPEC GV-6; the architecture test pins it). Whatever
 * the tool does — throws, rejects, throws a non-Error, returns something that is not a result,
 * or never settles — this comes to a ToolResult: a call still pending after `timeoutMs` is
 * abandoned with an error result and its signal is aborted (SPEC PO-4); so is a call the host
 * cancels. A tool that answers without waiting is answered without a promise or a timer; when it
 * answered with text alone through its synchronous-when-possible `execute`, the answer is that
 * text, the successful result with that content and nothing else, for the gate to build once.
 */
export function invokeTool(
  tool: Tool,
  input: ToolInput,
  context: ToolContext,
  options: InvokeOptions,
): ToolResult | string | Promise<ToolResult> {
  const cancelled = options.cancel?.aborted === true;
  if (cancelled) options.abort(options.cancel?.reason);
  let outcome: unknown;
  let textAnswers = false;
  try {
    const executeNow = (tool as { [EXECUTE_NOW]?: unknown })[EXECUTE_NOW];
    textAnswers = typeof executeNow === 'function';
    outcome = textAnswers ? (executeNow as Tool['execute'])(input, context) : tool.execute(input, context);
  } catch (thrown) {
    outcome = Promise.reject(thrown);
  }
  if (cancelled) {
    // The host gave up before the call started: the tool runs with an aborted signal, and nobody waits.
    if (isThenable(outcome)) Promise.resolve(outcome).then(undefined, ignore);
    return cancelledResult(tool);
  }
  if (textAnswers && typeof outcome === 'string') return outcome;
  if (!isThenable(outcome)) return checked(tool, outcome);
  return new PendingCall(tool, options).wait(outcome);
}

/** A call whose tool has not answered yet: settled by the tool, its deadline or the host's cancel. */
class PendingCall implements Expiring {
  readonly #tool: Tool;
  readonly #options: InvokeOptions;
  #deadline: Deadline | undefined;
  #resolve: ((result: ToolResult) => void) | undefined;

  constructor(tool: Tool, options: InvokeOptions) {
    this.#tool = tool;
    this.#options = options;
  }

  wait(outcome: PromiseLike<unknown>): Promise<ToolResult> {
    const settled = new Promise<ToolResult>((resolve) => (this.#resolve = resolve));
    this.#deadline = GATE_DEADLINES.add(this.#options.timeoutMs, this);
    this.#options.cancel?.addEventListener('abort', this, { once: true });
    Promise.resolve(outcome).then(
      (value) => this.#settle(checked(this.#tool, value)),
      (thrown: unknown) => this.#settle(ToolResult.fromException(this.#tool.name, thrown)),
    );
    return settled;
  }

  /** The deadline passed: the call is abandoned and its signal aborted. */
  expire(): void {
    this.#deadline = undefined;
    const { timeoutMs } = this.#options;
    this.#options.abort(new Error(`timed out after ${timeoutMs}ms`));
    this.#settle(
      ToolResult.error(`Tool '${this.#tool.name}' did not finish within ${timeoutMs}ms and was abandoned.`, {
        metadata: { timedOut: true },
      }),
    );
  }

  /** The host's signal aborted: the call is abandoned and its signal aborted. */
  handleEvent(): void {
    this.#options.abort(this.#options.cancel?.reason);
    this.#settle(cancelledResult(this.#tool));
  }

  #settle(result: ToolResult): void {
    const resolve = this.#resolve;
    if (resolve === undefined) return;
    this.#resolve = undefined;
    if (this.#deadline !== undefined) GATE_DEADLINES.withdraw(this.#deadline);
    this.#options.cancel?.removeEventListener('abort', this);
    resolve(result);
  }
}

function checked(tool: Tool, value: unknown): ToolResult {
  try {
    if (ToolResult.isToolResult(value)) return value;
  } catch (thrown) {
    // A result whose fields cannot be read (a throwing getter) is the tool's failure.
    return ToolResult.fromException(tool.name, thrown);
  }
  return ToolResult.error(`Tool '${tool.name}' returned something that is not a tool result.`);
}

function cancelledResult(tool: Tool): ToolResult {
  return ToolResult.error(`Tool '${tool.name}' was cancelled.`, { metadata: { cancelled: true } });
}

function ignore(): void {
  // A call nobody waits for any more.
}
