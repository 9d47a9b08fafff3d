import { ToolResult } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { toAgentsOutput } from './to-agents-tool.js';

describe('toAgentsOutput (CO-2)', () => {
  it("a result of parts is the SDK's tool outputs: text, images and files with their bytes, audio in words", () => {
    const result = ToolResult.ok([
      { type: 'text', text: 'Look:' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///out/report.pdf', mimeType: 'application/pdf', blob: 'JVBERg==' } },
    ]);
    expect(toAgentsOutput(result)).toEqual([
      { type: 'text', text: 'Look:' },
      { type: 'image', image: { data: 'iVBORw0KGgo=', mediaType: 'image/png' } },
      { type: 'text', text: '[audio: audio/wav, 4 bytes]' },
      { type: 'file', file: { data: 'JVBERg==', mediaType: 'application/pdf', filename: 'report.pdf' } },
    ]);
  });

  it('text results and errors stay text, an error behind Error: ', () => {
    expect(toAgentsOutput(ToolResult.ok('plain'))).toBe('plain');
    expect(toAgentsOutput(ToolResult.error([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]))).toBe(
      'Error: [image: image/png, 3 bytes]',
    );
  });
});
