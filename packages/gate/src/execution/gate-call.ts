import { ToolResult, type JsonObject, type Tool, type ToolLogger, type ToolUse } from '@toolwright/core';
import type { PathPermit, PermissionDecision } from '../permission/permission-config.js';
import { finishResult, finishText } from '../policy/output-limit.js';
import type { ToolEntry } from '../registry/tool-entry.js';
import { normalizeToolName } from '../registry/tool-registry.js';
import { SchemaValidationMode } from '../validation/schema-validation-mode.js';
import type { AuditEvent } from './audit-event.js';
import { CallContext } from './call-context.js';
import { createCallProgress, type CallProgress } from './call-progress.js';
import type { CallOptions } from './gate-options.js';
import type { GateSetup } from './gate-setup.js';
import { timeoutFor } from './gate-timeouts.js';
import { LazyAbort } from './lazy-abort.js';
import type { CallSpan } from './tool-tracing.js';
import { callClock } from './call-clock.js';

/** An audit event while it is being built: a stage fills in its fields, the gate the arguments. */
export type AuditRecord = { -readonly [Key in keyof AuditEvent]: AuditEvent[Key] };

/** The permission stage's verdict, with the path permit of an allowed call that touches paths. */
export type PermissionVerdict = PermissionDecision & { readonly permit?: PathPermit };

/**
 * One call on its way through the gate's stages: what the stages found so far (the tool, the
 * permission verdict, the result) and where its audit events go. One object per call; the stages
 * are shared functions that read and fill it. It is also the call's abort state (a {@link LazyAbort}:
 * the signal its context hands out, made only when read), so that takes no object of its own.
 */
export class GateCall extends LazyAbort {
  readonly name: string;
  readonly context: CallContext;
  readonly progress: CallProgress;
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

  constructor(
    readonly setup: GateSetup,
    readonly use: ToolUse,
    readonly options: CallOptions,
    readonly started: number,
    readonly span: CallSpan | undefined,
  ) {
    super(options.signal);
    this.name = normalizeToolName(use.name);
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

  /** True when an audit listener or a span takes this call's events; without one, none is built. */
  get listening(): boolean {
    return this.setup.onAudit !== undefined || this.span !== undefined;
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
    this.span?.record(event);
    try {
      this.setup.onAudit?.(event);
    } catch {
      // A listener's failure must not change the call's outcome.
    }
  }

  /** Milliseconds since the gate received the call. */
  elapsed(): number {
    return callClock() - this.started;
  }

  /** The call's answer within the output limit, with how long it took (SPEC PO-3). */
  finish(result: ToolResult): ToolResult {
    return finishResult(result, this.context.options.maxToolOutputChars, callClock() - this.started);
  }

  /** {@link finish} for the successful result with this text and nothing else, built once. */
  finishText(text: string): ToolResult {
    this.text = undefined;
    return finishText(text, this.context.options.maxToolOutputChars, callClock() - this.started);
  }

  /** Builds the result from the tool's text, for a stage that reads it before the output limit. */
  buildResult(): void {
    if (this.text === undefined) return;
    this.result = ToolResult.ok(this.text);
    this.text = undefined;
  }
}
