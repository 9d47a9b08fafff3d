import { run } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { auditTrail, setUp } from '../../test/light-gate.js';
import { outputsSeen, scriptedAgent, scriptedModel } from '../../test/openai-agents/scripted-run.js';
import { toAgentsTools } from './to-agents-tools.js';

const PROMPT = 'Turn on the kitchen light.';

describe('toAgentsTools', () => {
  it('IN-2: offers each tool the gate offers, under its name and description', () => {
    const { gate } = setUp();
    expect(toAgentsTools(gate).map((agentsTool) => agentsTool.name)).toEqual(['wait_for_stop']);
    const tools = toAgentsTools(gate, { runOptions: { allowWrite: true } });
    expect(tools.map(({ type, name, description }) => ({ type, name, description }))).toEqual([
      { type: 'function', name: 'set_light', description: 'Switches the light of a room on or off' },
      { type: 'function', name: 'delete_file', description: 'Deletes a file' },
      { type: 'function', name: 'wait_for_stop', description: 'Waits until it is stopped' },
    ]);
  });

  it('IN-2: a typo gets the did-you-mean sentence as the function output, and the corrected call gets the result', async () => {
    const { gate, light, events } = setUp();
    const model = scriptedModel([
      { calls: [{ callId: 'call-1', name: 'set_light', input: { room: 'kitchen', stat: 'on' } }] },
      { calls: [{ callId: 'call-2', name: 'set_light', input: { room: 'kitchen', state: 'on' } }] },
      { text: 'The kitchen light is on.' },
    ]);
    const agent = scriptedAgent(model, toAgentsTools(gate, { runOptions: { allowWrite: true } }));
    const result = await run(agent, PROMPT);
    expect(result.finalOutput).toBe('The kitchen light is on.');
    expect(outputsSeen(model, 1)).toEqual([
      { callId: 'call-1', text: "Error: Unknown parameter 'stat'. Did you mean 'state'? The tool was not executed." },
    ]);
    expect(outputsSeen(model, 2).at(-1)).toEqual({ callId: 'call-2', text: 'The light in the kitchen is on.' });
    // The unknown key reached the gate (the SDK passed the input on as sent), and only the corrected call ran.
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
    expect(auditTrail(events)).toEqual([
      { callId: 'call-1', stage: 'validation', decision: 'deny', rule: undefined },
      { callId: 'call-2', stage: 'execution', decision: 'ok', rule: undefined },
    ]);
  });

  it('IN-2: a call the permission rules deny gets the exact denial as its output, and the tool does not run', async () => {
    const { gate, deleteFile, events } = setUp({ permissions: { allow: ['set_light'], deny: ['delete_file'] } });
    const model = scriptedModel([
      { calls: [{ callId: 'call-1', name: 'delete_file', input: { path: '/etc/hosts' } }] },
      { text: 'I may not delete it.' },
    ]);
    const agent = scriptedAgent(model, toAgentsTools(gate, { runOptions: { allowWrite: true } }));
    expect((await run(agent, 'Delete /etc/hosts.')).finalOutput).toBe('I may not delete it.');
    expect(outputsSeen(model, 1)).toEqual([
      { callId: 'call-1', text: 'Error: Permission denied: this delete_file call matches the deny rule delete_file.' },
    ]);
    expect(deleteFile.calls).toEqual([]);
    expect(auditTrail(events)).toEqual([
      { callId: 'call-1', stage: 'permission', decision: 'deny', rule: 'delete_file' },
    ]);
  });

  it("IN-2: with askVia: 'gate', ask rules are answered by the gate's approver while the call runs", async () => {
    const { gate, light } = setUp({ permissions: { ask: ['set_light'] }, approver: () => true });
    const model = scriptedModel([
      { calls: [{ callId: 'call-1', name: 'set_light', input: { room: 'hall', state: 'off' } }] },
      { text: 'Done.' },
    ]);
    const agent = scriptedAgent(model, toAgentsTools(gate, { runOptions: { allowWrite: true }, askVia: 'gate' }));
    const result = await run(agent, 'Switch off the hall light.');
    expect(result.interruptions).toEqual([]);
    expect(result.finalOutput).toBe('Done.');
    expect(light.calls).toEqual([{ room: 'hall', state: 'off' }]);
  });

  it("IN-2: aborting the run's signal cancels the running call through the gate: the tool's context.signal fires and the run ends", async () => {
    const { gate, wait, events } = setUp();
    const controller = new AbortController();
    const stop = new Error('the user pressed stop');
    void wait.started.then(() => controller.abort(stop));
    const model = scriptedModel([
      { calls: [{ callId: 'call-1', name: 'wait_for_stop', input: {} }] },
      { text: 'never reached' },
    ]);
    const agent = scriptedAgent(model, toAgentsTools(gate));
    await expect(run(agent, 'Wait.', { signal: controller.signal })).rejects.toBe(stop);
    expect(await wait.stopped).toBe(stop);
    expect(model.calls).toHaveLength(1);
    expect(auditTrail(events)).toEqual([
      { callId: 'call-1', stage: 'execution', decision: 'cancelled', rule: undefined },
    ]);
  });
});
