import { ToolwrightError, type RunOptions, type ToolLogger } from '@toolwright/core';
import { DEFAULT_RUN_OPTIONS, SILENT_LOGGER } from '@toolwright/core/internal';
import { DurableApprovals } from '../permission/durable-approval.js';
import { PermissionChecker } from '../permission/permission-checker.js';
import { safetyPolicy } from '../policy/safety-policy.js';
import type { ToolPolicy } from '../policy/tool-policy.js';
import { ToolRegistry } from '../registry/tool-registry.js';
import { SchemaValidationMode } from '../validation/schema-validation-mode.js';
import type { AuditListener } from './audit-event.js';
import type { CallOptions, ToolGateOptions } from './gate-options.js';
import { checkTimeouts } from './gate-timeouts.js';

/** The process the gate runs in, looked up once (the global is an accessor, read on every call otherwise). */
const host = process;

/**
 * A gate's configuration, checked and prepared once at construction: the registry, the permission
 * rules compiled per tool, the policies in order, the validation mode. The stages read it.
 */
export class GateSetup {
  readonly registry: ToolRegistry;
  readonly options: ToolGateOptions;
  readonly permissions: PermissionChecker | undefined;
  readonly policies: readonly ToolPolicy[];
  readonly mode: SchemaValidationMode;
  readonly logger: ToolLogger;
  readonly approvals: DurableApprovals | undefined;
  readonly onAudit: AuditListener | undefined;
  readonly auditArguments: boolean;
  #runOptions: RunOptions | undefined;

  /** Throws for a configuration that cannot be used (bad permission rules, duplicate tools, bad limits). */
  constructor(options: ToolGateOptions) {
    this.registry = options.tools instanceof ToolRegistry ? options.tools : new ToolRegistry(options.tools);
    this.options = options;
    this.permissions =
      options.permissions === undefined
        ? undefined
        : PermissionChecker.create(options.permissions, this.registry.all());
    this.policies = Object.freeze([safetyPolicy, ...(options.policies ?? [])]);
    this.mode = options.schemaValidation ?? SchemaValidationMode.WARN;
    if (!Object.values(SchemaValidationMode).includes(this.mode)) {
      throw new ToolwrightError(
        'INVALID_OPTIONS',
        `schemaValidation must be OFF, WARN or ENFORCE, not ${String(this.mode)}.`,
      );
    }
    this.logger = options.logger ?? SILENT_LOGGER;
    this.approvals = options.approvals === undefined ? undefined : new DurableApprovals(options.approvals);
    this.onAudit = options.onAudit;
    this.auditArguments = options.auditArguments === true;
    checkTimeouts(options);
  }

  /** The run options of a call: the defaults, the gate's, then the call's own; frozen, and shared when the call brings none. */
  runOptions(call: CallOptions): RunOptions {
    if (call.runOptions === undefined) {
      return (this.#runOptions ??= Object.freeze({ ...DEFAULT_RUN_OPTIONS, ...this.options.runOptions }));
    }
    return Object.freeze({ ...DEFAULT_RUN_OPTIONS, ...this.options.runOptions, ...call.runOptions });
  }

  /** The working directory of a call. */
  cwd(call: CallOptions): string {
    return call.cwd ?? this.options.cwd ?? host.cwd();
  }
}
