import { outcomeDecision } from '../execution/call-outcome.js';
import { sandboxRefusalsOf } from '../execution/audit-event.js';
import type { GateStage } from './stage.js';

/** Audit: the execution's outcome (SPEC PO-5), read from the call's outcome as its span reads it. */
export const audit: GateStage = {
  name: 'audit',
  run(call) {
    if (!call.listening) return undefined;
    const outcome = call.outcome!;
    const decision = outcomeDecision(outcome);
    call.record({
      callId: call.use.id,
      tool: call.name,
      durationMs: call.elapsed(),
      stage: 'execution',
      decision,
      outcome,
    });
    // One more event when the command's sandbox refused something (SPEC SB-5): what, in its words.
    const refusals = sandboxRefusalsOf(call.result!);
    if (refusals !== undefined)
      call.record({
        callId: call.use.id,
        tool: call.name,
        durationMs: call.elapsed(),
        stage: 'sandbox',
        decision: 'deny',
        reason: refusals.join('; '),
      });
    return undefined;
  },
};
