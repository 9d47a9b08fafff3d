import { ToolResult, type JsonObject, type Tool, type ToolLogger, type ToolUse } from '@toolwright/core';
import type { PathPermit, PermissionDecision } from '../permission/permission-config.js';
import type { ToolEntry } from '../registry/tool-entry.js';
import { normalizeToolName } from '../registry/tool-registry.js';
import { SchemaValidationMode } from '../validation/schema-validation-mode.js';
import { emitAudit, type AuditEvent } from '../execution/audit-event.js';
import { CallContext } from '../execution/call-context.js';
import { callClock } from '../execution/call-clock.js';
import type { CallOutcome } from '../execution/call-outcome.js';
import { createCallProgress, type CallProgress } from '../execution/call-progress.js';
import type { CallOptions } from '../execution/gate-options.js';
import type { GateSetup } from '../execution/gate-setup.js';
import { timeoutFor } from '../execution/gate-timeouts.js';
import { LazyAbort } from '../execution/lazy-abort.js';
import type { CallSpan } from '../execution/tool-tracing.js';

/** An audit event while it is being built: a stage fills in its fields, the gate the arguments. */
export type AuditRecord = { -readonly [Key in keyof AuditEvent]: AuditEvent[Key] };

/** The permission stage's verdict, with the path permit of an allowed call that touches paths. */
export type PermissionVerdict = PermissionDecision & { readonly permit?: PathPermit };

/**
 * One call on its way through the gate's stages: what the stages found so far (the tool, the
 * permission verdict, the result, the outcome) and where its audit events go. One object per call;
 * the stages are shared functions that read and fill it. It is also the call's abort state (a
 * {@link LazyAbort}: the signal its context hands out, made only when read), so that takes no object
 * of its own.
 */
export class GateCall extends LazyAbort {
  readonly name: string;
  readonly context: CallContext;
  readonly progress: CallProgress;
  /** True when an audit listener or a span takes this call's events; without one, none is built. */
  readonly listening: boolean;
  /** The called tool's registry entry, and the tool, once the lookup found them. */
  entry: ToolEntry | undefined;
  tool: Tool | undefined;
  decision: PermissionVerdict | undefined;
  result: ToolResult | undefined;
  /**
   * The text of the successful result the tool answered with, when it answered with text alone:
   * the result is built from it once, at the output limit, with the call's duration (or earlier,
   * by {@link buildResult}, for a policy that reads it).
   */
  text: string | undefined;
  /** The input an approver approved instead of the call's own (SPEC RU-4): the gate runs that call in this one's place. */
  edited: JsonObject | undefined;
  /** How the call ended: set by the stage that refused it, or by the execution (SPEC ST-1). */
  outcome: CallOutcome | undefined;

  /**
   * A call that `judging` runs only up to its permission verdict: it records nothing (no audit
   * event, no span, no progress), and its options are the judge's own.
   */
  constructor(
    readonly setup: GateSetup,
    readonly use: ToolUse,
    readonly options: CallOptions,
    readonly started: number,
    readonly span: CallSpan | undefined,
    judging = false,
  ) {
    super(options.signal);
    this.name = normalizeToolName(use.name);
    this.listening = !judging && (setup.onAudit !== undefined || span !== undefined);
    this.progress = createCallProgress(options.onProgress);
    this.context = new CallContext(
      setup.cwd(options),
      options.logger ?? setup.logger,
      setup.runOptions(options),
      this.progress.report,
      this,
    );
  }

  /** The gate-level limit of this call (SPEC PO-4). */
  get timeoutMs(): number {
    return timeoutFor(this.setup.options, this.tool!);
  }

  /** The host's signal of this call. */
  get cancel(): AbortSignal | undefined {
    return this.options.signal;
  }

  /** For the validation stage: violations refuse the call (ENFORCE) or are logged (WARN). */
  get enforce(): boolean {
    return this.setup.mode === SchemaValidationMode.ENFORCE;
  }

  /** Audit events and logs may quote argument values. */
  get auditArguments(): boolean {
    return this.setup.auditArguments;
  }

  /** Where the gate logs about this call. */
  get logger(): ToolLogger {
    return this.context.logger;
  }

  /** Records one decision: to the host's audit listener and the call's span. Built only when someone listens. */
  event(fields: Omit<AuditEvent, 'callId' | 'tool' | 'durationMs' | 'input'>): void {
    if (!this.listening) return;
    this.record({ callId: this.use.id, tool: this.name, durationMs: this.elapsed(), ...fields });
  }

  /**
   * {@link event} for a stage that builds the whole event itself (callId, tool, durationMs, then its
   * fields: one literal, without copying fields from another object, on the calls every audited
   * call makes). The arguments are added when the host asks for them.
   */
  record(event: AuditRecord): void {
    if (this.setup.auditArguments) event.input = this.use.input.toJSON() as JsonObject;
    emitAudit(event, this.span, this.setup.onAudit);
  }

  /** Ends the call with `outcome`: what its span reports, and what `judge` reads. */
  end(outcome: CallOutcome): void {
    this.outcome = outcome;
    this.span?.ended(outcome);
  }

  /** Milliseconds since the gate received the call. */
  elapsed(): number {
    return callClock() - this.started;
  }

  /** Builds the result from the tool's text, for a stage that reads it before the output limit. */
  buildResult(): void {
    if (this.text === undefined) return;
    this.result = ToolResult.ok(this.text);
    this.text = undefined;
  }
}
