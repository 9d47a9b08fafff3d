import { createToolUse, parseToolUse, ToolResult } from '@toolwright/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedTool, SearchTool } from '../test-support/test-tools.js';
import { ToolGate } from './tool-gate.js';

const names = fc.oneof(
  fc.constantFrom('search', 'echo', 'functions.search', 'Search', ''),
  fc.string({ maxLength: 12 }),
);

function gates(): ToolGate[] {
  const tools = () => [
    new SearchTool(),
    new ScriptedTool({ name: 'echo', subject: { kind: 'COMMAND', parameter: 'command' } }, (input) =>
      JSON.stringify(input.toJSON()),
    ),
  ];
  return [
    new ToolGate({ tools: tools() }),
    new ToolGate({
      tools: tools(),
      schemaValidation: 'ENFORCE',
      permissions: { allow: ['search', 'echo(git:*)'], deny: ['echo(rm:*)'] },
    }),
    new ToolGate({ tools: tools(), schemaValidation: 'OFF', runOptions: { maxToolOutputChars: 50 } }),
  ];
}

describe('ToolGate fuzz', () => {
  it('GV/TC-2: arbitrary JSON arguments through the whole gate always resolve to a ToolResult', async () => {
    const all = gates();
    await fc.assert(
      fc.asyncProperty(names, fc.jsonValue(), fc.nat({ max: all.length - 1 }), async (name, input, which) => {
        const result = await (all[which] as ToolGate).execute(createToolUse('id', name, input));
        expect(ToolResult.isToolResult(result)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('TC-2: arbitrary strings as OpenAI arguments always resolve to a ToolResult', async () => {
    const all = gates();
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.json(),
      fc.constantFrom('', 'null', '[]', '{"command":"git log"}', '{"query":'),
    );
    await fc.assert(
      fc.asyncProperty(names, text, fc.nat({ max: all.length - 1 }), async (name, argumentsText, which) => {
        const result = await (all[which] as ToolGate).execute(parseToolUse('id', name, argumentsText));
        expect(ToolResult.isToolResult(result)).toBe(true);
        expect(typeof result.content).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  it('PO-6: arbitrary batches resolve to one result per call, in order', async () => {
    const [gate] = gates();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(names, fc.jsonValue()), { maxLength: 6 }), async (calls) => {
        const results = await (gate as ToolGate).executeBatch(
          calls.map(([name, input], index) => createToolUse(`c${index}`, name, input)),
        );
        expect(results).toHaveLength(calls.length);
        for (const result of results) expect(ToolResult.isToolResult(result)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
