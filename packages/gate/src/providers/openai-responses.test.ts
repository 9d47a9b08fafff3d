import { Concurrency, SafetyLevel, ToolResult, type JsonObject, type Tool } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import {
  fromOpenAIResponsesFunctionCall,
  toOpenAIResponsesFunctionOutput,
  toOpenAIResponsesTool,
} from './openai-responses.js';
import type { OpenAIResponsesFunctionCall } from './provider-types.js';

const inputSchema: JsonObject = Object.freeze({
  type: 'object',
  properties: {
    pattern: { type: 'string', description: 'Glob pattern' },
    path: { type: 'string', description: 'Directory to search' },
  },
  required: ['pattern'],
  additionalProperties: false,
});

const globTool: Tool = {
  name: 'glob',
  description: 'Finds files',
  inputSchema,
  safety: { level: SafetyLevel.READ_ONLY, destructive: false },
  concurrency: Concurrency.PARALLEL,
  execute: () => Promise.resolve(ToolResult.ok('')),
};

function item(argumentsText: string): OpenAIResponsesFunctionCall {
  return { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'glob', arguments: argumentsText };
}

describe('OpenAI Responses adapter', () => {
  it('PR-2: a tool definition is flat and strict by default, with the strict schema (PR-3)', () => {
    expect(toOpenAIResponsesTool(globTool)).toEqual({
      type: 'function',
      name: 'glob',
      description: 'Finds files',
      parameters: {
        type: 'object',
        properties: {
          pattern: { type: 'string', description: 'Glob pattern' },
          path: { type: ['string', 'null'], description: 'Directory to search' },
        },
        required: ['pattern', 'path'],
        additionalProperties: false,
      },
      strict: true,
    });
  });

  it('PR-2: strict: false sends the plain schema and writes strict: false, so the API does not rewrite it', () => {
    expect(toOpenAIResponsesTool(globTool, { strict: false })).toEqual({
      type: 'function',
      name: 'glob',
      description: 'Finds files',
      parameters: inputSchema,
      strict: false,
    });
  });

  it('PR-2: a function_call item becomes a ToolUse whose id is the call_id, nulls dropped', () => {
    const toolUse = fromOpenAIResponsesFunctionCall(item('{"pattern":"*.ts","path":null}'));
    expect(toolUse.id).toBe('call_1');
    expect(toolUse.name).toBe('glob');
    expect(toolUse.input.toJSON()).toEqual({ pattern: '*.ts' });
    expect(toolUse.inputError).toBeUndefined();
  });

  it('PR-2: arguments that are not JSON become a ToolUse with an exact inputError, never an exception (TC-2)', () => {
    const text = "{'pattern': '*.ts'}";
    const toolUse = fromOpenAIResponsesFunctionCall(item(text));
    expect(toolUse.input.keys()).toEqual([]);
    // The parser's own words, written out (Node 22's V8 adds the line and column).
    expect(toolUse.inputError).toMatch(
      /^Arguments for tool 'glob' are not valid JSON \(Expected property name or '\}' in JSON at position 1( \(line 1 column 2\))?\)\. Send the arguments as one JSON object\.$/,
    );
  });

  it('PR-2: arguments that are JSON but not an object become a ToolUse with an exact inputError (TC-2)', () => {
    expect(fromOpenAIResponsesFunctionCall(item('"*.ts"')).inputError).toBe(
      "Arguments for tool 'glob' must be a JSON object, but were a string.",
    );
    expect(fromOpenAIResponsesFunctionCall(item('true')).inputError).toBe(
      "Arguments for tool 'glob' must be a JSON object, but were a boolean.",
    );
  });

  it('PR-2: a result becomes a function_call_output item; an error is prefixed with Error: exactly once', () => {
    expect(toOpenAIResponsesFunctionOutput('call_1', ToolResult.ok('a.ts'))).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: 'a.ts',
    });
    expect(toOpenAIResponsesFunctionOutput('call_2', ToolResult.error('No files match'))).toEqual({
      type: 'function_call_output',
      call_id: 'call_2',
      output: 'Error: No files match',
    });
    expect(toOpenAIResponsesFunctionOutput('call_3', ToolResult.error('Error: No files match')).output).toBe(
      'Error: No files match',
    );
  });
});
