import { ToolResult } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { OPENAI_ERROR_PREFIX, toOpenAIResultText } from './openai-result-text.js';

describe('toOpenAIResultText', () => {
  it('PR-2: an error is signalled in the text with the prefix Error: ', () => {
    expect(OPENAI_ERROR_PREFIX).toBe('Error: ');
    expect(toOpenAIResultText(ToolResult.error('File not found: /a'))).toBe('Error: File not found: /a');
  });

  it('PR-2: the prefix appears exactly once, even when the error text already starts with it', () => {
    expect(toOpenAIResultText(ToolResult.error('Error: File not found: /a'))).toBe('Error: File not found: /a');
  });

  it('PR-2: a successful result is never prefixed', () => {
    expect(toOpenAIResultText(ToolResult.ok('3 files'))).toBe('3 files');
    expect(toOpenAIResultText(ToolResult.ok('Error: is a word in this log'))).toBe('Error: is a word in this log');
  });
});
