import { AbstractTool, SafetyLevel, type ToolContext, type ToolInput, type ToolResult } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { generateText, stepCountIs, streamText } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { scriptedModel, toolResultsSeen } from '../../test/ai-sdk/scripted-model.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';

/** A tool that copies three files, reporting each; between the first and the second it waits for `release`. */
class CopyTool extends AbstractTool {
  release: () => void = () => undefined;
  readonly #released: Promise<void>;

  constructor(options: { wait?: boolean } = {}) {
    super({
      name: 'copy_files',
      description: 'Copies three files',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
    this.#released = options.wait === true ? new Promise((resolve) => (this.release = resolve)) : Promise.resolve();
  }

  protected async run(_input: ToolInput, context: ToolContext): Promise<string> {
    context.progress({ progress: 1, total: 3, message: 'copied a.txt' });
    await this.#released;
    context.progress({ progress: 2, total: 3 });
    context.progress({ progress: 3, total: 3, message: 'copied c.txt' });
    return 'copied 3 files';
  }
}

const FINAL = { content: 'copied 3 files', isError: false, metadata: { durationMs: expect.any(Number) } };
const PRELIMINARY = [
  {
    content: 'copied a.txt',
    isError: false,
    metadata: { progress: { progress: 1, total: 3, message: 'copied a.txt' } },
  },
  { content: '', isError: false, metadata: { progress: { progress: 2, total: 3 } } },
  {
    content: 'copied c.txt',
    isError: false,
    metadata: { progress: { progress: 3, total: 3, message: 'copied c.txt' } },
  },
];

/** A streaming model: the first call asks for copy_files, the second answers with text. */
function streamingModel(): MockLanguageModelV3 {
  const usage = {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  };
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doStream: () => {
      const first = model.doStreamCalls.length === 1;
      return Promise.resolve({
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          ...(first
            ? [{ type: 'tool-call' as const, toolCallId: 'call-1', toolName: 'copy_files', input: '{}' }]
            : [
                { type: 'text-start' as const, id: 'text-1' },
                { type: 'text-delta' as const, id: 'text-1', delta: 'Copied.' },
                { type: 'text-end' as const, id: 'text-1' },
              ]),
          { type: 'finish', usage, finishReason: { unified: first ? 'tool-calls' : 'stop', raw: undefined } },
        ]),
      });
    },
  });
  return model;
}

describe('toAiSdkTools preliminary results', () => {
  it("IN-6: streamText's full stream carries a preliminary result per progress report, then the final; the model reads the final only", async () => {
    const model = streamingModel();
    const stream = streamText({
      model,
      tools: toAiSdkTools(new ToolGate({ tools: [new CopyTool()] }), { preliminaryResults: true }),
      prompt: 'Copy the files.',
      stopWhen: stepCountIs(3),
    });
    const toolResults: { preliminary?: boolean; output: unknown }[] = [];
    for await (const part of stream.fullStream) {
      if (part.type === 'tool-result') toolResults.push({ preliminary: part.preliminary, output: part.output });
    }
    // The SDK repeats the last value of the stream as a preliminary result before the final one.
    expect(toolResults).toEqual([
      ...PRELIMINARY.map((output) => ({ preliminary: true, output })),
      { preliminary: true, output: FINAL },
      { preliminary: undefined, output: FINAL },
    ]);
    expect(await stream.text).toBe('Copied.');
    const secondPrompt = model.doStreamCalls[1]?.prompt ?? [];
    expect(secondPrompt.flatMap((message) => (message.role === 'tool' ? message.content : []))).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'copy_files',
        output: { type: 'text', value: 'copied 3 files' },
      },
    ]);
  });

  it('IN-6: generateText with preliminary results gives the model the final result only', async () => {
    const model = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'copy_files', input: {} }] },
      { text: 'Copied.' },
    ]);
    const result = await generateText({
      model,
      tools: toAiSdkTools(new ToolGate({ tools: [new CopyTool()] }), { preliminaryResults: true }),
      prompt: 'Copy the files.',
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe('Copied.');
    expect(toolResultsSeen(model, 1)).toEqual([
      { toolCallId: 'call-1', toolName: 'copy_files', output: { type: 'text', value: 'copied 3 files' } },
    ]);
  });

  it('IN-6: a preliminary result is yielded while the call still runs, and the last value is the gate result', async () => {
    const tool = new CopyTool({ wait: true });
    const tools = toAiSdkTools(new ToolGate({ tools: [tool] }), { preliminaryResults: true });
    const output = tools.copy_files?.execute?.({}, { toolCallId: 'call-1', messages: [] });
    const stream = output as AsyncIterable<ToolResult>;
    expect(Symbol.asyncIterator in stream).toBe(true);
    const iterator = stream[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: PRELIMINARY[0] });
    tool.release();
    const rest: ToolResult[] = [];
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) rest.push(next.value);
    expect(rest).toEqual([PRELIMINARY[1], PRELIMINARY[2], FINAL]);
  });

  it('IN-6: by default execute returns a promise of the gate result, and progress goes nowhere', async () => {
    const tools = toAiSdkTools(new ToolGate({ tools: [new CopyTool()] }));
    const output = tools.copy_files?.execute?.({}, { toolCallId: 'call-1', messages: [] });
    expect(output).toBeInstanceOf(Promise);
    expect(await output).toEqual(FINAL);
  });
});
