import type { RunOptions, Tool, ToolLogger, ToolProgress } from '@toolwright/core';
import type { Approval, DurableApprovalOptions } from '../permission/durable-approval.js';
import type { AddedRule, Approver, PermissionConfig } from '../permission/permission-config.js';
import type { ToolPolicy } from '../policy/tool-policy.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { SchemaValidationMode } from '../validation/schema-validation-mode.js';
import type { AuditListener } from './audit-event.js';
import type { GateTracer } from './tool-tracing.js';

/** The gate-level limit of one call when none is set: Bash's own maximum (10 minutes) plus a minute. */
export const DEFAULT_GATE_TIMEOUT_MS = 660_000;

/** How a {@link ToolGate} is set up. */
export interface ToolGateOptions {
  /** The tools it can run. */
  readonly tools: Iterable<Tool> | ToolRegistry;
  /**
   * Permission lists (SPEC PM-*). With them, anything not allowed is denied. Without them, tools
   * with a PATH subject are confined to the working directory (real path checked, every file they
   * touch too); other tools pass this stage (the safety policy still applies).
   */
  readonly permissions?: PermissionConfig;
  /** Answers `ask` rules; without one, `ask` denies (or, with `approvals`, holds the call). */
  readonly approver?: Approver;
  /**
   * Durable approvals (SPEC IN-4): an `ask` with no approver at hand returns a serialisable
   * pending result instead of a denial; `gate.approve(pending)` grants it and
   * `gate.execute(toolUse, { approval })` runs it, once, with exactly that input — in any process
   * whose gate has the same secret.
   */
  readonly approvals?: DurableApprovalOptions;
  /**
   * Receives each rule an approver's "always" added (SPEC RU-4), for a host that keeps it (writes
   * it to its settings) beyond the gate's lifetime. What it throws is logged and ignored.
   */
  readonly onRuleAdded?: (added: AddedRule) => void;
  /** What schema violations do (SPEC GV-4). Default `WARN`. */
  readonly schemaValidation?: SchemaValidationMode;
  /** Policies applied after the built-in safety policy, in order (SPEC PO-1). */
  readonly policies?: readonly ToolPolicy[];
  /** Run options for every call (SPEC PO-2, PO-3); a call may override them. */
  readonly runOptions?: Partial<RunOptions>;
  /** The gate-level limit of one call, in ms; the tool's cooperation is not needed (SPEC PO-4). */
  readonly timeoutMs?: number;
  /** Per-tool limits, by tool name, overriding `timeoutMs`. */
  readonly toolTimeoutsMs?: Readonly<Record<string, number>>;
  /** Receives one event per decision (SPEC PO-5). */
  readonly onAudit?: AuditListener;
  /** Include argument values in audit events. Default false. */
  readonly auditArguments?: boolean;
  /**
   * OpenTelemetry tracing (SPEC IN-5): one `execute_tool {tool}` span per call, following the
   * GenAI semantic conventions, with the gate's decisions as span events and an error status on a
   * refusal or failure. Pass `trace.getTracer('my-agent')` from `@opentelemetry/api`. Without a
   * tracer nothing is recorded and tracing costs nothing.
   */
  readonly tracer?: GateTracer;
  /** Where the gate and the tools log. Default: silent. */
  readonly logger?: ToolLogger;
  /** The working directory of calls that do not name one. Default: the process's. */
  readonly cwd?: string;
}

/** What one call may set for itself. */
export interface CallOptions {
  /** The working directory relative paths resolve against. */
  readonly cwd?: string;
  /** Cancels the call. */
  readonly signal?: AbortSignal;
  /** Run options for this call, over the gate's. */
  readonly runOptions?: Partial<RunOptions>;
  /**
   * Answers this call's `ask` rules instead of the gate's approver: for a host whose framework
   * asked the user already (the AI SDK's approval flow) and now runs the approved call.
   */
  readonly approver?: Approver;
  /** An approval from `gate.approve(pending)`: answers this call's ask rule if it was made for exactly this call. */
  readonly approval?: Approval;
  /**
   * Receives the tool's `context.progress(...)` reports while the call runs, checked: finite
   * numbers ≥ 0, growing `progress`, a string `message` of at most 1,000 characters, nothing after
   * the call has finished. What it throws is ignored. Without it, reports cost nothing.
   */
  readonly onProgress?: (update: ToolProgress) => void;
  /** Where this call's tool (and the gate, about this call) logs, instead of the gate's `logger`. */
  readonly logger?: ToolLogger;
}
