// An offline Agents SDK run for tests: the SDK's own ScriptedModel answers each model call from a script.
import { Agent, setTracingDisabled, type Tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';

// No API key and no network: nothing is exported to OpenAI's tracing backend.
setTracingDisabled(true);

/** One function call the scripted model makes. */
export interface ScriptedCall {
  readonly callId: string;
  readonly name: string;
  readonly input: Record<string, unknown>;
}

/** One model turn: function calls, or a final text. */
export type ScriptedTurn = { readonly calls: readonly ScriptedCall[] } | { readonly text: string };

/** A ScriptedModel that answers its n-th call with the n-th turn. */
export function scriptedModel(turns: readonly ScriptedTurn[]): ScriptedModel {
  return new ScriptedModel(
    turns.map((turn) =>
      'text' in turn
        ? [assistantMessage(turn.text)]
        : turn.calls.map((call) => functionCall(call.name, call.input, { callId: call.callId })),
    ),
  );
}

/** An agent that runs on the scripted model with these tools. */
export function scriptedAgent(model: ScriptedModel, tools: readonly Tool[]): Agent {
  return new Agent({ name: 'Home assistant', instructions: 'Help with the house.', model, tools: [...tools] });
}

/** A function output the model was given: the call id, and the text it read. */
export interface OutputSeen {
  readonly callId: string;
  readonly text: string;
}

/** The function outputs in the input of the model's call `callIndex`, in order. */
export function outputsSeen(model: ScriptedModel, callIndex: number): OutputSeen[] {
  const call = model.calls[callIndex];
  if (call === undefined) throw new Error(`the model was called ${model.calls.length} times`);
  const input = typeof call.request.input === 'string' ? [] : call.request.input;
  return input.flatMap((item) => {
    if (item.type !== 'function_call_result') return [];
    const output = item.output;
    const text =
      typeof output === 'string'
        ? output
        : !Array.isArray(output) && output.type === 'text'
          ? output.text
          : JSON.stringify(output);
    return [{ callId: item.callId, text }];
  });
}

/** The function tools as the model was offered them in its call `callIndex`. */
export function toolsOffered(model: ScriptedModel, callIndex: number): unknown[] {
  const call = model.calls[callIndex];
  if (call === undefined) throw new Error(`the model was called ${model.calls.length} times`);
  return call.request.tools.map((offered) =>
    offered.type === 'function'
      ? { name: offered.name, strict: offered.strict, parameters: offered.parameters }
      : { type: offered.type },
  );
}
