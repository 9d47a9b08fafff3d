import { ToolResult } from '@toolwright/core';
import { describeInputErrorWithoutArguments } from '@toolwright/core/internal';
import { refusedOutcome } from '../execution/call-outcome.js';
import type { GateStage } from './stage.js';

/** Argument errors: arguments that were not a JSON object. */
export const argumentErrors: GateStage = {
  name: 'arguments',
  run(call) {
    const { inputError } = call.use;
    if (inputError === undefined) return undefined;
    // What the audit trail says quotes the arguments only when the host asks for them.
    const reason = (call.auditArguments ? inputError : describeInputErrorWithoutArguments(call.use)) ?? inputError;
    const outcome = refusedOutcome('arguments', reason);
    call.end(outcome);
    call.event({ stage: 'arguments', decision: 'deny', reason, outcome });
    return ToolResult.error(inputError);
  },
};
