import type { ToolResult } from '@toolwright/core';
import type { ToolGate } from '@toolwright/gate';
import { asSchema, generateText, stepCountIs, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedModel, toolResultsSeen } from '../../test/ai-sdk/scripted-model.js';
import { setUp } from '../../test/light-gate.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';

const PROMPT = 'Turn on the kitchen light.';

describe('toAiSdkTools', () => {
  it('IN-1: offers each tool the gate offers, with its description and JSON Schema', async () => {
    const { gate, light } = setUp();
    expect(Object.keys(toAiSdkTools(gate))).toEqual(['wait_for_stop']);
    const tools = toAiSdkTools(gate, { runOptions: { allowWrite: true } });
    expect(Object.keys(tools)).toEqual(['set_light', 'delete_file', 'wait_for_stop']);
    expect(tools.set_light?.description).toBe('Switches the light of a room on or off');
    expect(await asSchema(tools.set_light?.inputSchema).jsonSchema).toEqual(light.inputSchema);
  });

  it('IN-1: a typo gets the did-you-mean sentence as error output, and the corrected call gets the result', async () => {
    const { gate, light } = setUp();
    const model = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'set_light', input: { room: 'kitchen', stat: 'on' } }] },
      { toolCalls: [{ id: 'call-2', name: 'set_light', input: { room: 'kitchen', state: 'on' } }] },
      { text: 'The kitchen light is on.' },
    ]);
    const result = await generateText({
      model,
      tools: toAiSdkTools(gate, { runOptions: { allowWrite: true } }),
      prompt: PROMPT,
      stopWhen: stepCountIs(5),
    });
    expect(result.text).toBe('The kitchen light is on.');
    expect(toolResultsSeen(model, 1)).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'set_light',
        output: {
          type: 'error-text',
          value: "Unknown parameter 'stat'. Did you mean 'state'? The tool was not executed.",
        },
      },
    ]);
    expect(toolResultsSeen(model, 2).at(-1)).toEqual({
      toolCallId: 'call-2',
      toolName: 'set_light',
      output: { type: 'text', value: 'The light in the kitchen is on.' },
    });
    // The unknown key reached the gate (the SDK did not drop it), and only the corrected call ran.
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
    expect(
      result.steps.map((step) => step.toolResults.map((toolResult) => (toolResult.output as ToolResult).isError)),
    ).toEqual([[true], [false], []]);
  });

  it('IN-1: a call the permission rules deny comes back as error output, and the tool does not run', async () => {
    const { gate, deleteFile, events } = setUp({ permissions: { allow: ['set_light'], deny: ['delete_file'] } });
    const model = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'delete_file', input: { path: '/etc/hosts' } }] },
      { text: 'I may not delete it.' },
    ]);
    await generateText({
      model,
      tools: toAiSdkTools(gate, { runOptions: { allowWrite: true } }),
      prompt: 'Delete /etc/hosts.',
      stopWhen: stepCountIs(3),
    });
    expect(toolResultsSeen(model, 1)).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'delete_file',
        output: {
          type: 'error-text',
          value: 'Permission denied: this delete_file call matches the deny rule delete_file.',
        },
      },
    ]);
    expect(deleteFile.calls).toEqual([]);
    expect(events.map(({ callId, stage, decision, rule }) => ({ callId, stage, decision, rule }))).toEqual([
      { callId: 'call-1', stage: 'permission', decision: 'deny', rule: 'delete_file' },
    ]);
  });

  /** The first turn of an ask: the model calls set_light, the SDK stops with an approval request. */
  async function askedTurn(gate: ToolGate) {
    const tools = toAiSdkTools(gate, { runOptions: { allowWrite: true } });
    const first = await generateText({
      model: scriptedModel([
        { toolCalls: [{ id: 'call-1', name: 'set_light', input: { room: 'kitchen', state: 'on' } }] },
      ]),
      tools,
      prompt: PROMPT,
      stopWhen: stepCountIs(3),
    });
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    expect(requests).toHaveLength(1);
    const request = requests[0] as (typeof requests)[number];
    expect(request.toolCall).toMatchObject({ toolCallId: 'call-1', toolName: 'set_light' });
    expect(first.toolResults).toEqual([]);
    /** The conversation with the user's answer to the approval request, as a UI sends it back. */
    const answer = (approved: boolean, reason?: string): ModelMessage[] => [
      { role: 'user', content: PROMPT },
      ...first.response.messages,
      {
        role: 'tool',
        content: [
          {
            type: 'tool-approval-response',
            approvalId: request.approvalId,
            approved,
            ...(reason === undefined ? {} : { reason }),
          },
        ],
      },
    ];
    return { tools, answer };
  }

  it("IN-1: an ask rule becomes the SDK approval flow; an approved call runs (the gate's own approver is not asked)", async () => {
    const asked: string[] = [];
    const { gate, light, events } = setUp({
      permissions: { ask: ['set_light'] },
      approver: (request) => {
        asked.push(request.tool);
        return false;
      },
    });
    const { tools, answer } = await askedTurn(gate);
    expect(light.calls).toEqual([]);
    const model = scriptedModel([{ text: 'The kitchen light is on.' }]);
    const second = await generateText({ model, tools, messages: answer(true), stopWhen: stepCountIs(3) });
    expect(second.text).toBe('The kitchen light is on.');
    expect(toolResultsSeen(model, 0)).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'set_light',
        output: { type: 'text', value: 'The light in the kitchen is on.' },
      },
    ]);
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
    expect(asked).toEqual([]);
    expect(events.map(({ callId, stage, decision, rule }) => ({ callId, stage, decision, rule }))).toEqual([
      { callId: 'call-1', stage: 'permission', decision: 'allow', rule: 'set_light' },
      { callId: 'call-1', stage: 'execution', decision: 'ok', rule: undefined },
    ]);
  });

  it('IN-1: a call the user refuses through the SDK approval flow never runs', async () => {
    const { gate, light, events } = setUp({ permissions: { ask: ['set_light'] } });
    const { tools, answer } = await askedTurn(gate);
    const model = scriptedModel([{ text: 'I left the light alone.' }]);
    await generateText({ model, tools, messages: answer(false, 'not now'), stopWhen: stepCountIs(3) });
    expect(toolResultsSeen(model, 0)).toEqual([
      { toolCallId: 'call-1', toolName: 'set_light', output: { type: 'execution-denied', reason: 'not now' } },
    ]);
    expect(light.calls).toEqual([]);
    expect(events).toEqual([]);
  });

  it("IN-1: an execute the SDK did not put to the user is not approved by the tool set (the gate's approver decides); one asked about other input is refused", async () => {
    const asked: unknown[] = [];
    const { gate, light } = setUp({
      permissions: { ask: ['set_light'] },
      approver: (request) => {
        asked.push(request.input.toJSON());
        return false;
      },
    });
    const tools = toAiSdkTools(gate, { runOptions: { allowWrite: true } });
    const setLight = tools.set_light;
    expect(
      await setLight?.execute?.({ room: 'hall', state: 'off' }, { toolCallId: 'direct', messages: [] }),
    ).toMatchObject({
      isError: true,
      content: 'Permission denied: this set_light call was not approved (set_light).',
    });
    // Asked about one input, executed with another: the user's approval does not carry over.
    const needsApproval = setLight?.needsApproval;
    if (typeof needsApproval !== 'function') throw new Error('set_light should have a needsApproval function');
    expect(await needsApproval({ room: 'hall', state: 'off' }, { toolCallId: 'call-2', messages: [] })).toBe(true);
    expect(
      await setLight?.execute?.({ room: 'hall', state: 'on' }, { toolCallId: 'call-2', messages: [] }),
    ).toMatchObject({
      isError: true,
      content:
        'Permission denied: this set_light call was not approved (set_light): the user approved it with other input, or against another path or working directory, than it has now.',
    });
    expect(asked).toEqual([{ room: 'hall', state: 'off' }]);
    expect(light.calls).toEqual([]);
  });

  it("IN-1: with askVia: 'gate', ask rules are answered by the gate's approver while the call runs", async () => {
    const { gate, light } = setUp({ permissions: { ask: ['set_light'] }, approver: () => true });
    const model = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'set_light', input: { room: 'hall', state: 'off' } }] },
      { text: 'Done.' },
    ]);
    const result = await generateText({
      model,
      tools: toAiSdkTools(gate, { runOptions: { allowWrite: true }, askVia: 'gate' }),
      prompt: 'Switch off the hall light.',
      stopWhen: stepCountIs(3),
    });
    expect(result.content.filter((part) => part.type === 'tool-approval-request')).toEqual([]);
    expect(light.calls).toEqual([{ room: 'hall', state: 'off' }]);
  });

  it('IN-1: aborting the generation cancels the running call through the gate', async () => {
    const { gate, wait, events } = setUp();
    const controller = new AbortController();
    const stop = new Error('the user pressed stop');
    void wait.started.then(() => controller.abort(stop));
    const model = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'wait_for_stop', input: {} }] },
      { text: 'never reached' },
    ]);
    await expect(
      generateText({
        model,
        tools: toAiSdkTools(gate),
        prompt: 'Wait.',
        stopWhen: stepCountIs(3),
        abortSignal: controller.signal,
      }),
    ).rejects.toBe(stop);
    expect(await wait.stopped).toBe(stop);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(events.map(({ callId, stage, decision }) => ({ callId, stage, decision }))).toEqual([
      { callId: 'call-1', stage: 'execution', decision: 'cancelled' },
    ]);
  });
});
