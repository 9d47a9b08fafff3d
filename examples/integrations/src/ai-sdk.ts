// The gate's tools inside the Vercel AI SDK, offline: a scripted mock model makes a typo, reads the
// gate's sentence, corrects itself, then asks to unlock a door, which waits for a person's approval.
import type { ToolResult } from '@toolwright/core';
import { toAiSdkTools } from '@toolwright/integrations/ai-sdk';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { homeGate } from './home-tools.js';

const { gate, door } = homeGate();
const tools = toAiSdkTools(gate, { runOptions: { allowWrite: true } });

const steps: unknown[][] = [
  [{ name: 'set_light', input: { room: 'kitchen', stat: 'on' } }],
  [{ name: 'set_light', input: { room: 'kitchen', state: 'on' } }],
  [{ name: 'unlock_door', input: { door: 'front' } }],
  [],
];
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
let step = 0;
const model = new MockLanguageModelV3({
  doGenerate: () => {
    const calls = (steps[step++] ?? []) as { name: string; input: unknown }[];
    const content = calls.map((call, index) => ({
      type: 'tool-call' as const,
      toolCallId: `call_${step}_${index}`,
      toolName: call.name,
      input: JSON.stringify(call.input),
    }));
    const done = content.length === 0;
    return Promise.resolve({
      content: done ? [{ type: 'text' as const, text: 'The light is on and the front door is open.' }] : content,
      finishReason: { unified: done ? ('stop' as const) : ('tool-calls' as const), raw: undefined },
      usage,
      warnings: [],
    });
  },
});

const messages: ModelMessage[] = [{ role: 'user', content: 'Turn on the kitchen light, then let the guests in.' }];
let result = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });
messages.push(...result.response.messages);
for (const { toolResults } of result.steps) {
  for (const { toolName, input, output } of toolResults) {
    const { isError, content } = output as ToolResult; // the gate's whole result
    console.log(`${toolName}(${JSON.stringify(input)}) → ${isError ? 'error' : 'ok'}: ${content}`);
  }
}

// The `ask` rule on unlock_door: the SDK stops with an approval request; a person says yes.
for (const part of result.content) {
  if (part.type !== 'tool-approval-request') continue;
  console.log(`approval requested: ${part.toolCall.toolName}(${JSON.stringify(part.toolCall.input)}) → approved`);
  messages.push({
    role: 'tool',
    content: [{ type: 'tool-approval-response', approvalId: part.approvalId, approved: true }],
  });
}
result = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });
// The approved call ran through the gate before the model's next step; its result is in the response.
for (const message of result.response.messages) {
  if (message.role !== 'tool') continue;
  for (const part of message.content)
    if (part.type === 'tool-result') console.log(`${part.toolName} → ${JSON.stringify(part.output)}`);
}
console.log(`model: ${result.text}`);
console.log(`doors unlocked: ${door.unlocked.join(', ')}`);
