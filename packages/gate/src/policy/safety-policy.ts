import { SafetyLevel, type RunOptions, type Tool } from '@toolwright/core';
import type { PolicyDecision, ToolPolicy } from './tool-policy.js';

/**
 * The default policy (SPEC PO-2): READ_ONLY tools run; WRITE tools need `allowWrite`, BASH tools
 * need `allowBash` (both false by default).
 */
export const safetyPolicy: ToolPolicy = Object.freeze({
  name: 'safety',
  before(tool: Tool, _input: unknown, context: { readonly options: RunOptions }): PolicyDecision {
    return checkSafety(tool, context.options);
  },
});

/** The one answer that lets a call go on, shared by every call. */
const ALLOWED: PolicyDecision = Object.freeze({ allowed: true });

/** The PO-2 decision for one tool under the run options. */
export function checkSafety(tool: Tool, options: Pick<RunOptions, 'allowWrite' | 'allowBash'>): PolicyDecision {
  const level = tool.safety?.level;
  if (level === SafetyLevel.READ_ONLY) return ALLOWED;
  if (level === SafetyLevel.WRITE) {
    return options.allowWrite ? ALLOWED : { allowed: false, reason: `tool requires allowWrite=true: ${tool.name}` };
  }
  if (level === SafetyLevel.BASH) {
    return options.allowBash ? ALLOWED : { allowed: false, reason: `tool requires allowBash=true: ${tool.name}` };
  }
  return { allowed: false, reason: `tool declares no known safety level: ${tool.name}` };
}

/** True when the tool may be offered to the model under the run options (the registry's filter, PO-2). */
export function isOffered(tool: Tool, options: Pick<RunOptions, 'allowWrite' | 'allowBash'>): boolean {
  return checkSafety(tool, options).allowed;
}
