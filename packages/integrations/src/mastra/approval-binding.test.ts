import type { ToolGate } from '@toolwright/gate';
import { afterEach, describe, expect, it } from 'vitest';
import { askingGate, boundApprovalCase, NOT_ASKED_HERE, OTHER_CALL, USED } from '../../test/bound-approvals.js';
import { createAgent, restoreSnapshots, snapshotsOf } from '../../test/mastra/agent-run.js';
import { scriptedModel, toolResultsSeen, type ScriptedModel } from '../../test/mastra/scripted-model.js';
import { toMastraTools } from './to-mastra-tools.js';

let cleanUp: (() => void) | undefined;
afterEach(() => cleanUp?.());

function setUp() {
  const bound = boundApprovalCase();
  cleanUp = bound.remove;
  return bound;
}

/** The first turn: the model opens `path`, the run suspends; `saved` holds the suspended run's snapshots. */
async function suspendedRun(gate: ToolGate, path: string) {
  const done = Array.from({ length: 4 }, () => ({ text: 'Done.' }));
  const scripted = scriptedModel([{ toolCalls: [{ id: 'call-1', name: 'open_file', input: { path } }] }, ...done]);
  const { agent, storage } = createAgent(scripted, toMastraTools(gate));
  const first = await agent.generate('Open the file.');
  expect(first.finishReason).toBe('suspended');
  const runId = first.runId!;
  const saved = await snapshotsOf(storage, runId);
  /** Approves the suspended call, as the host's UI does, and says what the model read of it. */
  const approve = async (over = agent) => {
    await over.approveToolCallGenerate({ runId, toolCallId: 'call-1' });
    return lastResult(scripted);
  };
  return { scripted, agent, storage, saved, approve };
}

/** What the model read of the call, in the last prompt it was sent. */
function lastResult(scripted: ScriptedModel): unknown {
  return toolResultsSeen(scripted, scripted.calls.length - 1).at(-1);
}

const text = (value: string) => ({ toolCallId: 'call-1', toolName: 'open_file', output: { type: 'text', value } });
const error = (value: string) => ({
  toolCallId: 'call-1',
  toolName: 'open_file',
  output: { type: 'error-text', value },
});

describe('toMastraTools: an approval runs exactly the call the user saw, once (SPEC FW-4, IN-4)', () => {
  it("FW-4: approved, the call runs once; the run's snapshots put back and approved again run nothing", async () => {
    const { gate, open, linked, denied } = setUp();
    const { storage, saved, approve } = await suspendedRun(gate, linked);
    expect(await approve()).toEqual(text(`opened ${linked}`));
    for (let replay = 0; replay < 2; replay++) {
      await restoreSnapshots(storage, saved);
      expect(await approve()).toEqual(error(denied(USED)));
    }
    expect(open.calls).toEqual([linked]);
  });

  it('FW-4: input edited in the stored snapshots before the approval is refused', async () => {
    const { gate, open, root, linked, denied } = setUp();
    const { storage, saved, approve } = await suspendedRun(gate, linked);
    const other = `${root}/b/f.txt`;
    await restoreSnapshots(storage, saved.replaceAll(JSON.stringify(linked).slice(1, -1), other));
    expect(await approve()).toEqual(error(denied(OTHER_CALL, other, other)));
    // Nor does the genuine run run it afterwards: the approval is spent.
    await restoreSnapshots(storage, saved);
    expect(await approve()).toEqual(error(denied(USED)));
    expect(open.calls).toEqual([]);
  });

  it('FW-4: a link swapped in after the ask is refused (the real path is part of what was approved)', async () => {
    const { gate, open, root, linked, swap, denied } = setUp();
    const { approve } = await suspendedRun(gate, linked);
    swap();
    expect(await approve()).toEqual(error(denied(OTHER_CALL, `${root}/b/f.txt`)));
    expect(open.calls).toEqual([]);
  });

  it('FW-4: a run resumed over another gate, which did not ask (another process on the same storage), runs nothing', async () => {
    const { gate, open, root, linked, denied } = setUp();
    const { scripted, storage, approve } = await suspendedRun(gate, linked);
    const elsewhere = askingGate(root);
    const restarted = createAgent(scripted, toMastraTools(elsewhere.gate), storage).agent;
    expect(await approve(restarted)).toEqual(error(denied(NOT_ASKED_HERE)));
    expect([...open.calls, ...elsewhere.open.calls]).toEqual([]);
  });
});
