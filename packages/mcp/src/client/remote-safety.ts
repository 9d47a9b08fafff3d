import { SafetyLevel, type ExternalToolDefinition, type ToolSafety } from '@toolwright/core';

/**
 * The safety of a remote tool (SPEC TC-10, PO-2), failing closed. MCP says annotations are
 * untrusted unless the server is trusted, so by default every remote tool is WRITE and destructive
 * (it runs only with `allowWrite`). When the host trusts the server's annotations:
 * `readOnlyHint: true` → READ_ONLY; otherwise WRITE, destructive unless `destructiveHint: false`
 * (MCP's default for an absent hint is destructive).
 */
export function decideRemoteSafety(definition: ExternalToolDefinition, trustAnnotations: boolean): ToolSafety {
  const { readOnlyHint, destructiveHint } = definition.annotations;
  if (!trustAnnotations) return { level: SafetyLevel.WRITE, destructive: true };
  if (readOnlyHint === true) return { level: SafetyLevel.READ_ONLY, destructive: false };
  return { level: SafetyLevel.WRITE, destructive: destructiveHint !== false };
}
