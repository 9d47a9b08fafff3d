// The public API of @toolwright/gate. Every export here is public: add to it deliberately.
export type { AuditEvent, AuditListener, AuditStage } from './execution/audit-event.js';
export type { CallErrorType, GateSpan, GateTracer, SpanAttributeValue } from './execution/tool-tracing.js';
export { planBatch, type BatchClaim } from './execution/batch-schedule.js';
export { DEFAULT_GATE_TIMEOUT_MS, type CallOptions, type ToolGateOptions } from './execution/gate-options.js';
export { ToolGate } from './execution/tool-gate.js';
export {
  compileCommandPattern,
  judgeCommand,
  REFUSED_COMMAND_CHARACTERS,
  type CommandPattern,
  type Judgement,
} from './permission/command-pattern.js';
export { compilePathPattern, matchPath, type PathPattern } from './permission/path-pattern.js';
export type {
  ApprovalRequest,
  Approver,
  PathPermit,
  PendingApproval,
  PermissionConfig,
  PermissionDecision,
} from './permission/permission-config.js';
export { PermissionChecker } from './permission/permission-checker.js';
export type { Approval, ApprovalStore, DurableApprovalOptions } from './permission/durable-approval.js';
export { parsePermissionRule, type PermissionRule, type RuleList } from './permission/permission-rule.js';
export { limitOutput } from './policy/output-limit.js';
export { checkSafety, isOffered, safetyPolicy } from './policy/safety-policy.js';
export type { PolicyDecision, ToolPolicy } from './policy/tool-policy.js';
export { normalizeToolName, ToolRegistry } from './registry/tool-registry.js';
export { checkInputLimits, MAX_ARGUMENT_BYTES, MAX_ARGUMENT_DEPTH, measureDepth } from './validation/input-limits.js';
export { SchemaValidationMode } from './validation/schema-validation-mode.js';
export { compileTolerantValidator, type TolerantValidator } from './validation/tolerant-validator.js';
export { fromAnthropicToolUse, toAnthropicTool, toAnthropicToolResult } from './providers/anthropic.js';
export { fromOpenAIChatToolCall, toOpenAIChatTool, toOpenAIChatToolMessage } from './providers/openai-chat.js';
export {
  fromOpenAIResponsesFunctionCall,
  toOpenAIResponsesFunctionOutput,
  toOpenAIResponsesTool,
} from './providers/openai-responses.js';
export { OPENAI_ERROR_PREFIX, toOpenAIResultText } from './providers/openai-result-text.js';
export { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS } from './providers/openai-strict-keywords.js';
export { toOpenAIStrictSchema } from './providers/openai-strict-schema.js';
export type {
  AnthropicToolDefinition,
  AnthropicToolResultBlock,
  AnthropicToolUseBlock,
  OpenAIChatTool,
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
  OpenAIResponsesFunctionCall,
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesTool,
  OpenAIToolOptions,
} from './providers/provider-types.js';
