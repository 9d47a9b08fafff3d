import type { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { setUp } from '../../test/light-gate.js';
import { createAgent } from '../../test/mastra/agent-run.js';
import { scriptedModel, toolResultsSeen } from '../../test/mastra/scripted-model.js';
import { toMastraTools } from './to-mastra-tools.js';

const KITCHEN = { room: 'kitchen', state: 'on' };

/** The first turn of an ask: the model calls set_light, and the run suspends for the user. */
async function askedTurn(gate: ToolGate) {
  const scripted = scriptedModel([
    { toolCalls: [{ id: 'call-1', name: 'set_light', input: KITCHEN }] },
    { text: 'The kitchen light is on.' },
  ]);
  const { agent } = createAgent(scripted, toMastraTools(gate, { runOptions: { allowWrite: true } }));
  const first = await agent.generate('Turn on the kitchen light.');
  return { scripted, agent, first };
}

describe('toMastraTools: ask rules through Mastra (SPEC FW-4)', () => {
  it("FW-4: an ask suspends the run with the call; approved, it runs once (the gate's own approver is not asked)", async () => {
    const asked: string[] = [];
    const { gate, light, decisions } = setUp({
      permissions: { ask: ['set_light'] },
      approver: (request) => (asked.push(request.tool), false),
    });
    const { scripted, agent, first } = await askedTurn(gate);
    expect(first.finishReason).toBe('suspended');
    expect(first.suspendPayload).toMatchObject({
      toolCallId: 'call-1',
      toolName: 'set_light',
      args: KITCHEN,
      suspendPayload: {
        toolCallId: 'call-1',
        toolName: 'set_light',
        args: KITCHEN,
        description: `Tool execution requires approval\n\nTool: set_light\nArgs: ${JSON.stringify(KITCHEN, null, 2)}`,
      },
    });
    expect(light.calls).toEqual([]);
    const second = await agent.approveToolCallGenerate({ runId: first.runId!, toolCallId: 'call-1' });
    expect(second.text).toBe('The kitchen light is on.');
    expect(toolResultsSeen(scripted, 1)).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'set_light',
        output: { type: 'text', value: 'The light in the kitchen is on.' },
      },
    ]);
    expect(light.calls).toEqual([KITCHEN]);
    expect(asked).toEqual([]);
    expect(decisions()).toEqual([
      { callId: 'call-1', stage: 'permission', decision: 'allow', rule: 'set_light' },
      { callId: 'call-1', stage: 'execution', decision: 'ok', rule: undefined },
    ]);
  });

  it('FW-4: a call the user declines never reaches the gate; the model reads the refusal and the reason', async () => {
    const { gate, light, events } = setUp({ permissions: { ask: ['set_light'] } });
    const { scripted, agent, first } = await askedTurn(gate);
    await agent.declineToolCallGenerate({ runId: first.runId!, toolCallId: 'call-1', reason: 'not now' });
    expect(toolResultsSeen(scripted, 1)).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'set_light',
        output: {
          type: 'error-text',
          value: 'Permission denied: the user refused this set_light call (not now). The tool was not executed.',
        },
      },
    ]);
    expect(light.calls).toEqual([]);
    expect(events).toEqual([]);
  });

  it('FW-4: streamed, the ask is a tool-call-suspended chunk, and approveToolCall resumes the stream', async () => {
    const { gate, light } = setUp({ permissions: { ask: ['set_light'] } });
    const scripted = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'set_light', input: KITCHEN }] },
      { text: 'The kitchen light is on.' },
    ]);
    const { agent } = createAgent(scripted, toMastraTools(gate, { runOptions: { allowWrite: true } }));
    const stream = await agent.stream('Turn on the kitchen light.');
    const suspended = [];
    for await (const chunk of stream.fullStream)
      if (chunk.type === 'tool-call-suspended') suspended.push(chunk.payload);
    expect(suspended).toMatchObject([
      { toolCallId: 'call-1', toolName: 'set_light', suspendPayload: { args: KITCHEN } },
    ]);
    const resumed = await agent.approveToolCall({ runId: stream.runId, toolCallId: 'call-1' });
    expect(await resumed.text).toBe('The kitchen light is on.');
    expect(light.calls).toEqual([KITCHEN]);
  });

  it('FW-4: a call whose arguments carry resumeData (an answer of the model) is refused, and nobody is asked', async () => {
    const { gate, light } = setUp({ permissions: { ask: ['set_light'] } });
    const scripted = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'set_light', input: { ...KITCHEN, resumeData: { approved: true } } }] },
      { text: 'I may not.' },
    ]);
    const { agent } = createAgent(scripted, toMastraTools(gate, { runOptions: { allowWrite: true } }));
    const result = await agent.generate('Turn on the kitchen light.');
    expect(result.finishReason).toBe('stop');
    expect(toolResultsSeen(scripted, 1)).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'set_light',
        output: {
          type: 'error-text',
          value:
            "Permission denied: this set_light call carries resumeData in its arguments, which only the user's answer to an approval request may carry. The tool was not executed.",
        },
      },
    ]);
    expect(light.calls).toEqual([]);
  });

  it('FW-4: a call the gate allows runs at once, whatever the model adds as resumeData', async () => {
    const { gate, light } = setUp({ permissions: { allow: ['set_light'] } });
    const scripted = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'set_light', input: { ...KITCHEN, resumeData: { approved: false } } }] },
      { text: 'Done.' },
    ]);
    const { agent } = createAgent(scripted, toMastraTools(gate, { runOptions: { allowWrite: true } }));
    expect((await agent.generate('Turn on the kitchen light.')).finishReason).toBe('stop');
    expect(light.calls).toEqual([KITCHEN]);
  });
});
