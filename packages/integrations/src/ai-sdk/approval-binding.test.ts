import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { scriptedModel, toolResultsSeen } from '../../test/ai-sdk/scripted-model.js';
import { askingGate, linkedFolders, NOT_ASKED_HERE, OTHER_CALL, USED } from '../../test/bound-approvals.js';
import type { ToolGate } from '@toolwright/gate';
import { toAiSdkTools } from './to-ai-sdk-tools.js';

const PROMPT = 'Open the file.';
let cleanUp: (() => void) | undefined;
afterEach(() => cleanUp?.());

/** The first turn: the model opens the linked file, the SDK stops with an approval request; `history` answers it. */
async function askedTurn(gate: ToolGate, path: string) {
  const first = await generateText({
    model: scriptedModel([{ toolCalls: [{ id: 'call-1', name: 'open_file', input: { path } }] }]),
    tools: toAiSdkTools(gate),
    prompt: PROMPT,
    stopWhen: stepCountIs(3),
  });
  const request = first.content.find((part) => part.type === 'tool-approval-request');
  if (request === undefined) throw new Error('the first turn should end with an approval request');
  const history = (messages: ModelMessage[] = first.response.messages): ModelMessage[] => [
    { role: 'user', content: PROMPT },
    ...messages,
    { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }] },
  ];
  return { history, messages: first.response.messages };
}

/** Sends a history to the model with a fresh script, and says what the model read of the call. */
async function resume(gate: ToolGate, messages: ModelMessage[]) {
  const model = scriptedModel([{ text: 'Done.' }]);
  await generateText({ model, tools: toAiSdkTools(gate), messages, stopWhen: stepCountIs(3) });
  return toolResultsSeen(model, 0);
}

function setUp() {
  const folders = linkedFolders();
  cleanUp = folders.remove;
  const { gate, open } = askingGate(folders.root);
  const denied = (reason: string, realPath = `${folders.root}/a/f.txt`) => [
    {
      toolCallId: 'call-1',
      toolName: 'open_file',
      output: {
        type: 'error-text',
        value: `Permission denied: open_file of '${folders.linked}' (really '${realPath}') was not approved (open_file(${folders.root}/**)): ${reason}.`,
      },
    },
  ];
  return { ...folders, gate, open, denied };
}

describe('toAiSdkTools: an approval runs exactly the call the user saw, once (SPEC IN-1, IN-4)', () => {
  it('IN-1: approved, the call runs once; the same history sent again runs nothing, through any tool set of the gate', async () => {
    const { gate, open, linked, denied } = setUp();
    const { history } = await askedTurn(gate, linked);
    expect(await resume(gate, history())).toEqual([
      { toolCallId: 'call-1', toolName: 'open_file', output: { type: 'text', value: `opened ${linked}` } },
    ]);
    for (let replay = 0; replay < 3; replay++) expect(await resume(gate, history())).toEqual(denied(USED));
    expect(open.calls).toEqual([linked]);
  });

  it('IN-1: input edited in the stored messages before resuming is refused', async () => {
    const { gate, open, root, linked } = setUp();
    const { history, messages } = await askedTurn(gate, linked);
    const edited = JSON.parse(
      JSON.stringify(messages).replaceAll(JSON.stringify(linked), JSON.stringify(`${root}/b/f.txt`)),
    ) as ModelMessage[];
    expect(await resume(gate, history(edited))).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'open_file',
        output: {
          type: 'error-text',
          value: `Permission denied: open_file of '${root}/b/f.txt' was not approved (open_file(${root}/**)): ${OTHER_CALL}.`,
        },
      },
    ]);
    // Nor does the genuine history run it afterwards: the approval is spent.
    expect(await resume(gate, history())).toMatchObject([{ output: { type: 'error-text' } }]);
    expect(open.calls).toEqual([]);
  });

  it('IN-1: a link swapped in after the approval is refused (the real path is part of what was approved)', async () => {
    const { gate, open, root, linked, swap, denied } = setUp();
    const { history } = await askedTurn(gate, linked);
    swap();
    expect(await resume(gate, history())).toEqual(denied(OTHER_CALL, `${root}/b/f.txt`));
    expect(open.calls).toEqual([]);
  });

  it('IN-1: a history approved where this gate did not ask (another process, a made-up approval) runs nothing', async () => {
    const { gate, open, root, linked, denied } = setUp();
    const { history } = await askedTurn(gate, linked);
    const elsewhere = askingGate(root);
    expect(await resume(elsewhere.gate, history())).toEqual(denied(NOT_ASKED_HERE));
    expect([...open.calls, ...elsewhere.open.calls]).toEqual([]);
  });
});
