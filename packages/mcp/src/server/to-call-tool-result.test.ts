import { ToolResult } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { toCallToolResult } from './to-call-tool-result.js';

const withOutputSchema = { outputSchema: { type: 'object', properties: { n: { type: 'integer' } } } };

describe('toCallToolResult', () => {
  it('MC-1: an ok result is one text block, with structuredContent when the payload is an object', () => {
    expect(toCallToolResult(ToolResult.ok('done', { structured: { n: 1 } }))).toEqual({
      content: [{ type: 'text', text: 'done' }],
      structuredContent: { n: 1 },
    });
    expect(toCallToolResult(ToolResult.ok('done', { structured: [1, 2] }))).toEqual({
      content: [{ type: 'text', text: 'done' }],
    });
  });

  it('MC-1: an error result is isError with its sentences as the text', () => {
    const text = "Unknown parameter 'file_paht'. Did you mean 'file_path'? The tool was not executed.";
    expect(toCallToolResult(ToolResult.error(text, { metadata: { violations: [] } }))).toEqual({
      content: [{ type: 'text', text }],
      isError: true,
    });
  });

  it("TC-4/MC-1: an error's structured payload goes out, unless the tool's output schema would judge it", () => {
    const failed = ToolResult.error('[exit code: 2]', { structured: { stderr: 'no such file' } });
    expect(toCallToolResult(failed, {})).toEqual({
      content: [{ type: 'text', text: '[exit code: 2]' }],
      structuredContent: { stderr: 'no such file' },
      isError: true,
    });
    expect(toCallToolResult(failed, withOutputSchema)).toEqual({
      content: [{ type: 'text', text: '[exit code: 2]' }],
      isError: true,
    });
  });

  it('PO-3/MC-1: a success without the payload its output schema promises (left out at the limit) goes out as an error', () => {
    const dropped = ToolResult.ok('42 rows', { metadata: { structuredDropped: true, structuredLength: 80_000 } });
    expect(toCallToolResult(dropped, withOutputSchema)).toEqual({
      content: [{ type: 'text', text: '42 rows' }],
      isError: true,
    });
    expect(toCallToolResult(dropped, {})).toEqual({ content: [{ type: 'text', text: '42 rows' }] });
  });
});

describe('toCallToolResult with parts (CO-1)', () => {
  it('sends each part as its content block, in order, bytes as they are; the pixel size stays home', () => {
    const result = ToolResult.ok([
      { type: 'text', text: 'Here:' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png', width: 1, height: 1 },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.csv', name: 'a.csv', mimeType: 'text/csv' },
      { type: 'resource', resource: { uri: 'test://r', mimeType: 'text/plain', text: 'inside' } },
      { type: 'resource', resource: { uri: 'test://b', blob: 'AAAA' } },
    ]);
    expect(toCallToolResult(result)).toEqual({
      content: [
        { type: 'text', text: 'Here:' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.csv', name: 'a.csv', mimeType: 'text/csv' },
        { type: 'resource', resource: { uri: 'test://r', mimeType: 'text/plain', text: 'inside' } },
        { type: 'resource', resource: { uri: 'test://b', blob: 'AAAA' } },
      ],
    });
  });

  it('an error of parts is isError with its blocks', () => {
    expect(toCallToolResult(ToolResult.error([{ type: 'image', data: 'AAAA', mimeType: 'image/gif' }]))).toEqual({
      content: [{ type: 'image', data: 'AAAA', mimeType: 'image/gif' }],
      isError: true,
    });
  });
});
