import { Concurrency, SafetyLevel, ToolResult, type JsonObject, type Tool } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { fromAnthropicToolUse, toAnthropicTool, toAnthropicToolResult } from './anthropic.js';
import type { AnthropicToolUseBlock } from './provider-types.js';

const inputSchema: JsonObject = Object.freeze({
  type: 'object',
  properties: { file_path: { type: 'string', description: 'Absolute path' } },
  required: ['file_path'],
  additionalProperties: false,
});

const readTool: Tool = {
  name: 'read',
  description: 'Reads a file',
  inputSchema,
  safety: { level: SafetyLevel.READ_ONLY, destructive: false },
  concurrency: Concurrency.PARALLEL,
  execute: () => Promise.resolve(ToolResult.ok('')),
};

function block(input: unknown): AnthropicToolUseBlock {
  return { type: 'tool_use', id: 'toolu_01', name: 'read', input };
}

describe('Anthropic adapter', () => {
  it('PR-1: a tool definition is {name, description, input_schema} with the plain schema itself', () => {
    const definition = toAnthropicTool(readTool);
    expect(definition).toEqual({ name: 'read', description: 'Reads a file', input_schema: inputSchema });
    expect(definition.input_schema).toBe(inputSchema);
  });

  it('PR-1: a tool_use block becomes a ToolUse', () => {
    const toolUse = fromAnthropicToolUse(block({ file_path: '/a' }));
    expect(toolUse.id).toBe('toolu_01');
    expect(toolUse.name).toBe('read');
    expect(toolUse.input.toJSON()).toEqual({ file_path: '/a' });
    expect(toolUse.inputError).toBeUndefined();
  });

  it('PR-1: input null means no arguments, and nulls inside the input are absence (TC-1)', () => {
    const empty = fromAnthropicToolUse(block(null));
    expect(empty.input.keys()).toEqual([]);
    expect(empty.inputError).toBeUndefined();
    const nested = fromAnthropicToolUse(block({ file_path: '/a', offset: null, options: { limit: null, mode: 'x' } }));
    expect(nested.input.toJSON()).toEqual({ file_path: '/a', options: { mode: 'x' } });
    expect(nested.input.has('offset')).toBe(false);
  });

  it('PR-1: input that is not an object becomes a ToolUse with an exact inputError (TC-2)', () => {
    expect(fromAnthropicToolUse(block(['/a'])).inputError).toBe(
      "Arguments for tool 'read' must be a JSON object, but were an array.",
    );
    expect(fromAnthropicToolUse(block('/a')).inputError).toBe(
      "Arguments for tool 'read' must be a JSON object, but were a string.",
    );
  });

  it('PR-1: a block of the wrong shape never throws', () => {
    const toolUse = fromAnthropicToolUse(null as unknown as AnthropicToolUseBlock);
    expect({ id: toolUse.id, name: toolUse.name, keys: toolUse.input.keys() }).toEqual({ id: '', name: '', keys: [] });
  });

  it('PR-1: a successful result is a tool_result block without is_error', () => {
    expect(toAnthropicToolResult('toolu_01', ToolResult.ok('line 1'))).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_01',
      content: 'line 1',
    });
    expect(Object.hasOwn(toAnthropicToolResult('toolu_01', ToolResult.ok('line 1')), 'is_error')).toBe(false);
  });

  it('PR-1: an error result is a tool_result block with is_error: true and the content unchanged', () => {
    expect(toAnthropicToolResult('toolu_02', ToolResult.error('File not found: /a'))).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_02',
      content: 'File not found: /a',
      is_error: true,
    });
  });
});
