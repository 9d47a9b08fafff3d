// Runs a real LangChain agent (createAgent) over a gate's tools, with LangChain's own fake chat model.
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel, type FakeBuiltModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import type { ToolGate } from '@toolwright/gate';
import { createAgent } from 'langchain';
import { toLangChainTools, type LangChainToolsOptions } from '../../src/langchain/to-langchain-tools.js';

/** One model turn of a script: tool calls, or a final text. */
export type ScriptedTurn =
  | {
      readonly toolCalls: readonly {
        readonly id: string;
        readonly name: string;
        readonly args: Record<string, unknown>;
      }[];
    }
  | { readonly text: string };

/** A fake chat model that answers its n-th call with the n-th turn (and fails beyond the script). */
export function scriptedModel(turns: readonly ScriptedTurn[]): FakeBuiltModel {
  const model = fakeModel();
  for (const turn of turns) {
    if ('text' in turn) model.respond(new AIMessage(turn.text));
    else model.respondWithTools(turn.toolCalls.map((call) => ({ ...call })));
  }
  return model;
}

/** An agent over the gate's tools with an in-memory checkpointer, on one conversation thread. */
export function createGateAgent(gate: ToolGate, model: FakeBuiltModel, options: LangChainToolsOptions = {}) {
  const agent = createAgent({ model, tools: toLangChainTools(gate, options), checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: 'thread-1' } };
  return { agent, config, ask: (text: string) => ({ messages: [new HumanMessage(text)] }) };
}

/** A tool message as the model reads it. */
export interface SeenToolMessage {
  readonly tool_call_id: string;
  readonly name: string | undefined;
  readonly status: string | undefined;
  readonly content: unknown;
}

/** The tool messages the model was given in its n-th call, in order. */
export function toolMessagesSeen(model: FakeBuiltModel, callIndex: number): SeenToolMessage[] {
  const call = model.calls[callIndex];
  if (call === undefined) throw new Error(`the model was called ${model.callCount} times`);
  return toolMessagesIn(call.messages);
}

/** The tool messages among `messages`, in order. */
export function toolMessagesIn(messages: readonly BaseMessage[]): SeenToolMessage[] {
  return messages.filter(ToolMessage.isInstance).map((message) => ({
    tool_call_id: message.tool_call_id,
    name: message.name,
    status: message.status,
    content: message.content,
  }));
}
