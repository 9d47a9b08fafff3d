// A language model for Mastra tests: the AI SDK's MockLanguageModelV3 (Mastra takes AI SDK models),
// answering each call — `generate` uses doGenerate, `stream` doStream — with the next step of a script.
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { ScriptedStep } from '../ai-sdk/scripted-model.js';

export type { ScriptedStep } from '../ai-sdk/scripted-model.js';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A scripted model, and every call's options (prompt, tools) in the order the calls came. */
export interface ScriptedModel {
  readonly model: MockLanguageModelV3;
  readonly calls: CallOptions[];
}

/** A model that answers its n-th call (generate or stream) with the n-th step, and fails a call beyond the script. */
export function scriptedModel(steps: readonly ScriptedStep[], provider = 'mock-provider'): ScriptedModel {
  const calls: CallOptions[] = [];
  const next = (options: CallOptions): ScriptedStep => {
    calls.push(options);
    options.abortSignal?.throwIfAborted();
    const step = steps[calls.length - 1];
    if (step === undefined) throw new Error('the scripted model has no more steps');
    return step;
  };
  const model = new MockLanguageModelV3({
    provider,
    doGenerate: (options) => Promise.resolve(toResult(next(options))),
    doStream: (options) => Promise.resolve({ stream: simulateReadableStream({ chunks: toParts(next(options)) }) }),
  });
  return { model, calls };
}

function finishReason(step: ScriptedStep): GenerateResult['finishReason'] {
  return { unified: 'text' in step ? 'stop' : 'tool-calls', raw: undefined };
}

function toResult(step: ScriptedStep): GenerateResult {
  const content: GenerateResult['content'] =
    'text' in step
      ? [{ type: 'text', text: step.text }]
      : step.toolCalls.map((call) => ({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.name,
          input: JSON.stringify(call.input),
        }));
  return { content, finishReason: finishReason(step), usage: USAGE, warnings: [] };
}

function toParts(step: ScriptedStep): StreamPart[] {
  const body: StreamPart[] =
    'text' in step
      ? [
          { type: 'text-start', id: 'text-1' },
          { type: 'text-delta', id: 'text-1', delta: step.text },
          { type: 'text-end', id: 'text-1' },
        ]
      : step.toolCalls.map((call) => ({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.name,
          input: JSON.stringify(call.input),
        }));
  return [
    { type: 'stream-start', warnings: [] },
    ...body,
    { type: 'finish', finishReason: finishReason(step), usage: USAGE },
  ];
}

/** The tool results the n-th model call was given in its prompt: `{ toolCallId, toolName, output }`, in order. */
export function toolResultsSeen({ calls }: ScriptedModel, callIndex: number): unknown[] {
  const call = calls[callIndex];
  if (call === undefined) throw new Error(`the model was called ${calls.length} times`);
  return call.prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content
          .filter((part) => part.type === 'tool-result')
          .map((part) => ({ toolCallId: part.toolCallId, toolName: part.toolName, output: part.output }))
      : [],
  );
}
