import { ToolwrightError } from '@toolwright/core';
import type { ToolGate } from '@toolwright/gate';
import type { AgentsToolsOptions } from './agents-tools-options.js';
import { UserApprovals } from '../shared/user-approvals.js';
import { toAgentsTool, type GateAgentsTool } from './to-agents-tool.js';

/**
 * The tools a gate offers, as OpenAI Agents SDK function tools (pass them to `new Agent({ tools })`).
 * Each keeps its name, description and JSON Schema — strict where the schema has a faithful
 * strict form (see {@link AgentsToolsOptions.strict}) — and its `execute` goes through
 * `gate.execute` with the SDK's call id and the run's abort signal, so permissions, validation,
 * policies, timeouts, the output limit and the audit apply to every call. The input reaches the
 * gate as the model sent it (the SDK does not validate a JSON Schema tool's arguments), so the
 * model reads the gate's sentences, `Unknown parameter 'stat'. Did you mean 'state'? The tool was
 * not executed.` An error result is returned as the tool's output text, `Error: ` first (as the
 * gate's OpenAI adapters write it), never thrown. With `askVia: 'openai-agents'` (the default),
 * calls an `ask` rule matches need the SDK's approval (`needsApproval`): the run stops with an
 * interruption; an approved call runs through the gate once, a rejected one never reaches it.
 * Throws when two offered tools would get the same SDK name (the SDK turns characters other
 * than letters and digits into `_`).
 */
export function toAgentsTools(gate: ToolGate, options: AgentsToolsOptions = {}): GateAgentsTool[] {
  const approvals = UserApprovals.of(gate);
  const tools: GateAgentsTool[] = [];
  const gateNames = new Map<string, string>();
  for (const offered of gate.offeredTools(options.runOptions)) {
    const agentsTool = toAgentsTool(gate, offered, options, approvals);
    const clash = gateNames.get(agentsTool.name);
    if (clash !== undefined) {
      throw new ToolwrightError(
        'INVALID_TOOL_DEFINITION',
        `The tools '${clash}' and '${offered.name}' would both be called '${agentsTool.name}' in the OpenAI Agents SDK, which allows only letters, digits and '_' in a tool name; rename one of them.`,
      );
    }
    gateNames.set(agentsTool.name, offered.name);
    tools.push(agentsTool);
  }
  return tools;
}
