import { AbstractTool, SafetyLevel, type ToolContext, type ToolInput } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../test/mastra/agent-run.js';
import { scriptedModel, toolResultsSeen } from '../../test/mastra/scripted-model.js';
import { toMastraTools } from './to-mastra-tools.js';

/** A tool that copies three files and reports each. */
class CopyTool extends AbstractTool {
  constructor() {
    super({
      name: 'copy_files',
      description: 'Copies three files',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
  }

  protected async run(_input: ToolInput, context: ToolContext): Promise<string> {
    context.progress({ progress: 1, total: 3, message: 'copied a.txt' });
    await new Promise((resolve) => setTimeout(resolve, 1));
    context.progress({ progress: 2, total: 3 });
    context.progress({ progress: 3, total: 3, message: 'copied c.txt' });
    return 'copied 3 files';
  }
}

/** Streams a run that calls copy_files once; the stream's tool chunks, in order, as `type` and what matters of each. */
async function streamedRun(streamProgress?: boolean) {
  const scripted = scriptedModel([
    { toolCalls: [{ id: 'call-1', name: 'copy_files', input: {} }] },
    { text: 'Copied.' },
  ]);
  const gate = new ToolGate({ tools: [new CopyTool()] });
  const tools = toMastraTools(gate, streamProgress === undefined ? {} : { streamProgress });
  const stream = await createAgent(scripted, tools).agent.stream('Copy the files.');
  const chunks: unknown[] = [];
  for await (const chunk of stream.fullStream) {
    if (chunk.type === 'tool-output') chunks.push({ type: chunk.type, ...chunk.payload });
    if (chunk.type === 'tool-result')
      chunks.push({ type: chunk.type, content: (chunk.payload.result as { content?: unknown }).content });
  }
  return { scripted, chunks };
}

describe('toMastraTools: progress through Mastra’s writer', () => {
  it('IN-6: with streamProgress, each report is a tool-output chunk of the call, in order, before the result; the model reads the result only', async () => {
    const { scripted, chunks } = await streamedRun(true);
    const output = (progress: Record<string, unknown>) => ({
      type: 'tool-output',
      toolCallId: 'call-1',
      toolName: 'copy_files',
      output: { type: 'progress', ...progress },
    });
    expect(chunks).toEqual([
      output({ progress: 1, total: 3, message: 'copied a.txt' }),
      output({ progress: 2, total: 3 }),
      output({ progress: 3, total: 3, message: 'copied c.txt' }),
      { type: 'tool-result', content: 'copied 3 files' },
    ]);
    expect(toolResultsSeen(scripted, 1)).toEqual([
      { toolCallId: 'call-1', toolName: 'copy_files', output: { type: 'text', value: 'copied 3 files' } },
    ]);
  });

  it('IN-6: without streamProgress (the default), progress goes nowhere', async () => {
    expect((await streamedRun()).chunks).toEqual([{ type: 'tool-result', content: 'copied 3 files' }]);
  });
});
