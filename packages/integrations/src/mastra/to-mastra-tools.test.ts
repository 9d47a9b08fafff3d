import { AbstractTool, SafetyLevel, type ToolInput } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { setUp } from '../../test/light-gate.js';
import { createAgent } from '../../test/mastra/agent-run.js';
import { scriptedModel, toolResultsSeen } from '../../test/mastra/scripted-model.js';
import { toMastraTools } from './to-mastra-tools.js';

const WRITE = { runOptions: { allowWrite: true } };

/** A tool with an optional, bounded parameter: what Mastra's provider schema layers rewrite. */
class FindTool extends AbstractTool {
  constructor() {
    super({
      name: 'find',
      description: 'Finds things',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
        required: ['query'],
        additionalProperties: false,
      },
    });
  }
  protected run(input: ToolInput): string {
    return JSON.stringify(input.toJSON());
  }
}

describe('toMastraTools', () => {
  it('FW-4: offers each tool the gate offers, made with createTool, with its description and JSON Schema', () => {
    const { gate } = setUp();
    expect(Object.keys(toMastraTools(gate))).toEqual(['wait_for_stop']);
    const tools = toMastraTools(gate, WRITE);
    expect(Object.keys(tools)).toEqual(['set_light', 'delete_file', 'wait_for_stop']);
    expect(tools.set_light).toMatchObject({ id: 'set_light', description: 'Switches the light of a room on or off' });
  });

  it.each(['mock-provider', 'openai.chat', 'anthropic.messages', 'google.generative-ai'])(
    'FW-4: the model (provider %s) is offered the JSON Schema exactly as the gate has it',
    async (provider) => {
      const find = new FindTool();
      const { gate } = setUp({ tools: [find] });
      const scripted = scriptedModel([{ text: 'Nothing to do.' }], provider);
      await createAgent(scripted, toMastraTools(gate)).agent.generate('Hello.');
      // Without `strict: false`, Mastra's OpenAI and Google layers would make `limit` required and
      // nullable, move its minimum into a description, or drop `additionalProperties`.
      expect(scripted.calls[0]?.tools).toEqual([
        { type: 'function', name: 'find', description: 'Finds things', inputSchema: find.inputSchema, strict: false },
      ]);
    },
  );

  it('FW-4: a typo gets the did-you-mean sentence as error output, and the corrected call gets the result', async () => {
    const { gate, light } = setUp();
    const scripted = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'set_light', input: { room: 'kitchen', stat: 'on' } }] },
      { toolCalls: [{ id: 'call-2', name: 'set_light', input: { room: 'kitchen', state: 'on' } }] },
      { text: 'The kitchen light is on.' },
    ]);
    const result = await createAgent(scripted, toMastraTools(gate, WRITE)).agent.generate('Turn on the kitchen light.');
    expect(result.text).toBe('The kitchen light is on.');
    expect(toolResultsSeen(scripted, 1)).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'set_light',
        output: {
          type: 'error-text',
          value: "Unknown parameter 'stat'. Did you mean 'state'? The tool was not executed.",
        },
      },
    ]);
    expect(toolResultsSeen(scripted, 2).at(-1)).toEqual({
      toolCallId: 'call-2',
      toolName: 'set_light',
      output: { type: 'text', value: 'The light in the kitchen is on.' },
    });
    // The unknown key reached the gate (Mastra did not check or drop it), and only the corrected call ran.
    expect(light.calls).toEqual([{ room: 'kitchen', state: 'on' }]);
    expect(result.toolResults.map((toolResult) => toolResult.payload.result)).toMatchObject([
      { isError: true },
      { isError: false, content: 'The light in the kitchen is on.' },
    ]);
  });

  it('FW-4: a call the permission rules deny comes back as error output, and the tool does not run', async () => {
    const { gate, deleteFile, decisions } = setUp({ permissions: { allow: ['set_light'], deny: ['delete_file'] } });
    const scripted = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'delete_file', input: { path: '/etc/hosts' } }] },
      { text: 'I may not delete it.' },
    ]);
    const result = await createAgent(scripted, toMastraTools(gate, WRITE)).agent.generate('Delete /etc/hosts.');
    expect(result.text).toBe('I may not delete it.');
    expect(toolResultsSeen(scripted, 1)).toEqual([
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
    expect(decisions()).toEqual([{ callId: 'call-1', stage: 'permission', decision: 'deny', rule: 'delete_file' }]);
  });

  it("FW-4: with askVia: 'gate', ask rules are answered by the gate's approver while the call runs", async () => {
    const { gate, light } = setUp({ permissions: { ask: ['set_light'] }, approver: () => true });
    const scripted = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'set_light', input: { room: 'hall', state: 'off' } }] },
      { text: 'Done.' },
    ]);
    const tools = toMastraTools(gate, { ...WRITE, askVia: 'gate' });
    const result = await createAgent(scripted, tools).agent.generate('Switch off the hall light.');
    expect(result.finishReason).toBe('stop');
    expect(light.calls).toEqual([{ room: 'hall', state: 'off' }]);
  });

  it('FW-4: aborting the run cancels the running call through the gate', async () => {
    const { gate, wait, events } = setUp();
    const controller = new AbortController();
    const stop = new Error('the user pressed stop');
    void wait.started.then(() => controller.abort(stop));
    const scripted = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'wait_for_stop', input: {} }] },
      { text: 'never reached' },
    ]);
    await createAgent(scripted, toMastraTools(gate)).agent.generate('Wait.', { abortSignal: controller.signal });
    expect(await wait.stopped).toBe(stop);
    expect(scripted.calls).toHaveLength(1);
    expect(events.map(({ callId, stage, decision }) => ({ callId, stage, decision }))).toEqual([
      { callId: 'call-1', stage: 'execution', decision: 'cancelled' },
    ]);
  });
});
