import { ToolResult } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { toCallToolResult } from './to-call-tool-result.js';

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
    expect(toCallToolResult(ToolResult.error(text, { violations: [] }))).toEqual({
      content: [{ type: 'text', text }],
      isError: true,
    });
  });
});
