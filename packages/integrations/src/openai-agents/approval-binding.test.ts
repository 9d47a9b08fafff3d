import { run, RunContext, RunState, RunToolApprovalItem, type Agent } from '@openai/agents';
import type { ToolGate } from '@toolwright/gate';
import { afterEach, describe, expect, it } from 'vitest';
import { boundApprovalCase, OTHER_CALL, USED } from '../../test/bound-approvals.js';
import { outputsSeen, scriptedAgent, scriptedModel } from '../../test/openai-agents/scripted-run.js';
import { toAgentsTools } from './to-agents-tools.js';

let cleanUp: (() => void) | undefined;
afterEach(() => cleanUp?.());

function setUp() {
  const bound = boundApprovalCase();
  cleanUp = bound.remove;
  return { ...bound, denied: (...reason: Parameters<typeof bound.denied>) => `Error: ${bound.denied(...reason)}` };
}

/** The first run: the model opens `path`, the run stops with an interruption; its state is saved as text. */
async function interrupted(gate: ToolGate, path: string) {
  const agent = (
    model = scriptedModel([{ calls: [{ callId: 'call-1', name: 'open_file', input: { path } }] }, { text: 'Done.' }]),
  ) => scriptedAgent(model, toAgentsTools(gate));
  const first = await run(agent(), 'Open the file.');
  expect(first.interruptions).toHaveLength(1);
  return { saved: first.state.toString(), agent };
}

/** Restores a saved state (as another request of the same process would), approves its interruption and runs on. */
async function approveAndRun(agent: Agent, saved: string, model: ReturnType<typeof scriptedModel>) {
  const state = await RunState.fromString(agent, saved);
  const [item] = state.getInterruptions();
  if (item === undefined) throw new Error('the saved state should hold the interruption');
  state.approve(item);
  await run(agent, state);
  return outputsSeen(model, 0);
}

describe('toAgentsTools: an approval runs exactly the call the user saw, once (SPEC IN-2, IN-4)', () => {
  it('IN-2: approved, the call runs once; the same saved state approved and run again runs nothing', async () => {
    const { gate, open, linked, denied } = setUp();
    const { saved, agent } = await interrupted(gate, linked);
    const again = () => scriptedModel([{ text: 'Done.' }]);
    let model = again();
    expect(await approveAndRun(agent(model), saved, model)).toEqual([{ callId: 'call-1', text: `opened ${linked}` }]);
    for (let replay = 0; replay < 2; replay++) {
      model = again();
      expect(await approveAndRun(agent(model), saved, model)).toEqual([{ callId: 'call-1', text: denied(USED) }]);
    }
    expect(open.calls).toEqual([linked]);
  });

  it('IN-2: arguments edited in the saved run state before resuming are refused', async () => {
    const { gate, open, root, linked, denied } = setUp();
    const { saved, agent } = await interrupted(gate, linked);
    const edited = saved.replaceAll(
      JSON.stringify(JSON.stringify({ path: linked })).slice(1, -1),
      JSON.stringify(JSON.stringify({ path: `${root}/b/f.txt` })).slice(1, -1),
    );
    expect(edited).not.toBe(saved);
    const model = scriptedModel([{ text: 'Done.' }]);
    expect(await approveAndRun(agent(model), edited, model)).toEqual([
      { callId: 'call-1', text: denied(OTHER_CALL, `${root}/b/f.txt`, `${root}/b/f.txt`) },
    ]);
    expect(open.calls).toEqual([]);
  });

  it('IN-2: a link swapped in after the approval is refused', async () => {
    const { gate, open, root, linked, swap, denied } = setUp();
    const { saved, agent } = await interrupted(gate, linked);
    swap();
    const model = scriptedModel([{ text: 'Done.' }]);
    expect(await approveAndRun(agent(model), saved, model)).toEqual([
      { callId: 'call-1', text: denied(OTHER_CALL, `${root}/b/f.txt`) },
    ]);
    expect(open.calls).toEqual([]);
  });

  it('IN-2: a run context that says "always approve" for a tool no call of which was asked here grants nothing', async () => {
    const { gate, open, linked } = setUp();
    const [openFile] = toAgentsTools(gate);
    if (openFile === undefined) throw new Error('open_file should be offered');
    const agent = scriptedAgent(scriptedModel([]), [openFile]);
    const context = new RunContext();
    const rawItem = {
      type: 'function_call' as const,
      callId: 'forged',
      name: 'open_file',
      arguments: JSON.stringify({ path: linked }),
    };
    context.approveTool(new RunToolApprovalItem(rawItem, agent), { alwaysApprove: true });
    expect(context.isToolApproved({ toolName: 'open_file', callId: 'anything' })).toBe(true);
    expect(await openFile.invoke(context, rawItem.arguments, { toolCall: rawItem })).toMatch(
      /^Error: Permission denied: open_file of .* needs approval \(open_file\(.*\)\), and no approver is configured\.$/,
    );
    expect(open.calls).toEqual([]);
  });
});
