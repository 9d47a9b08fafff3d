import { ToolMessage } from '@langchain/core/messages';
import { RunnableBinding } from '@langchain/core/runnables';
import { tool, ToolInputParsingException } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { SchemaValidationMode, ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { LightTool } from '../../test/ai-sdk/test-tools.js';
import { createGateAgent, scriptedModel, toolMessagesSeen } from '../../test/langchain/agent-run.js';
import { OutlineTool } from '../../test/langchain/outline-tool.js';
import { toLangChainTools } from './to-langchain-tools.js';

function setUp() {
  const light = new LightTool();
  const outline = new OutlineTool();
  const gate = new ToolGate({ tools: [light, outline], schemaValidation: SchemaValidationMode.ENFORCE });
  const [setLight, writeOutline] = toLangChainTools(gate, { runOptions: { allowWrite: true } });
  if (setLight === undefined || writeOutline === undefined) throw new Error('the gate should offer both tools');
  return { light, outline, setLight, writeOutline };
}

const TYPO = { room: 'kitchen', stat: 'on' };
const TYPO_SENTENCE = "Unknown parameter 'stat'. Did you mean 'state'? The tool was not executed.";

describe('GateStructuredTool', () => {
  it('IN-3: invoked with a ToolCall, returns a ToolMessage with the call id, the status and the whole result as artifact', async () => {
    const { light, setLight } = setUp();
    const ok = await setLight.invoke({
      id: 'call-7',
      name: 'set_light',
      args: { room: 'hall', state: 'off' },
      type: 'tool_call',
    });
    expect(ok).toBeInstanceOf(ToolMessage);
    expect(ok).toMatchObject({
      tool_call_id: 'call-7',
      name: 'set_light',
      status: 'success',
      content: 'The light in the hall is off.',
      artifact: { content: 'The light in the hall is off.', isError: false },
    });
    const failed = await setLight.invoke({ id: 'call-8', name: 'set_light', args: TYPO, type: 'tool_call' });
    expect(failed).toMatchObject({
      tool_call_id: 'call-8',
      status: 'error',
      content: TYPO_SENTENCE,
      artifact: { content: TYPO_SENTENCE, isError: true },
    });
    expect(light.calls).toEqual([{ room: 'hall', state: 'off' }]);
  });

  it('IN-3: invoked with plain arguments, returns the text of the result, for an error result too', async () => {
    const { setLight } = setUp();
    expect(await setLight.invoke({ room: 'hall', state: 'on' })).toBe('The light in the hall is on.');
    expect(await setLight.invoke(TYPO)).toBe(TYPO_SENTENCE);
  });

  it("IN-3: the input reaches the gate as sent, where LangChain's own JSON-Schema tool rejects it before running", async () => {
    const { light, setLight } = setUp();
    const plain = tool(() => 'ran', { name: 'set_light', description: 'plain', schema: light.inputSchema });
    await expect(plain.invoke(TYPO)).rejects.toBeInstanceOf(ToolInputParsingException);
    expect(await setLight.invoke(TYPO)).toBe(TYPO_SENTENCE);
  });

  it("IN-3: LangChain callbacks see the call as they see LangChain's own tool: start with input and call id, end with the ToolMessage", async () => {
    const { light, setLight } = setUp();
    const plain = tool(() => 'The light in the hall is on.', {
      name: 'set_light',
      description: 'plain',
      schema: light.inputSchema,
    });
    const callbacksSeen = async (invoked: typeof setLight | typeof plain) => {
      const seen: unknown[] = [];
      const handler = {
        handleToolStart: (...args: unknown[]) =>
          void seen.push({ start: args[1], runName: args[6], toolCallId: args[7] }),
        handleToolEnd: (output: unknown) => void seen.push({ end: (output as ToolMessage).content }),
      };
      const call = { id: 'call-9', name: 'set_light', args: { room: 'hall', state: 'on' }, type: 'tool_call' } as const;
      await invoked.invoke(call, { callbacks: [handler] });
      return seen;
    };
    const expected = [
      { start: '{"room":"hall","state":"on"}', runName: 'set_light', toolCallId: 'call-9' },
      { end: 'The light in the hall is on.' },
    ];
    expect(await callbacksSeen(plain)).toEqual(expected);
    expect(await callbacksSeen(setLight)).toEqual(expected);
  });

  it('IN-3: a recursive schema binds to a chat model as it is', () => {
    const { outline, writeOutline } = setUp();
    expect(outline.inputSchema.$defs).toMatchObject({
      Section: { properties: { sections: { items: { $ref: '#/$defs/Section' } } } },
    });
    expect(convertToOpenAITool(writeOutline)).toEqual({
      type: 'function',
      function: {
        name: 'write_outline',
        description: 'Writes an outline of nested sections as indented lines',
        parameters: outline.inputSchema,
      },
    });
    const bound = new FakeListChatModel({ responses: [] }).bindTools([writeOutline]);
    expect(bound).toBeInstanceOf(RunnableBinding);
    expect(((bound as RunnableBinding<unknown, unknown>).config as { tools?: unknown }).tools).toEqual([
      convertToOpenAITool(writeOutline),
    ]);
  });

  it('IN-3: a recursive-schema tool runs in an agent, and a typo deep inside gets the sentence with its path', async () => {
    const { outline, light } = setUp();
    const gate = new ToolGate({ tools: [outline, light], schemaValidation: SchemaValidationMode.ENFORCE });
    const deep = { title: 'House', sections: [{ title: 'Kitchen', sections: [{ title: 'Lights' }] }] };
    const model = scriptedModel([
      {
        toolCalls: [
          {
            id: 'call-1',
            name: 'write_outline',
            args: { outline: { title: 'House', sections: [{ titel: 'Kitchen' }] } },
          },
        ],
      },
      { toolCalls: [{ id: 'call-2', name: 'write_outline', args: { outline: deep } }] },
      { text: 'Written.' },
    ]);
    const { agent, config, ask } = createGateAgent(gate, model);
    await agent.invoke(ask('Outline the house.'), config);
    expect(toolMessagesSeen(model, 2)).toEqual([
      {
        tool_call_id: 'call-1',
        name: 'write_outline',
        status: 'error',
        content:
          "Unknown parameter 'outline.sections[0].titel'. Did you mean 'outline.sections[0].title'? The tool was not executed.",
      },
      { tool_call_id: 'call-2', name: 'write_outline', status: 'success', content: 'House\n  Kitchen\n    Lights' },
    ]);
    expect(outline.calls).toHaveLength(1);
  });
});
