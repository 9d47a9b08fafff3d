import { Concurrency, SafetyLevel, ToolResult, type JsonObject, type Tool } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { fromOpenAIChatToolCall, toOpenAIChatTool, toOpenAIChatToolMessage } from './openai-chat.js';
import type { OpenAIChatToolCall } from './provider-types.js';

const inputSchema: JsonObject = Object.freeze({
  type: 'object',
  properties: {
    file_path: { type: 'string', description: 'Absolute path' },
    limit: { type: 'integer', description: 'Lines to read', minimum: 1, default: 2000 },
  },
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

const strictParameters = {
  type: 'object',
  properties: {
    file_path: { type: 'string', description: 'Absolute path' },
    limit: { type: ['integer', 'null'], description: 'Lines to read (default: 2000)', minimum: 1 },
  },
  required: ['file_path', 'limit'],
  additionalProperties: false,
};

function call(argumentsText: string): OpenAIChatToolCall {
  return { id: 'call_1', type: 'function', function: { name: 'read', arguments: argumentsText } };
}

describe('OpenAI Chat Completions adapter', () => {
  it('PR-2: a tool definition nests the function and leaves strict out by default (non-strict, as the API)', () => {
    const definition = toOpenAIChatTool(readTool);
    expect(definition).toEqual({
      type: 'function',
      function: { name: 'read', description: 'Reads a file', parameters: inputSchema },
    });
    expect(Object.hasOwn(definition.function, 'strict')).toBe(false);
  });

  it('PR-2: strict: true sends the strict schema (PR-3) and strict: true', () => {
    expect(toOpenAIChatTool(readTool, { strict: true })).toEqual({
      type: 'function',
      function: { name: 'read', description: 'Reads a file', parameters: strictParameters, strict: true },
    });
  });

  it('PR-2: strict: false sends the plain schema and says strict: false', () => {
    expect(toOpenAIChatTool(readTool, { strict: false })).toEqual({
      type: 'function',
      function: { name: 'read', description: 'Reads a file', parameters: inputSchema, strict: false },
    });
  });

  it('PR-2: a tool call with JSON text arguments becomes a ToolUse, nulls dropped', () => {
    const toolUse = fromOpenAIChatToolCall(call('{"file_path":"/a","limit":null}'));
    expect(toolUse.id).toBe('call_1');
    expect(toolUse.name).toBe('read');
    expect(toolUse.input.toJSON()).toEqual({ file_path: '/a' });
    expect(toolUse.inputError).toBeUndefined();
  });

  it('PR-2: arguments that are not JSON become a ToolUse with an exact inputError, never an exception (TC-2)', () => {
    const text = '{"file_path": "/a",';
    const toolUse = fromOpenAIChatToolCall(call(text));
    expect(toolUse.input.keys()).toEqual([]);
    // The parser's own words, written out (Node 22's V8 adds the line and column).
    expect(toolUse.inputError).toMatch(
      /^Arguments for tool 'read' are not valid JSON \(Expected double-quoted property name in JSON at position 19( \(line 1 column 20\))?\)\. Send the arguments as one JSON object\.$/,
    );
  });

  it('PR-2: arguments that are JSON but not an object become a ToolUse with an exact inputError (TC-2)', () => {
    expect(fromOpenAIChatToolCall(call('["/a"]')).inputError).toBe(
      "Arguments for tool 'read' must be a JSON object, but were an array.",
    );
    expect(fromOpenAIChatToolCall(call('42')).inputError).toBe(
      "Arguments for tool 'read' must be a JSON object, but were an integer.",
    );
  });

  it('PR-2: a call of the wrong shape never throws', () => {
    const toolUse = fromOpenAIChatToolCall({ id: 'call_9' } as unknown as OpenAIChatToolCall);
    expect({ id: toolUse.id, name: toolUse.name, keys: toolUse.input.keys(), error: toolUse.inputError }).toEqual({
      id: 'call_9',
      name: '',
      keys: [],
      error: undefined,
    });
  });

  it('PR-2: a result becomes a tool message; an error is prefixed with Error: exactly once', () => {
    expect(toOpenAIChatToolMessage('call_1', ToolResult.ok('line 1'))).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: 'line 1',
    });
    expect(toOpenAIChatToolMessage('call_2', ToolResult.error('File not found: /a'))).toEqual({
      role: 'tool',
      tool_call_id: 'call_2',
      content: 'Error: File not found: /a',
    });
    expect(toOpenAIChatToolMessage('call_3', ToolResult.error('Error: File not found: /a')).content).toBe(
      'Error: File not found: /a',
    );
  });
});
