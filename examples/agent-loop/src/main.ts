// The main job: an agent loop that replays a recorded model session through the gate and prints
// every call and result, as a provider would receive it.
import { fileURLToPath } from 'node:url';
import type { ToolResult, ToolUse } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import {
  fromAnthropicToolUse,
  type AnthropicToolUseBlock,
  fromOpenAIChatToolCall,
  toAnthropicToolResult,
  toOpenAIChatToolMessage,
} from '@toolwright/gate/providers';
import { SearchOrdersTool } from '@toolwright-examples/plugin-orders';
import { LocalShell } from '@toolwright/shell';
import { createBashTools } from '@toolwright/tools';
import { processesHolding } from './processes.js';
import { readTranscript, type RecordedTurn } from './transcript.js';

const token = String(Date.now() % 1_000_000).padStart(6, '0');
const shell = new LocalShell();
const bash = createBashTools(shell);
const gate = new ToolGate({
  tools: [new SearchOrdersTool(), ...bash.tools],
  permissions: {
    allow: ['search_orders', 'Bash(seq:*)', 'Bash(bash scripts/stubborn-server.sh:*)', 'Bash(touch:*)'],
  },
  schemaValidation: 'ENFORCE',
  runOptions: { allowBash: true },
  cwd: fileURLToPath(new URL('..', import.meta.url)),
});

console.log(
  `Offered to the model: ${gate
    .offeredTools()
    .map((tool) => tool.name)
    .join(', ')}`,
);
console.log(
  'Permissions: allow search_orders, Bash(seq:*), Bash(bash scripts/stubborn-server.sh:*), Bash(touch:*); everything else is denied.',
);
console.log(`Sandbox around Bash: ${shell.sandbox}`);

for (const [index, turn] of readTranscript(token).entries()) {
  console.log(`\n=== ${index + 1}. ${turn.scenario} (${turn.provider}) ===`);
  if (turn.scenario.includes('sandbox') && shell.sandbox === 'none') {
    // Unconfined, the command would really write there: it is not run.
    console.log('no sandbox on this machine (install bubblewrap to see this write refused): the call is not run');
    continue;
  }
  const calls = callsOf(turn);
  const results = await gate.executeBatch(calls);
  calls.forEach((call, position) => show(turn, call, results[position] as ToolResult));
  if (turn.scenario.includes('timeout')) {
    const left = processesHolding(`300.${token}`);
    console.log(
      `processes of this command still alive after the timeout: ${left.length}${left.length === 0 ? ' (child and grandchild were killed with the tree)' : ` (${left.join(', ')})`}`,
    );
  }
}
await bash.session?.dispose();

function callsOf(turn: RecordedTurn): ToolUse[] {
  if (turn.provider === 'anthropic')
    return turn.content.filter((block) => block.type === 'tool_use').map((block) => fromAnthropicToolUse(block));
  return turn.tool_calls.map((call) => fromOpenAIChatToolCall(call));
}

function show(turn: RecordedTurn, call: ToolUse, result: ToolResult): void {
  const sent =
    turn.provider === 'anthropic'
      ? JSON.stringify(
          turn.content.find(
            (block): block is AnthropicToolUseBlock => block.type === 'tool_use' && block.id === call.id,
          )?.input,
        )
      : turn.tool_calls.find((toolCall) => toolCall.id === call.id)?.function.arguments;
  console.log(`model sent   ${call.name} ${sent ?? ''}`);
  console.log(`tool input   ${JSON.stringify(call.input.toJSON())}`);
  const { durationMs: _durationMs, ...facts } = result.metadata;
  const content = abbreviate(result.content);
  console.log(`${result.isError ? 'error result' : 'result      '} ${indent(content)}`);
  console.log(`metadata     ${JSON.stringify(facts)}`);
  const wire =
    turn.provider === 'anthropic' ? toAnthropicToolResult(call.id, result) : toOpenAIChatToolMessage(call.id, result);
  console.log(`sent back    ${JSON.stringify(wire).slice(0, 160)}${JSON.stringify(wire).length > 160 ? '…' : ''}`);
}

/** Long output as its first and last lines, with what was left out in between. */
function abbreviate(text: string): string {
  const lines = text.split('\n');
  if (lines.length <= 12) return text;
  const hidden = lines.slice(4, -3);
  return [
    ...lines.slice(0, 4),
    `… ${hidden.length} more lines (${hidden.join('\n').length} characters) …`,
    ...lines.slice(-3),
  ].join('\n');
}

function indent(text: string): string {
  return text.replaceAll('\n', '\n             ');
}
