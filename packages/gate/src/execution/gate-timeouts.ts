import { ToolwrightError } from '@toolwright/core';
import { DEFAULT_GATE_TIMEOUT_MS, type ToolGateOptions } from './gate-options.js';

/** The gate-level limit of one call: the tool's own entry (an own key: a tool may be named `constructor`), else the gate's. */
export function timeoutFor(options: ToolGateOptions, name: string): number {
  const perTool = options.toolTimeoutsMs;
  const own = perTool !== undefined && Object.hasOwn(perTool, name) ? perTool[name] : undefined;
  return own ?? options.timeoutMs ?? DEFAULT_GATE_TIMEOUT_MS;
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
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TIMER_MS) {
      throw new ToolwrightError(
        'INVALID_OPTIONS',
        `${label} must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS.toLocaleString('en-US')}, not ${String(value)}.`,
      );
    }
  }
}

/** The longest delay a Node timer keeps. */
const MAX_TIMER_MS = 2_147_483_647;
