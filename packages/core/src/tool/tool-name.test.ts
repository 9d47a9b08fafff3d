import { describe, expect, it } from 'vitest';
import { isToolName, MAX_TOOL_NAME_LENGTH } from './tool-name.js';

describe('isToolName', () => {
  it('accepts 1 to 64 ASCII letters, digits, underscores and hyphens', () => {
    expect(isToolName('a')).toBe(true);
    expect(isToolName('Read_file-2')).toBe(true);
    expect(isToolName('x'.repeat(MAX_TOOL_NAME_LENGTH))).toBe(true);
  });

  it('refuses the empty name, a longer one, and any other character', () => {
    expect(isToolName('')).toBe(false);
    expect(isToolName('x'.repeat(MAX_TOOL_NAME_LENGTH + 1))).toBe(false);
    for (const name of ['read file', 'read.file', 'mcp/tool', 'café', 'tool\n', 'a:b'])
      expect(isToolName(name)).toBe(false);
  });
});
