import { ToolwrightError, type Tool } from '@toolwright/core';
import { isMilliseconds, millisecondsProblem } from '@toolwright/core/internal';
import { DEFAULT_GATE_TIMEOUT_MS, type ToolGateOptions } from './gate-options.js';

/**
 * The gate-level limit of one call (SPEC PO-4), from the most specific word on it:
 * 1. the host's limit for this tool by name, `toolTimeoutsMs[name]` (an own key: a tool may be
 *    named `constructor`) — the host runs the tool and has the last word;
 * 2. the tool's own `timeoutMs`, from its definition — its author knows a call needs longer (or
 *    should never take as long) as the host's general limit;
 * 3. the host's general `timeoutMs`;
 * 4. {@link DEFAULT_GATE_TIMEOUT_MS}.
 * A tool's `timeoutMs` that is not a usable limit (AbstractTool refuses one at construction; a
 * hand-made Tool may carry anything) is passed over.
 */
export function timeoutFor(options: ToolGateOptions, tool: Tool): number {
  const perTool = options.toolTimeoutsMs;
  const host = perTool !== undefined && Object.hasOwn(perTool, tool.name) ? perTool[tool.name] : undefined;
  return host ?? usableTimeout(tool.timeoutMs) ?? options.timeoutMs ?? DEFAULT_GATE_TIMEOUT_MS;
}

function usableTimeout(value: unknown): number | undefined {
  return isMilliseconds(value) ? value : undefined;
}

/** Timeouts must be whole milliseconds a timer can wait: 1 to 2,147,483,647 (longer ones fire at once). */
export function checkTimeouts(options: ToolGateOptions): void {
  const entries: [string, unknown][] = [['timeoutMs', options.timeoutMs]];
  if (options.toolTimeoutsMs !== undefined) {
    if (typeof options.toolTimeoutsMs !== 'object' || options.toolTimeoutsMs === null)
      throw new ToolwrightError('INVALID_OPTIONS', 'toolTimeoutsMs must be a record of tool names to milliseconds.');
    for (const name of Object.keys(options.toolTimeoutsMs))
      entries.push([`toolTimeoutsMs['${name}']`, options.toolTimeoutsMs[name]]);
  }
  for (const [label, value] of entries) {
    if (value === undefined) continue;
    const problem = millisecondsProblem(label, value);
    if (problem !== undefined) throw new ToolwrightError('INVALID_OPTIONS', problem);
  }
}
