// A language model for tests: the real AI SDK's MockLanguageModelV3, answering each step from a script.
import { MockLanguageModelV3 } from 'ai/test';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

/** One tool call the scripted model makes. */
export interface ScriptedToolCall {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** One step of the script: tool calls, or a final text. */
export type ScriptedStep = { readonly toolCalls: readonly ScriptedToolCall[] } | { readonly text: string };

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model that answers its n-th call with the n-th step (and fails a call beyond the script). */
export function scriptedModel(steps: readonly ScriptedStep[]): MockLanguageModelV3 {
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doGenerate: (options: CallOptions): Promise<GenerateResult> => {
      const step = steps[model.doGenerateCalls.length - 1];
      if (step === undefined) return Promise.reject(new Error('the scripted model has no more steps'));
      options.abortSignal?.throwIfAborted();
      return Promise.resolve(toResult(step));
    },
  });
  return model;
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
  return {
    content,
    finishReason: { unified: 'text' in step ? 'stop' : 'tool-calls', raw: undefined },
    usage: USAGE,
    warnings: [],
  };
}

/** The tool results a model call was given in its prompt: `{toolCallId, toolName, output}` in order. */
export function toolResultsSeen(model: MockLanguageModelV3, callIndex: number): unknown[] {
  const call = model.doGenerateCalls[callIndex];
  if (call === undefined) throw new Error(`the model was called ${model.doGenerateCalls.length} times`);
  return call.prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content
          .filter((part) => part.type === 'tool-result')
          .map((part) => ({ toolCallId: part.toolCallId, toolName: part.toolName, output: part.output }))
      : [],
  );
}
