import { AbstractTool, SafetyLevel, ToolResult } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../test/mastra/agent-run.js';
import { scriptedModel, toolResultsSeen } from '../../test/mastra/scripted-model.js';
import { toMastraTools } from './to-mastra-tools.js';
import { toModelOutput } from './to-model-output.js';

const PARTS = ToolResult.ok([
  { type: 'text', text: 'Look:' },
  { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png', width: 2, height: 2 },
  { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
  { type: 'resource', resource: { uri: 'file:///r/report.pdf', mimeType: 'application/pdf', blob: 'JVBERg==' } },
  { type: 'resource', resource: { uri: 'test://note', text: 'a note' } },
  { type: 'resource_link', uri: 'file:///a.csv', name: 'a.csv' },
]);

/** A tool whose result is a text and an image. */
class SnapshotTool extends AbstractTool {
  constructor() {
    super({
      name: 'snapshot',
      description: 'Takes a snapshot',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
  }
  protected run(): ToolResult {
    return ToolResult.ok([
      { type: 'text', text: 'The hall:' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ]);
  }
}

describe('toModelOutput (Mastra)', () => {
  it('FW-4: an error result is error-text, an ok result text; the model reads the content only', () => {
    expect(toModelOutput(ToolResult.error('Parameter x is required.', { metadata: { policyDenied: true } }))).toEqual({
      type: 'error-text',
      value: 'Parameter x is required.',
    });
    expect(toModelOutput(ToolResult.ok('3 files', { structured: { count: 3 } }))).toEqual({
      type: 'text',
      value: '3 files',
    });
  });

  it("FW-4: an output that is not a gate result is left to Mastra's own conversion", () => {
    expect(
      toModelOutput({ error: true, message: 'Tool input validation failed', validationErrors: {} }),
    ).toBeUndefined();
    expect(toModelOutput('plain')).toBeUndefined();
  });

  it('CO-2: a result of parts is content: text, image-data, file-data for audio and blobs, the rest as text', () => {
    expect(toModelOutput(PARTS)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'Look:' },
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'file-data', data: 'UklGRg==', mediaType: 'audio/wav' },
        { type: 'file-data', data: 'JVBERg==', mediaType: 'application/pdf', filename: 'report.pdf' },
        { type: 'text', text: '[resource: test://note]\na note' },
        { type: 'text', text: '[resource link: a.csv (file:///a.csv)]' },
      ],
    });
  });

  it('CO-2: in an agent run, the model is given the image of a result as an image', async () => {
    const scripted = scriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'snapshot', input: {} }] },
      { text: 'A hall.' },
    ]);
    const gate = new ToolGate({ tools: [new SnapshotTool()] });
    await createAgent(scripted, toMastraTools(gate)).agent.generate('Show me the hall.');
    expect(toolResultsSeen(scripted, 1)).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'snapshot',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'The hall:' },
            { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
          ],
        },
      },
    ]);
  });
});
