// The gate's tools inside a LangChain agent (createAgent), offline: LangChain's own fake chat model
// makes a typo, reads the gate's sentence, corrects itself, then asks to unlock a door — an `ask`
// rule, so the graph pauses with an interrupt until a person approves and the run is resumed.
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { Command, MemorySaver } from '@langchain/langgraph';
import { toLangChainTools, type GateApprovalRequest } from '@toolwright/integrations/langchain';
import { createAgent } from 'langchain';
import { homeGate } from './home-tools.js';

const { gate, door } = homeGate();
const model = fakeModel()
  .respondWithTools([{ id: 'call-1', name: 'set_light', args: { room: 'kitchen', stat: 'on' } }])
  .respondWithTools([{ id: 'call-2', name: 'set_light', args: { room: 'kitchen', state: 'on' } }])
  .respondWithTools([{ id: 'call-3', name: 'unlock_door', args: { door: 'front' } }])
  .respond(new AIMessage('The kitchen light is on and the front door is unlocked.'));
const agent = createAgent({
  model,
  tools: toLangChainTools(gate, { runOptions: { allowWrite: true } }),
  checkpointer: new MemorySaver(), // interrupts need one
});
const config = { configurable: { thread_id: 'example' } };

let printed = 0;
function printNew(messages: BaseMessage[]): void {
  for (const message of messages.slice(printed)) {
    if (ToolMessage.isInstance(message)) {
      console.log(`  tool ${message.tool_call_id} [${message.status}]: ${message.text}`);
    } else if (AIMessage.isInstance(message) && (message.tool_calls?.length ?? 0) > 0) {
      for (const call of message.tool_calls ?? []) console.log(`model calls ${call.name} ${JSON.stringify(call.args)}`);
    } else {
      console.log(`${HumanMessage.isInstance(message) ? 'user' : 'model'}: ${message.text}`);
    }
  }
  printed = messages.length;
}

let result = await agent.invoke(
  { messages: [new HumanMessage('Turn on the kitchen light, then unlock the front door.')] },
  config,
);
printNew(result.messages);
while ((result.__interrupt__?.length ?? 0) > 0) {
  const request = result.__interrupt__?.[0]?.value as GateApprovalRequest;
  for (const action of request.actionRequests) {
    console.log(`  paused: ${action.name} ${JSON.stringify(action.args)} needs approval — the user approves`);
  }
  result = await agent.invoke(new Command({ resume: { decisions: [{ type: 'approve' }] } }), config);
  printNew(result.messages);
}
console.log(`unlocked: ${door.unlocked.join(', ')}`);
