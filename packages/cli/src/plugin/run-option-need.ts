import { SafetyLevel, type Tool } from '@toolwright/core';

/** What a host must do to let a tool run: the run option its safety level needs (SPEC PO-2). */
export interface RunOptionNeed {
  /** The safety level that needs it. */
  readonly level: 'WRITE' | 'BASH';
  /** The run option: `allowWrite` or `allowBash`. */
  readonly option: 'allowWrite' | 'allowBash';
  /** The command-line flag of `toolwright call` and `serve` that sets it. */
  readonly flag: '--allow-write' | '--allow-bash';
}

/** The run option a WRITE or BASH tool needs; `undefined` for a READ_ONLY tool (or one of no known level). */
export function runOptionNeed(tool: Tool): RunOptionNeed | undefined {
  if (tool.safety.level === SafetyLevel.WRITE) return { level: 'WRITE', option: 'allowWrite', flag: '--allow-write' };
  if (tool.safety.level === SafetyLevel.BASH) return { level: 'BASH', option: 'allowBash', flag: '--allow-bash' };
  return undefined;
}

/** Why a tool the gate does not offer is left out, for a person at the command line: `a WRITE tool; pass --allow-write`. */
export function whyNotOffered(tool: Tool): string {
  const need = runOptionNeed(tool);
  return need === undefined
    ? 'it declares no known safety level'
    : `a ${need.level} tool; pass ${need.flag} to let it run`;
}
