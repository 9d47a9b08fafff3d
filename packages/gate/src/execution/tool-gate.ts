import {
  DEFAULT_RUN_OPTIONS,
  describeInputErrorWithoutArguments,
  SILENT_LOGGER,
  suggestName,
  ToolResult,
  ToolwrightError,
  type RunOptions,
  type Tool,
  type ToolContext,
  type ToolLogger,
  type ToolUse,
} from '@toolwright/core';
import { PermissionChecker } from '../permission/permission-checker.js';
import {
  chooseApprover,
  DurableApprovals,
  grantEvent,
  heldReason,
  NO_APPROVALS,
  type Approval,
  type PendingApproval,
} from '../permission/durable-approval.js';
import type { PathPermit, PermissionDecision } from '../permission/permission-config.js';
import { confineToWorkingDirectory } from '../permission/working-directory-confinement.js';
import { finishResult } from '../policy/output-limit.js';
import { safetyPolicy } from '../policy/safety-policy.js';
import type { ToolPolicy } from '../policy/tool-policy.js';
import { ToolRegistry, normalizeToolName } from '../registry/tool-registry.js';
import { checkInputLimits } from '../validation/input-limits.js';
import { SchemaValidationMode } from '../validation/schema-validation-mode.js';
import { executionOutcome, type AuditEvent } from './audit-event.js';
import { claimOf, planBatch, runPlanned } from './batch-schedule.js';
import { createCallProgress, SILENT_PROGRESS, type CallProgress } from './call-progress.js';
import type { CallOptions, ToolGateOptions } from './gate-options.js';
import { checkTimeouts, timeoutFor } from './gate-timeouts.js';
import { invokeTool } from './invoke-tool.js';
import { validateArguments, withViolations } from './validation-stage.js';
import { asToolUse, isToolUse } from './is-tool-use.js';
import { LazyAbort } from './lazy-abort.js';
import { CallSpan } from './tool-tracing.js';

/**
 * The one path every model tool call takes (SPEC §2): registry lookup → argument limits →
 * policies → permission (or, without rules, the working-directory confinement) → schema validation → execution under a gate-level timeout → policies' `after`
 * → output limit → audit → result. `execute` never rejects, whatever the model sent.
 */
export class ToolGate {
  readonly registry: ToolRegistry;
  readonly #options: ToolGateOptions;
  readonly #permissions: PermissionChecker | undefined;
  readonly #policies: readonly ToolPolicy[];
  readonly #mode: SchemaValidationMode;
  readonly #logger: ToolLogger;
  readonly #approvals: DurableApprovals | undefined;

