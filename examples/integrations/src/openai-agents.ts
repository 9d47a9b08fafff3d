// The gate's tools inside the OpenAI Agents SDK, offline: the SDK's own ScriptedModel makes a typo,
// reads the gate's sentence, corrects itself, then unlocks a door, which waits for a person's approval.
import { Agent, run, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { toAgentsTools } from '@toolwright/integrations/openai-agents';
import { homeGate } from './home-tools.js';

setTracingDisabled(true); // no API key, no network

const { gate, door } = homeGate();
const tools = toAgentsTools(gate, { runOptions: { allowWrite: true } });
for (const agentsTool of tools) console.log(`tool ${agentsTool.name} (strict: ${agentsTool.strict})`);

const model = new ScriptedModel([
  [functionCall('set_light', { room: 'kitchen', stat: 'on' }, { callId: 'call_1' })],
  [functionCall('set_light', { room: 'kitchen', state: 'on' }, { callId: 'call_2' })],
  [functionCall('unlock_door', { door: 'front' }, { callId: 'call_3' })],
  [assistantMessage('The light is on and the front door is open.')],
]);
const agent = new Agent({ name: 'Home assistant', instructions: 'Help with the house.', model, tools });

/** Prints the calls and function outputs not printed yet: a resumed run's items repeat the earlier ones, its output in place of the approval item. */
let printed = 0;
function printItems(items: Awaited<ReturnType<typeof run>>['newItems']): void {
  for (const item of items.slice(printed)) {
    if (item.type === 'tool_call_item' && item.rawItem.type === 'function_call') {
      console.log(`model calls ${item.rawItem.name}(${item.rawItem.arguments})`);
    } else if (item.type === 'tool_call_output_item') {
      console.log(`  output: ${String(item.output)}`);
    }
  }
  const waiting = items.findIndex((item) => item.type === 'tool_approval_item');
  printed = waiting === -1 ? items.length : waiting;
}

let result = await run(agent, 'Turn on the kitchen light, then let the guests in.');
printItems(result.newItems);

// The `ask` rule on unlock_door: the run stops with an interruption; a person says yes.
while (result.interruptions.length > 0) {
  for (const item of result.interruptions) {
    console.log(`approval requested: ${item.name}(${item.arguments}) → approved`);
    result.state.approve(item);
  }
  result = await run(agent, result.state);
  printItems(result.newItems);
}
console.log(`model: ${String(result.finalOutput)}`);
console.log(`doors unlocked: ${door.unlocked.join(', ')}`);
