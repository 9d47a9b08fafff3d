import { ToolResult } from '@toolwright/core';
import { suggestName } from '@toolwright/core/internal';
import { refusedOutcome } from '../execution/call-outcome.js';
import type { GateStage } from './stage.js';

/** Lookup: the called tool's registry entry; an unknown tool gets a did-you-mean among the offered tools. */
export const lookup: GateStage = {
  name: 'lookup',
  run(call) {
    const entry = call.setup.registry.entry(call.use.name);
    if (entry !== undefined) {
      call.entry = entry;
      call.tool = entry.tool;
      return undefined;
    }
    const available = call.setup.registry.offered(call.context.options).map((offered) => offered.name);
    const guess = suggestName(call.name, available);
    const reason = `Unknown tool '${call.name}'.${guess === undefined ? '' : ` Did you mean '${guess}'?`} Available tools: ${available.length === 0 ? '(none)' : available.join(', ')}.`;
    const outcome = refusedOutcome('lookup', reason);
    call.end(outcome);
    call.event({ stage: 'lookup', decision: 'deny', reason, outcome });
    return ToolResult.error(reason);
  },
};