  /** Sets up a gate. Throws for a configuration that cannot be used (bad permission rules, duplicate tools). */
  constructor(options: ToolGateOptions) {
    this.registry = options.tools instanceof ToolRegistry ? options.tools : new ToolRegistry(options.tools);
    this.#options = options;
    this.#permissions =
      options.permissions === undefined
        ? undefined
        : PermissionChecker.create(options.permissions, this.registry.all());
    this.#policies = [safetyPolicy, ...(options.policies ?? [])];
    this.#mode = options.schemaValidation ?? SchemaValidationMode.WARN;
    if (!Object.values(SchemaValidationMode).includes(this.#mode)) {
      throw new ToolwrightError(
        'INVALID_OPTIONS',
        `schemaValidation must be OFF, WARN or ENFORCE, not ${String(this.#mode)}.`,
      );
    }
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.#approvals = options.approvals === undefined ? undefined : new DurableApprovals(options.approvals);
    checkTimeouts(options);
  }

  /** The tools to offer the model under the run options (SPEC PO-2). */
  offeredTools(runOptions?: Partial<RunOptions>): Tool[] {
    return this.registry.offered(this.#runOptions({ runOptions }));
  }

  /** Runs one call. Never rejects. */
  async execute(toolUse: ToolUse, call: CallOptions = {}): Promise<ToolResult> {
    const started = performance.now();
    const use = asToolUse(toolUse);
    const tracer = this.#options.tracer;
    if (tracer === undefined) return this.#settle(use, call, started);
    const tool = this.registry.resolve(use.name);
    return CallSpan.trace(tracer, tool, use, (span) => this.#settle(use, call, started, span));
  }

  async #settle(use: ToolUse, call: CallOptions, started: number, span?: CallSpan): Promise<ToolResult> {
    try {
      return await this.#run(use, call, started, span);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#audit(
        {
          callId: use.id,
          tool: use.name,
          stage: 'execution',
          decision: 'error',
          reason: `gate failure: ${reason}`,
          durationMs: performance.now() - started,
        },
        span,
      );
      return finishResult(
        ToolResult.error(`The tool call could not be processed: ${reason}`),
        this.#outputLimit(call),
        performance.now() - started,
      );
    }
  }

  /**
   * The permission verdict for a call, without running it: `deny` when lookup, the argument limits,
   * a policy or the permission rules refuse it; `ask` when an ask rule would put it to an approver;
   * else `allow`. Nobody is asked, nothing runs, no audit event is emitted. For frameworks with an
   * approval flow of their own (the AI SDK's `needsApproval`): they ask the user, then run the
   * call with a per-call `approver`. Never rejects (a failure reads as `deny`).
   */
  async judge(toolUse: ToolUse, call: CallOptions = {}): Promise<'allow' | 'ask' | 'deny'> {
    try {
      const use = asToolUse(toolUse);
      const tool = this.registry.resolve(use.name);
      if (tool === undefined || use.inputError !== undefined) return 'deny';
      if (checkInputLimits(use.input.toJSON()) !== undefined) return 'deny';
      const context = this.#context(call, new LazyAbort(call.signal));
      for (const policy of this.#policies) {
        const decision = (await policy.before?.(tool, use.input, context)) ?? { allowed: true };
        if (!decision.allowed) return 'deny';
      }
      let asked = false;
      const decision = await this.#decidePermission(tool, use, context.cwd, {
        ...call,
        approver: () => {
          asked = true;
          return false;
        },
      });
      if (asked) return 'ask';
      return decision === undefined || decision.allowed ? 'allow' : 'deny';
    } catch {
      return 'deny';
    }
  }

  /** Runs the calls of one model turn: concurrency-safe calls in parallel, exclusive ones alone, results in call order (SPEC PO-6). */
  async executeBatch(toolUses: readonly ToolUse[], call: CallOptions = {}): Promise<ToolResult[]> {
    const cwd = call.cwd ?? this.#options.cwd ?? process.cwd();
    const claims = toolUses.map((toolUse) =>
      claimOf(isToolUse(toolUse) ? this.registry.resolve(toolUse.name) : undefined, toolUse, cwd),
    );
    return runPlanned(
      toolUses.map((toolUse) => () => this.execute(toolUse, call)),
      planBatch(claims),
    );
  }

  async #run(toolUse: ToolUse, call: CallOptions, started: number, span?: CallSpan): Promise<ToolResult> {
    const name = normalizeToolName(toolUse.name);
    const event = (fields: Omit<AuditEvent, 'callId' | 'tool' | 'durationMs'>): void =>
      this.#audit(
        {
          callId: toolUse.id,
          tool: name,
          durationMs: performance.now() - started,
          ...fields,
          ...(this.#options.auditArguments === true ? { input: toolUse.input.toJSON() } : {}),
        },
        span,
      );
    const abort = new LazyAbort(call.signal);
    const progress = createCallProgress(call.onProgress);
    const context = this.#context(call, abort, progress);
    // Every return path goes through here: one output limit for refusals and results alike (SPEC PO-3).
    const finish = (result: ToolResult): ToolResult =>
      finishResult(result, context.options.maxToolOutputChars, performance.now() - started);

    const tool = this.registry.resolve(toolUse.name);
    if (tool === undefined) {
      const available = this.registry.offered(context.options).map((offered) => offered.name);
      const guess = suggestName(name, available);
      const reason = `Unknown tool '${name}'.${guess === undefined ? '' : ` Did you mean '${guess}'?`} Available tools: ${available.length === 0 ? '(none)' : available.join(', ')}.`;
      event({ stage: 'lookup', decision: 'deny', reason });
      return finish(ToolResult.error(reason));
    }
    if (toolUse.inputError !== undefined) {
      const reason =
        this.#options.auditArguments === true ? toolUse.inputError : describeInputErrorWithoutArguments(toolUse);
      event({ stage: 'arguments', decision: 'deny', reason: reason ?? toolUse.inputError });
      return finish(ToolResult.error(toolUse.inputError));
    }
    // Bounded before expensive (SPEC PA-4): the size and depth caps run before any stage that reads the arguments.
    const limitProblem = checkInputLimits(toolUse.input.toJSON());
    if (limitProblem !== undefined) {
      event({ stage: 'limits', decision: 'deny', reason: limitProblem });
      return finish(ToolResult.error(limitProblem));
    }
    for (const policy of this.#policies) {
      const decision = (await policy.before?.(tool, toolUse.input, context)) ?? { allowed: true };
      if (!decision.allowed) {
        const reason = decision.reason ?? `The ${policy.name} policy refused the call.`;
        event({ stage: 'policy', decision: 'deny', rule: policy.name, reason });
        return finish(ToolResult.error(reason, { metadata: { policyDenied: true } }));
      }
    }
    const decision = await this.#decidePermission(tool, toolUse, context.cwd, call);
    if (decision !== undefined) {
      const audit = {
        stage: 'permission',
        ...(decision.rule === undefined ? {} : { rule: decision.rule }),
        ...(decision.subject === undefined ? {} : { subject: decision.subject }),
        reason: decision.reason,
      } as const;
      event({ ...audit, decision: decision.allowed ? 'allow' : decision.pending === undefined ? 'deny' : 'pending' });
      if (decision.pending !== undefined)
        return finish(
          ToolResult.error(decision.reason, { metadata: { policyDenied: true, pendingApproval: decision.pending } }),
        );
      if (!decision.allowed) {
        const reason =
          decision.subjectMissing === true ? withViolations(tool, toolUse, decision.reason) : decision.reason;
        return finish(ToolResult.error(reason, { metadata: { policyDenied: true } }));
      }
    }
    if (this.#mode !== SchemaValidationMode.OFF) {
      const refused = validateArguments(tool, toolUse, {
        enforce: this.#mode === SchemaValidationMode.ENFORCE,
        auditArguments: this.#options.auditArguments === true,
        logger: context.logger,
        event,
      });
      if (refused !== undefined) return finish(refused);
    }
    const toolContext =
      decision?.permit === undefined ? context : this.#context(call, abort, progress, decision.permit);
    const timeoutMs = timeoutFor(this.#options, tool);
    let result = await invokeTool(tool, toolUse.input, toolContext, {
      timeoutMs,
      abort: (reason) => abort.abort(reason),
      ...(call.signal === undefined ? {} : { cancel: call.signal }),
    });
    progress.finish();
    for (const policy of this.#policies) {
      if (policy.after !== undefined) result = await policy.after(tool, toolUse.input, result, toolContext);
    }
    event({ stage: 'execution', decision: executionOutcome(result) });
    return finish(result);
  }

  /**
   * The permission stage: the configured rules, or without them the working-directory confinement
   * of tools with a PATH subject. `undefined` when nothing judges this call. An allowed call carries
   * the permit its tool applies to every further path it touches (SPEC PA-2, PA-3).
   */
  async #decidePermission(
    tool: Tool,
    toolUse: ToolUse,
    cwd: string,
    call: CallOptions,
  ): Promise<(PermissionDecision & { readonly permit?: PathPermit }) | undefined> {
    if (this.#permissions === undefined) return confineToWorkingDirectory(tool, toolUse.input, cwd);
    let pending: PendingApproval | undefined;
    const approver = chooseApprover(call, this.#options.approver, this.#approvals, (held) => (pending = held));
    const decision = await this.#permissions.check(tool, toolUse.input, cwd, approver);
    if (pending !== undefined) return { ...decision, pending, reason: heldReason(tool.name, pending.rule) };
    // Only a tool that takes a path touches further paths; the others need no permit (and cost none).
    if (!decision.allowed || decision.subject?.kind !== 'PATH') return decision;
    return { ...decision, permit: this.#permissions.permitFor(tool, decision) };
  }

  /**
   * Grants a call held for approval (SPEC IN-4): the returned approval runs exactly that call, once,
   * through `execute(toolUse, { approval })` on any gate with the same approval secret. Throws
   * when this gate has no `approvals` option.
   */
  approve(pending: PendingApproval): Approval {
    if (this.#approvals === undefined) throw new ToolwrightError('INVALID_OPTIONS', NO_APPROVALS);
    const approval = this.#approvals.approve(pending);
    this.#audit({ ...grantEvent(pending), durationMs: 0 });
    return approval;
  }

  /**
   * The call's context; its signal is made only if the tool asks for it (see {@link LazyAbort}),
   * its logger is the call's own if it brings one, and its progress reports go through `progress`.
   */
  #context(
    call: CallOptions,
    abort: LazyAbort,
    progress: CallProgress = SILENT_PROGRESS,
    permits?: PathPermit,
  ): ToolContext {
    const context = {
      cwd: call.cwd ?? this.#options.cwd ?? process.cwd(),
      logger: call.logger ?? this.#logger,
      options: this.#runOptions(call),
      progress: progress.report,
      ...(permits === undefined ? {} : { permits }),
    };
    Object.defineProperty(context, 'signal', { get: () => abort.signal, enumerable: true });
    return Object.freeze(context) as ToolContext;
  }

  /** The output limit of a call; the default one when the call's own options cannot be read. */
  #outputLimit(call: CallOptions): number {
    try {
      return this.#runOptions(call).maxToolOutputChars;
    } catch {
      return DEFAULT_RUN_OPTIONS.maxToolOutputChars;
    }
  }

  #runOptions(call: CallOptions): RunOptions {
    return Object.freeze({ ...DEFAULT_RUN_OPTIONS, ...this.#options.runOptions, ...call.runOptions });
  }

  #audit(event: AuditEvent, span?: CallSpan): void {
    span?.record(event);
    try {
      this.#options.onAudit?.(event);
    } catch {
      // A listener's failure must not change the call's outcome.
    }
  }
}
