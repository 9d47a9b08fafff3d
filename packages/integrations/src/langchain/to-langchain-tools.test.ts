import { Command } from '@langchain/langgraph';
import type { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { setUp } from '../../test/light-gate.js';
import { createGateAgent, scriptedModel, toolMessagesIn, toolMessagesSeen } from '../../test/langchain/agent-run.js';
import type { GateApprovalRequest } from './approval-request.js';
import { toLangChainTools } from './to-langchain-tools.js';

const WRITE = { runOptions: { allowWrite: true } } as const;
const SET_KITCHEN_LIGHT = { id: 'call-1', name: 'set_light', args: { room: 'kitchen', state: 'on' } };

describe('toLangChainTools', () => {
  it('IN-3: offers each tool the gate offers, with its name, description and JSON Schema', () => {
    const { gate, light } = setUp();
    expect(toLangChainTools(gate).map((tool) => tool.name)).toEqual(['wait_for_stop']);
    const tools = toLangChainTools(gate, WRITE);
    expect(tools.map((tool) => tool.name)).toEqual(['set_light', 'delete_file', 'wait_for_stop']);
    expect(tools[0]?.description).toBe('Switches the light of a room on or off');
    expect(tools[0]?.schema).toBe(light.inputSchema);
  });

  it('IN-3: a typo gets the did-you-mean sentence as an error ToolMessage, and the corrected call gets the result', async () => {
    const { gate, light } = setUp();
    const model = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'set_light', args: { room: 'kitchen', stat: 'on' } }] },
      { toolCalls: [{ id: 'call-2', name: 'set_light', args: { room: 'kitchen', state: 'on' } }] },
      { text: 'The kitchen light is on.' },
    ]);
    const { agent, config, ask } = createGateAgent(gate, model, WRITE);
    const result = await agent.invoke(ask('Turn on the kitchen light.'), config);
    expect(result.messages.at(-1)?.content).toBe('The kitchen light is on.');
    expect(toolMessagesSeen(model, 1)).toEqual([
      {
        tool_call_id: 'call-1',
        name: 'set_light',
        status: 'error',
        content: "Unknown parameter 'stat'. Did you mean 'state'? The tool was not executed.",
      },
    ]);
    expect(toolMessagesSeen(model, 2).at(-1)).toEqual({
      tool_call_id: 'call-2',
      name: 'set_light',
      status: 'success',
      content: 'The light in the kitchen is on.',
    });
    // The unknown key reached the gate (LangChain did not reject the call first), and only the corrected call ran.
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
  });

  it('IN-3: a call the permission rules deny comes back as an error ToolMessage, and the tool does not run', async () => {
    const { gate, deleteFile, decisions } = setUp({ permissions: { allow: ['set_light'], deny: ['delete_file'] } });
    const model = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'delete_file', args: { path: '/etc/hosts' } }] },
      { text: 'I may not delete it.' },
    ]);
    const { agent, config, ask } = createGateAgent(gate, model, WRITE);
    await agent.invoke(ask('Delete /etc/hosts.'), config);
    expect(toolMessagesSeen(model, 1)).toEqual([
      {
        tool_call_id: 'call-1',
        name: 'delete_file',
        status: 'error',
        content: 'Permission denied: this delete_file call matches the deny rule delete_file.',
      },
    ]);
    expect(deleteFile.calls).toEqual([]);
    expect(decisions()).toEqual([{ callId: 'call-1', stage: 'permission', decision: 'deny', rule: 'delete_file' }]);
  });

  /** The first turn of an ask: the model calls set_light, and the graph stops with LangChain's interrupt. */
  async function askedTurn(gate: ToolGate, finalText: string) {
    const model = scriptedModel([{ toolCalls: [SET_KITCHEN_LIGHT] }, { text: finalText }]);
    const run = createGateAgent(gate, model, WRITE);
    const first = await run.agent.invoke(run.ask('Turn on the kitchen light.'), run.config);
    expect(first.__interrupt__).toEqual([
      {
        id: expect.any(String) as string,
        value: {
          actionRequests: [
            {
              name: 'set_light',
              args: { room: 'kitchen', state: 'on' },
              description:
                'Tool execution requires approval\n\nTool: set_light\nArgs: {\n  "room": "kitchen",\n  "state": "on"\n}',
            },
          ],
          reviewConfigs: [{ actionName: 'set_light', allowedDecisions: ['approve', 'edit', 'reject'] }],
        },
      },
    ]);
    expect(toolMessagesIn(first.messages)).toEqual([]);
    const resume = (decision: unknown) =>
      run.agent.invoke(new Command({ resume: { decisions: [decision] } }), run.config);
    return { model, resume };
  }

  it("IN-3: an ask rule interrupts the graph; resumed with an approval, the call runs once (the gate's own approver is not asked)", async () => {
    const asked: string[] = [];
    const { gate, light, decisions } = setUp({
      permissions: { ask: ['set_light'] },
      approver: (request) => {
        asked.push(request.tool);
        return false;
      },
    });
    const { model, resume } = await askedTurn(gate, 'The kitchen light is on.');
    expect(light.calls).toEqual([]);
    const second = await resume({ type: 'approve' });
    expect(second.messages.at(-1)?.content).toBe('The kitchen light is on.');
    expect(toolMessagesSeen(model, 1)).toEqual([
      { tool_call_id: 'call-1', name: 'set_light', status: 'success', content: 'The light in the kitchen is on.' },
    ]);
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
    expect(asked).toEqual([]);
    expect(decisions()).toEqual([
      { callId: 'call-1', stage: 'permission', decision: 'allow', rule: 'set_light' },
      { callId: 'call-1', stage: 'execution', decision: 'ok', rule: undefined },
    ]);
  });

  it('RU-4: resumed with an edit, the gate runs the reviewer’s arguments in the call’s place, judged again', async () => {
    const { gate, light, decisions } = setUp({ permissions: { ask: ['set_light'] } });
    const edited = await askedTurn(gate, 'The bedroom light is on.');
    await edited.resume({ type: 'edit', editedAction: { name: 'set_light', args: { room: 'bedroom', state: 'on' } } });
    expect(toolMessagesSeen(edited.model, 1)).toEqual([
      { tool_call_id: 'call-1', name: 'set_light', status: 'success', content: 'The light in the bedroom is on.' },
    ]);
    expect(light.calls).toEqual([{ room: 'bedroom', state: 'on' }]);
    expect(decisions().map((event) => `${event.stage}:${event.decision}`)).toEqual([
      'approval:edit',
      'permission:allow',
      'execution:ok',
    ]);
  });

  it('RU-4: an edit that breaks the schema is refused with the gate’s sentence, and nothing runs', async () => {
    const { gate, light } = setUp({ permissions: { ask: ['set_light'] } });
    const edited = await askedTurn(gate, 'Nothing changed.');
    await edited.resume({ type: 'edit', editedAction: { name: 'set_light', args: { room: 'bedroom', stat: 'on' } } });
    const [message] = toolMessagesSeen(edited.model, 1);
    expect(message).toMatchObject({ tool_call_id: 'call-1', name: 'set_light', status: 'error' });
    expect((message as { content: string }).content).toContain("Unknown parameter 'stat'. Did you mean 'state'?");
    expect(light.calls).toEqual([]);
  });

  it('IN-3: a call the user rejects on resume never reaches the gate, and the model reads the refusal', async () => {
    const { gate, light, events } = setUp({ permissions: { ask: ['set_light'] } });
    const { model, resume } = await askedTurn(gate, 'I left the light alone.');
    await resume({ type: 'reject', message: 'not now' });
    expect(toolMessagesSeen(model, 1)).toEqual([
      {
        tool_call_id: 'call-1',
        name: 'set_light',
        status: 'error',
        content: 'Permission denied: the user refused this set_light call (not now). The tool was not executed.',
      },
    ]);
    expect(light.calls).toEqual([]);
    expect(events).toEqual([]);
  });

  it('IN-3: only calls an ask rule matches are interrupted; the others of the same turn run at once', async () => {
    const { gate, light, deleteFile } = setUp({ permissions: { allow: ['set_light'], ask: ['delete_file'] } });
    const model = scriptedModel([
      { toolCalls: [SET_KITCHEN_LIGHT, { id: 'call-2', name: 'delete_file', args: { path: '/tmp/old.txt' } }] },
      { text: 'Done.' },
    ]);
    const { agent, config, ask } = createGateAgent(gate, model, WRITE);
    const first = await agent.invoke(ask('Light on, and delete /tmp/old.txt.'), config);
    expect(first.__interrupt__?.map((pending) => pending.value)).toMatchObject([
      { actionRequests: [{ name: 'delete_file', args: { path: '/tmp/old.txt' } }] },
    ]);
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
    await agent.invoke(new Command({ resume: { decisions: [{ type: 'approve' }] } }), config);
    expect(deleteFile.calls).toEqual([{ path: '/tmp/old.txt' }]);
    // The call that ran before the interrupt is not run again on resume.
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
    expect(toolMessagesSeen(model, 1).map(({ tool_call_id, status }) => ({ tool_call_id, status }))).toEqual([
      { tool_call_id: 'call-1', status: 'success' },
      { tool_call_id: 'call-2', status: 'success' },
    ]);
  });

  it('IN-3: two asked calls of one turn pause together; the resume maps each interrupt id to its answer', async () => {
    const { gate, deleteFile } = setUp({ permissions: { ask: ['delete_file'] } });
    const model = scriptedModel([
      {
        toolCalls: [
          { id: 'call-1', name: 'delete_file', args: { path: '/tmp/a.txt' } },
          { id: 'call-2', name: 'delete_file', args: { path: '/tmp/b.txt' } },
        ],
      },
      { text: 'Deleted a.txt only.' },
    ]);
    const { agent, config, ask } = createGateAgent(gate, model, WRITE);
    const first = await agent.invoke(ask('Delete a.txt and b.txt.'), config);
    const pending = first.__interrupt__ ?? [];
    const answers = Object.fromEntries(
      pending.map(({ id, value }) => {
        const [action] = (value as GateApprovalRequest).actionRequests;
        const path = (action?.args as { path: string }).path;
        return [id, { decisions: [path === '/tmp/a.txt' ? { type: 'approve' } : { type: 'reject' }] }];
      }),
    );
    expect(Object.keys(answers)).toHaveLength(2);
    await agent.invoke(new Command({ resume: answers }), config);
    expect(deleteFile.calls).toEqual([{ path: '/tmp/a.txt' }]);
    expect(toolMessagesSeen(model, 1)).toEqual([
      { tool_call_id: 'call-1', name: 'delete_file', status: 'success', content: 'deleted' },
      {
        tool_call_id: 'call-2',
        name: 'delete_file',
        status: 'error',
        content: 'Permission denied: the user refused this delete_file call. The tool was not executed.',
      },
    ]);
  });

  it("IN-3: with askVia: 'gate', ask rules are answered by the gate's approver while the call runs", async () => {
    const { gate, light } = setUp({ permissions: { ask: ['set_light'] }, approver: () => true });
    const model = scriptedModel([{ toolCalls: [SET_KITCHEN_LIGHT] }, { text: 'Done.' }]);
    const { agent, config, ask } = createGateAgent(gate, model, { ...WRITE, askVia: 'gate' });
    const result = await agent.invoke(ask('Turn on the kitchen light.'), config);
    expect(result.__interrupt__).toBeUndefined();
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
  });

  it("IN-3: outside a graph nobody can be asked through LangChain, so the gate's own approver answers", async () => {
    const asked: unknown[] = [];
    const { gate, light } = setUp({
      permissions: { ask: ['set_light'] },
      approver: (request) => {
        asked.push(request.input.toJSON());
        return false;
      },
    });
    const [setLight] = toLangChainTools(gate, WRITE);
    const message = await setLight?.invoke({ ...SET_KITCHEN_LIGHT, type: 'tool_call' });
    expect(message).toMatchObject({
      tool_call_id: 'call-1',
      status: 'error',
      content: 'Permission denied: this set_light call was not approved (set_light).',
    });
    expect(asked).toEqual([{ room: 'kitchen', state: 'on' }]);
    expect(light.calls).toEqual([]);
  });

  it("IN-3: aborting the run through its signal cancels the running call (the tool's context.signal fires)", async () => {
    const { gate, wait, decisions } = setUp();
    const controller = new AbortController();
    const stop = new Error('the user pressed stop');
    void wait.started.then(() => controller.abort(stop));
    const model = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'wait_for_stop', args: {} }] },
      { text: 'never reached' },
    ]);
    const { agent, config, ask } = createGateAgent(gate, model);
    await expect(agent.invoke(ask('Wait.'), { ...config, signal: controller.signal })).rejects.toBe(stop);
    expect(await wait.stopped).toBe(stop);
    expect(model.callCount).toBe(1);
    expect(decisions()).toEqual([{ callId: 'call-1', stage: 'execution', decision: 'cancelled', rule: undefined }]);
  });
});
