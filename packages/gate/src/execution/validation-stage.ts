import { GenericTool, ToolResult, type Tool, type ToolLogger, type ToolUse, type Violation } from '@toolwright/core';
import { formatViolations, violationWithoutValue } from '@toolwright/core/internal';
import type { ToolEntry } from '../registry/tool-entry.js';
import { validatorFor } from '../validation/validator-cache.js';
import type { AuditEvent } from './audit-event.js';

/** How the validation stage reports: the mode, whether logs may carry argument values, and where. */
export interface ValidationStage {
  /** ENFORCE: violations refuse the call; otherwise (WARN) they are logged and the call runs. */
  readonly enforce: boolean;
  /** Audit events and logs may quote argument values (enum violations echo one). */
  readonly auditArguments: boolean;
  readonly logger: ToolLogger;
  /** Whether anyone takes audit events (without, an ENFORCE refusal builds none). Default true. */
  readonly listening?: boolean;
  readonly event: (fields: Omit<AuditEvent, 'callId' | 'tool' | 'durationMs'>) => void;
}

/**
 * The schema-validation stage (SPEC GV-1..GV-5): the refusal in ENFORCE mode, else nothing. A
 * GenericTool's input is checked through core's own check of its binding schema when the gate's
 * validator passes nothing over, so the same check is not run again when the tool binds the input.
 */
export function validateArguments(entry: ToolEntry, toolUse: ToolUse, stage: ValidationStage): ToolResult | undefined {
  const { tool } = entry;
  let violations;
  try {
    const validator = entry.validator();
    violations =
      (validator.unchecked.length === 0 ? GenericTool.checkInput(tool, toolUse.input) : undefined) ??
      validator.validate(toolUse.input.toJSON());
  } catch (error) {
    const reason = `The arguments could not be checked (${error instanceof Error ? error.message : String(error)}). The tool was not executed.`;
    stage.event({ stage: 'validation', decision: 'deny', reason });
    return ToolResult.error(reason);
  }
  if (violations.length === 0) return undefined;
  if (stage.enforce) {
    if (stage.listening !== false)
      stage.event({ stage: 'validation', decision: 'deny', reason: logged(stage, violations).join('\n') });
    return ToolResult.error(formatViolations(violations), { metadata: { violations } });
  }
  const warned = logged(stage, violations);
  stage.logger.warn(`Schema violations in a call to ${tool.name} (WARN mode: the tool runs anyway)`, {
    tool: tool.name,
    violations: warned,
  });
  stage.event({ stage: 'validation', decision: 'warn', reason: warned.join('\n') });
  return undefined;
}

/** The violations as logs and audit events carry them: with argument values only when the host asks (enum violations echo one). */
function logged(stage: ValidationStage, violations: readonly Violation[]): string[] {
  return stage.auditArguments
    ? violations.map((violation) => violation.message)
    : violations.map(violationWithoutValue);
}

/**
 * A denial for a missing subject, followed by the schema's sentences when the arguments break it
 * (a mistyped `file_path` leaves the path empty: the model learns its mistake, not just "empty path").
 */
export function withViolations(tool: Tool, toolUse: ToolUse, reason: string): string {
  try {
    const violations = validatorFor(tool.inputSchema).validate(toolUse.input.toJSON());
    return violations.length === 0 ? reason : `${reason}\n${formatViolations(violations)}`;
  } catch {
    return reason;
  }
}
