import { run, RunContext, RunState, type Agent } from '@openai/agents';
import type { ScriptedModel } from '@openai/agents/testing';
import type { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { auditTrail, setUp } from '../../test/light-gate.js';
import { outputsSeen, scriptedAgent, scriptedModel, type ScriptedTurn } from '../../test/openai-agents/scripted-run.js';
import { toAgentsTools } from './to-agents-tools.js';

const PROMPT = 'Turn on the kitchen light.';
const KITCHEN_ON: ScriptedTurn = {
  calls: [{ callId: 'call-1', name: 'set_light', input: { room: 'kitchen', state: 'on' } }],
};

/** The first run of an ask: the model calls set_light and the run stops with one interruption. */
async function askedRun(gate: ToolGate, model: ScriptedModel) {
  const agent = scriptedAgent(model, toAgentsTools(gate, { runOptions: { allowWrite: true } }));
  const first = await run(agent, PROMPT);
  expect(first.interruptions.map((item) => [item.name, item.arguments])).toEqual([
    ['set_light', '{"room":"kitchen","state":"on"}'],
  ]);
  return { agent, first, item: first.interruptions[0] as (typeof first.interruptions)[number] };
}

describe('toAgentsTools: ask rules through the SDK approvals', () => {
  it("IN-2: an ask rule stops the run with an interruption; approved through state.approve, the call runs once (the gate's own approver is not asked)", async () => {
    const asked: string[] = [];
    const { gate, light, events } = setUp({
      permissions: { ask: ['set_light'] },
      approver: (request) => {
        asked.push(request.tool);
        return false;
      },
    });
    const model = scriptedModel([KITCHEN_ON, { text: 'The kitchen light is on.' }]);
    const { agent, first, item } = await askedRun(gate, model);
    expect(light.calls).toEqual([]);
    expect(events).toEqual([]);
    first.state.approve(item);
    const second = await run(agent, first.state);
    expect(second.finalOutput).toBe('The kitchen light is on.');
    expect(outputsSeen(model, 1)).toEqual([{ callId: 'call-1', text: 'The light in the kitchen is on.' }]);
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
    expect(asked).toEqual([]);
    expect(auditTrail(events)).toEqual([
      { callId: 'call-1', stage: 'permission', decision: 'allow', rule: 'set_light' },
      { callId: 'call-1', stage: 'execution', decision: 'ok', rule: undefined },
    ]);
  });

  it('IN-2: a call refused through state.reject never reaches the gate; the model reads the SDK’s refusal', async () => {
    const { gate, light, events } = setUp({ permissions: { ask: ['set_light'] } });
    const model = scriptedModel([KITCHEN_ON, { text: 'I left the light alone.' }]);
    const { agent, first, item } = await askedRun(gate, model);
    first.state.reject(item);
    expect((await run(agent, first.state)).finalOutput).toBe('I left the light alone.');
    expect(outputsSeen(model, 1)).toEqual([{ callId: 'call-1', text: 'Tool execution was not approved.' }]);
    expect(light.calls).toEqual([]);
    expect(events).toEqual([]);
  });

  it('IN-2: the interrupted run survives state.toString() and RunState.fromString into a new agent and tool set (as in another process)', async () => {
    const { gate, light, events } = setUp({ permissions: { ask: ['set_light'] } });
    const model = scriptedModel([KITCHEN_ON, { text: 'The kitchen light is on.' }]);
    const { first } = await askedRun(gate, model);
    const saved = first.state.toString();
    expect(typeof saved).toBe('string');

    const restoredAgent: Agent = scriptedAgent(model, toAgentsTools(gate, { runOptions: { allowWrite: true } }));
    const state = await RunState.fromString(restoredAgent, saved);
    const [item] = state.getInterruptions();
    if (item === undefined) throw new Error('the restored state should hold the interruption');
    state.approve(item);
    expect((await run(restoredAgent, state)).finalOutput).toBe('The kitchen light is on.');
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
    expect(auditTrail(events)).toEqual([
      { callId: 'call-1', stage: 'permission', decision: 'allow', rule: 'set_light' },
      { callId: 'call-1', stage: 'execution', decision: 'ok', rule: undefined },
    ]);
  });

  it('IN-2, RU-4: approved with alwaysApprove, a later call of the same tool runs without a new interruption; the gate adds the ask rule as an allowing one', async () => {
    const added: unknown[] = [];
    const { gate, light, decisions } = setUp({
      permissions: { ask: ['set_light'] },
      onRuleAdded: (rule) => added.push(rule),
    });
    const model = scriptedModel([
      KITCHEN_ON,
      { calls: [{ callId: 'call-2', name: 'set_light', input: { room: 'hall', state: 'off' } }] },
      { text: 'Both done.' },
    ]);
    const { agent, first, item } = await askedRun(gate, model);
    first.state.approve(item, { alwaysApprove: true });
    const second = await run(agent, first.state);
    expect(second.interruptions).toEqual([]);
    expect(second.finalOutput).toBe('Both done.');
    expect(light.calls).toEqual([
      { room: 'kitchen', state: 'on' },
      { room: 'hall', state: 'off' },
    ]);
    expect(added).toEqual([{ rule: 'set_light', askRule: 'set_light', tool: 'set_light', callId: 'call-1' }]);
    expect(decisions().map((event) => `${event.callId} ${event.stage}:${event.decision}`)).toEqual([
      'call-1 approval:always',
      'call-1 permission:allow',
      'call-1 execution:ok',
      'call-2 permission:allow',
      'call-2 execution:ok',
    ]);
  });

  it("IN-2: an execute the SDK did not approve is not approved by the tool set (the gate's approver decides); one asked about other input is refused", async () => {
    const asked: unknown[] = [];
    const { gate, light } = setUp({
      permissions: { ask: ['set_light'] },
      approver: (request) => {
        asked.push(request.input.toJSON());
        return false;
      },
    });
    const [setLight] = toAgentsTools(gate, { runOptions: { allowWrite: true } });
    if (setLight === undefined) throw new Error('set_light should be offered');
    const context = new RunContext();
    const denied = 'Error: Permission denied: this set_light call was not approved (set_light).';
    const toolCall = (callId: string, input: unknown) => ({
      toolCall: { type: 'function_call' as const, callId, name: 'set_light', arguments: JSON.stringify(input) },
    });
    const direct = { room: 'hall', state: 'off' };
    expect(await setLight.invoke(context, JSON.stringify(direct), toolCall('direct', direct))).toBe(denied);
    // Asked about one input, executed with another: the user's approval does not carry over.
    expect(await setLight.needsApproval(context, { room: 'hall', state: 'off' }, 'call-2')).toBe(true);
    const other = { room: 'hall', state: 'on' };
    expect(await setLight.invoke(context, JSON.stringify(other), toolCall('call-2', other))).toBe(
      'Error: Permission denied: this set_light call was not approved (set_light): the user approved it with other input, or against another path or working directory, than it has now.',
    );
    expect(asked).toEqual([direct]);
    expect(light.calls).toEqual([]);
  });
});
