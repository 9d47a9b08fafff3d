// The public API of @toolwright/gate: every export here is public, so add to it deliberately. Each name is listed in
// test/architecture/export-surface.json, checked by its test; what only sibling packages use goes to internal.ts.
// The provider formats (Anthropic, OpenAI) are in the subpath @toolwright/gate/providers, which loads no Node module.
export type { AuditEvent, AuditListener, AuditStage } from './execution/audit-event.js';
export type { CallOutcome, RefusingStage } from './execution/call-outcome.js';
export type { CallErrorType, GateSpan, GateTracer, SpanAttributeValue } from './execution/tool-tracing.js';
export type { CallOptions, ToolGateOptions } from './execution/gate-options.js';
export { ToolGate, type Authorization } from './tool-gate.js';
export type {
  AddedRule,
  ApprovalAnswer,
  ApprovalGrant,
  ApprovalRefusal,
  ApprovalRequest,
  Approver,
  PathPermit,
  PendingApproval,
  PermissionConfig,
  PermissionDecision,
  PermissionPart,
} from './permission/permission-config.js';
export type { Approval, DurableApprovalOptions } from './permission/durable-approval.js';
export { DEFAULT_APPROVAL_LIFETIME_MS } from './permission/durable-approval.js';
export { sandboxPathsFromPermissions, type SandboxPaths } from './permission/sandbox-paths.js';
export {
  permissionsFromClaudeSettings,
  type ClaudeSandboxSettings,
  type ClaudeSettings,
  type ClaudeSettingsOptions,
} from './permission/claude-settings.js';
export type { ApprovalStore } from './permission/approval-store.js';
export type { PolicyDecision, ToolPolicy } from './policy/tool-policy.js';
export { SchemaValidationMode } from './validation/schema-validation-mode.js';
