import type { Tool, ToolContext, ToolInput, ToolResult } from '@toolwright/core';

/** A policy's answer before a call runs (SPEC PO-1). */
export interface PolicyDecision {
  /** True when the call may go on. */
  readonly allowed: boolean;
  /** For a human and the model: why not, and what would allow it. */
  readonly reason?: string;
}

/**
 * A rule the gate applies to every call (SPEC PO-1): `before` may refuse the call (it is then not
 * executed, and `after` is not called); `after` may rewrite the result of a call that ran.
 */
export interface ToolPolicy {
  /** A name for audit events. */
  readonly name: string;
  /** Decides before the permission check. */
  before?(tool: Tool, input: ToolInput, context: ToolContext): PolicyDecision | Promise<PolicyDecision>;
  /** Rewrites the result of a call that ran. */
  after?(tool: Tool, input: ToolInput, result: ToolResult, context: ToolContext): ToolResult | Promise<ToolResult>;
}
