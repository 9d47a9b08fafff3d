import { ToolResult, type Violation } from '@toolwright/core';
import { outputViolationSentence } from '@toolwright/core/internal';
import type { CallOutcome } from '../execution/call-outcome.js';
import type { GateCall } from './gate-call.js';
import type { GateStage } from './stage.js';

/** How an error result for a broken output contract begins; the violations follow as sentences. */
export const OUTPUT_BREACH = 'The tool returned a result that breaks its output schema:';

/** What the model reads after the violations: nothing of the result went on. */
const WITHHELD = 'The result was withheld.';

/**
 * The output check (SPEC CO-4): a tool that declares an `outputSchema` — a GenericTool's output
 * class, a hand-written one, an MCP server's or an AI SDK tool's alike — promises that every
 * successful result carries a structured payload of that shape. One that does not (a missing
 * payload, or one the schema refuses) is replaced by an error result saying so, its violations as
 * sentences about the output, with `outputViolations` in the metadata, and an audit event at the
 * `output` stage; nothing of the broken result is passed on. Error results are not checked (the
 * schema describes successes), and neither are the results of tools without an output schema.
 * The check does not depend on the schema validation mode: WARN tolerates a model's mistakes, not
 * a tool's broken promise. A schema the validator cannot compile fails closed.
 */
export const outputCheck: GateStage = {
  name: 'output check',
  run(call) {
    if (call.tool!.outputSchema === undefined || call.outcome?.kind !== 'ran') return undefined;
    call.buildResult();
    const violations = breaches(call, call.result!);
    if (violations !== undefined) withhold(call, violations);
    return undefined;
  },
};

/** The sentences of what is wrong with a successful result's payload, or undefined when nothing is. */
function breaches(call: GateCall, result: ToolResult): readonly string[] | readonly Violation[] | undefined {
  if (result.isError) return undefined;
  if (result.structured === undefined) return ['The result has no structured payload.'];
  let violations: Violation[];
  try {
    const validator = call.entry!.outputValidator();
    if (validator === undefined) return undefined;
    if (validator.unchecked.includes('the whole schema'))
      return ["The output could not be checked because this tool's output schema cannot be compiled."];
    violations = validator.validate(result.structured);
  } catch (error) {
    return [`The output could not be checked (${error instanceof Error ? error.message : String(error)}).`];
  }
  return violations.length === 0 ? undefined : violations;
}

/**
 * Replaces the result with the error that says what broke, ends the call as failed, and records
 * why. The sentences name fields and types, never a value the output holds (an enum violation's
 * value included): nothing of the withheld result reaches the model or the audit log.
 */
function withhold(call: GateCall, problems: readonly string[] | readonly Violation[]): void {
  const outputViolations = problems.map((problem) =>
    typeof problem === 'string'
      ? { path: '', message: problem }
      : { path: problem.path, message: outputViolationSentence(problem) },
  );
  const reason = `${OUTPUT_BREACH} ${outputViolations.map((violation) => violation.message).join(' ')}`;
  call.result = ToolResult.error(`${reason} ${WITHHELD}`, { metadata: { outputViolations } });
  const outcome: CallOutcome = { kind: 'failed', by: 'tool', reason };
  call.end(outcome);
  call.event({ stage: 'output', decision: 'error', reason, outcome });
}
