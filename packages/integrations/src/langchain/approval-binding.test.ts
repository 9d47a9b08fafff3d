import { AIMessage } from '@langchain/core/messages';
import { Command } from '@langchain/langgraph';
import type { ToolGate } from '@toolwright/gate';
import { afterEach, describe, expect, it } from 'vitest';
import { askingGate, boundApprovalCase, NOT_ASKED_HERE, OTHER_CALL, USED } from '../../test/bound-approvals.js';
import { createGateAgent, scriptedModel, toolMessagesIn } from '../../test/langchain/agent-run.js';
import { toLangChainTools } from './to-langchain-tools.js';

let cleanUp: (() => void) | undefined;
afterEach(() => cleanUp?.());

function setUp() {
  const bound = boundApprovalCase();
  cleanUp = bound.remove;
  return bound;
}

const APPROVE = new Command({ resume: { decisions: [{ type: 'approve' }] } });

/** The first turn: the model opens `path`, the graph stops with the interrupt. */
async function interrupted(gate: ToolGate, path: string) {
  const model = scriptedModel([
    { toolCalls: [{ id: 'call-1', name: 'open_file', args: { path } }] },
    { text: 'Done.' },
    { text: 'Done.' },
    { text: 'Done.' },
  ]);
  const run = createGateAgent(gate, model);
  const first = await run.agent.invoke(run.ask('Open the file.'), run.config);
  expect(first.__interrupt__).toHaveLength(1);
  const history = [];
  for await (const snapshot of run.agent.graph.getStateHistory(run.config)) history.push(snapshot);
  return { run, interruptedAt: history[0]!.config };
}

/** What the tool said, as the graph's messages hold it. */
const toolTexts = (state: { messages: Parameters<typeof toolMessagesIn>[0] }) =>
  toolMessagesIn(state.messages).map((message) => message.content);

describe('toLangChainTools: an approval runs exactly the call the user saw, once (SPEC IN-3, IN-4)', () => {
  it('IN-3: approved, the call runs once; resuming the interrupted checkpoint again with the same approval runs nothing', async () => {
    const { gate, open, linked, denied } = setUp();
    const { run, interruptedAt } = await interrupted(gate, linked);
    expect(toolTexts(await run.agent.invoke(APPROVE, run.config))).toEqual([`opened ${linked}`]);
    for (let replay = 0; replay < 2; replay++) {
      expect(toolTexts(await run.agent.invoke(APPROVE, interruptedAt))).toEqual([denied(USED)]);
    }
    expect(open.calls).toEqual([linked]);
  });

  it('IN-3: arguments edited in the checkpoint before resuming are refused', async () => {
    const { gate, open, root, linked, denied } = setUp();
    const { run } = await interrupted(gate, linked);
    const state = await run.agent.graph.getState(run.config);
    const asked = (state.values as { messages: AIMessage[] }).messages.at(-1)!;
    const edited = new AIMessage({
      id: asked.id,
      content: asked.content,
      tool_calls: [{ id: 'call-1', name: 'open_file', args: { path: `${root}/b/f.txt` }, type: 'tool_call' }],
    });
    await run.agent.graph.updateState(run.config, { messages: [edited] });
    const after = await run.agent.invoke(APPROVE, run.config);
    expect(toolTexts(after)).toEqual([denied(OTHER_CALL, `${root}/b/f.txt`, `${root}/b/f.txt`)]);
    expect(open.calls).toEqual([]);
  });

  it('IN-3: a link swapped in after the approval is refused', async () => {
    const { gate, open, root, linked, swap, denied } = setUp();
    const { run } = await interrupted(gate, linked);
    swap();
    expect(toolTexts(await run.agent.invoke(APPROVE, run.config))).toEqual([denied(OTHER_CALL, `${root}/b/f.txt`)]);
    expect(open.calls).toEqual([]);
  });

  it('IN-3: a call resumed as approved over another gate, which did not ask (another process), runs nothing', async () => {
    const { gate, open, root, linked, denied } = setUp();
    await interrupted(gate, linked);
    const elsewhere = askingGate(root);
    const [tool] = toLangChainTools(elsewhere.gate);
    // As LangGraph resumes a node: the call runs again, and its interrupt returns the answer.
    const resumed = { interrupt: () => ({ decisions: [{ type: 'approve' }] }) };
    const call = { type: 'tool_call' as const, id: 'call-1', name: 'open_file', args: { path: linked } };
    expect((await tool!.invoke(call, resumed as never)).content).toBe(denied(NOT_ASKED_HERE));
    expect([...open.calls, ...elsewhere.open.calls]).toEqual([]);
  });
});
