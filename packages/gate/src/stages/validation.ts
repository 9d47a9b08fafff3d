import { GenericTool, ToolResult, type Tool, type ToolUse, type Violation } from '@toolwright/core';
import { formatViolations, violationWithoutValue } from '@toolwright/core/internal';
import { refusedOutcome } from '../execution/call-outcome.js';
import { validatorFor } from '../validation/validator-cache.js';
import { SchemaValidationMode } from '../validation/schema-validation-mode.js';
import type { GateCall } from './gate-call.js';
import type { GateStage } from './stage.js';

/** Schema validation (SPEC GV-1..GV-5): ENFORCE refuses, WARN logs, OFF skips. */
export const validation: GateStage = {
  name: 'validation',
  run: (call) => (call.setup.mode === SchemaValidationMode.OFF ? undefined : validateArguments(call)),
};

/**
 * The refusal in ENFORCE mode, else nothing. A GenericTool's input is checked through core's own
 * check of its binding schema when the gate's validator passes nothing over, so the same check is
 * not run again when the tool binds the input.
 */
function validateArguments(call: GateCall): ToolResult | undefined {
  const { tool } = call.entry!;
  let violations;
  try {
    const validator = call.entry!.validator();
    violations =
      (validator.unchecked.length === 0 ? GenericTool.checkInput(tool, call.use.input) : undefined) ??
      validator.validate(call.use.input.toJSON());
  } catch (error) {
    const reason = `The arguments could not be checked (${error instanceof Error ? error.message : String(error)}). The tool was not executed.`;
    const outcome = refusedOutcome('validation', reason);
    call.end(outcome);
    call.event({ stage: 'validation', decision: 'deny', reason, outcome });
    return ToolResult.error(reason);
  }
  if (violations.length === 0) return undefined;
  if (call.enforce) {
    const reason = logged(call, violations).join('\n');
    const outcome = refusedOutcome('validation', reason);
    call.end(outcome);
    call.event({ stage: 'validation', decision: 'deny', reason, outcome });
    return ToolResult.error(formatViolations(violations), { metadata: { violations } });
  }
  const warned = logged(call, violations);
  call.logger.warn(`Schema violations in a call to ${tool.name} (WARN mode: the tool runs anyway)`, {
    tool: tool.name,
    violations: warned,
  });
  call.event({ stage: 'validation', decision: 'warn', reason: warned.join('\n') });
  return undefined;
}

/** The violations as logs and audit events carry them: with argument values only when the host asks (enum violations echo one). */
function logged(call: GateCall, violations: readonly Violation[]): string[] {
  return call.auditArguments ? violations.map((violation) => violation.message) : violations.map(violationWithoutValue);
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
