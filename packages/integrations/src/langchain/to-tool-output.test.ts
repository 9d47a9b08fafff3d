import { ToolMessage } from '@langchain/core/messages';
import { ToolResult } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { toToolOutput } from './to-tool-output.js';

describe('toToolOutput of parts (CO-2)', () => {
  it("a result of parts is a ToolMessage of LangChain's standard content blocks, bytes as they are", () => {
    const result = ToolResult.ok([
      { type: 'text', text: 'Look:' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: 'JVBERg==' } },
      { type: 'resource_link', uri: 'file:///a.csv', name: 'a.csv' },
    ]);
    const message = toToolOutput(result, 'chart', 'call_1');
    expect(message).toBeInstanceOf(ToolMessage);
    const { content, status, tool_call_id, artifact } = message as ToolMessage;
    expect({ content, status, tool_call_id, artifact }).toEqual({
      content: [
        { type: 'text', text: 'Look:' },
        { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
        { type: 'file', mimeType: 'application/pdf', data: 'JVBERg==' },
        { type: 'text', text: '[resource link: a.csv (file:///a.csv)]' },
      ],
      status: 'success',
      tool_call_id: 'call_1',
      artifact: result,
    });
  });

  it('without a call id, the text form', () => {
    const result = ToolResult.ok([{ type: 'image', data: 'AAAA', mimeType: 'image/gif' }]);
    expect(toToolOutput(result, 'chart', undefined)).toBe('[image: image/gif, 3 bytes]');
  });
});
