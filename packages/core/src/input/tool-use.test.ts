import { describe, expect, it } from 'vitest';
import { createToolUse, parseToolUse } from './tool-use.js';

describe('ToolUse', () => {
  it('TC-2: normalises nulls when the payload is converted', () => {
    const toolUse = createToolUse('toolu_1', 'read', { file_path: '/a', offset: null, options: { limit: null } });
    expect(toolUse).toMatchObject({ id: 'toolu_1', name: 'read' });
    expect(toolUse.input.toJSON()).toEqual({ file_path: '/a', options: {} });
    expect(toolUse.inputError).toBeUndefined();
    expect(Object.isFrozen(toolUse)).toBe(true);
  });

  it('TC-2: parses OpenAI arguments text', () => {
    const toolUse = parseToolUse('call_1', 'read', '{"file_path":"/a","limit":null}');
    expect(toolUse.input.toJSON()).toEqual({ file_path: '/a' });
    expect(toolUse.inputError).toBeUndefined();
  });

  it('TC-2: arguments that are not JSON become a ToolUse naming the problem, never an exception', () => {
    const toolUse = parseToolUse('call_2', 'read', '{"file_path": ');
    expect(toolUse.input.keys()).toEqual([]);
    expect(toolUse.inputError).toMatch(
      /^Arguments for tool 'read' are not valid JSON \(.+\)\. Send the arguments as one JSON object\.$/,
    );
  });

  it.each([
    ['[1,2]', 'an array'],
    ['"text"', 'a string'],
    ['42', 'an integer'],
    ['true', 'a boolean'],
  ])('TC-2: arguments %s are not an object', (text, what) => {
    expect(parseToolUse('call_3', 'read', text).inputError).toBe(
      `Arguments for tool 'read' must be a JSON object, but were ${what}.`,
    );
  });

  it('TC-2: empty arguments and null arguments mean no arguments', () => {
    for (const text of ['', '  ', 'null']) {
      const toolUse = parseToolUse('call_4', 'list', text);
      expect(toolUse.inputError).toBeUndefined();
      expect(toolUse.input.keys()).toEqual([]);
    }
    expect(createToolUse('c', 'list', undefined).inputError).toBeUndefined();
  });

  it('TC-2: hostile depth and values JSON cannot carry are reported, not thrown', () => {
    const deep = `${'['.repeat(600)}${']'.repeat(600)}`;
    expect(parseToolUse('call_5', 'read', `{"a":${deep}}`).inputError).toBe(
      "Arguments for tool 'read' could not be read: Tool input is nested deeper than 512 levels (or contains a cycle).",
    );
    expect(createToolUse('c', 'read', { when: new Date(0) }).inputError).toBe(
      "Arguments for tool 'read' could not be read: Tool input at 'when' is an instance of Date, which JSON cannot carry.",
    );
  });

  it('TC-2: ids and names that are not strings are read as text', () => {
    const toolUse = parseToolUse(7, undefined, '{}');
    expect(toolUse.id).toBe('7');
    expect(toolUse.name).toBe('');
  });
});
