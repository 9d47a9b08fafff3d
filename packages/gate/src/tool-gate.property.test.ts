import { Concurrency, createToolUse, parseToolUse, ToolResult, type ToolInput } from '@toolwright/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedTool, SearchTool } from '../test/test-tools.js';
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

  it("PO-6: in any batch each result is its own call's, and calls that conflict never overlap and keep call order", async () => {
    // The test's own model of a conflict: an exclusive call, or two calls on one file where one writes.
    type Kind = 'free' | 'exclusive' | 'read' | 'write';
    const spans: { id: string; start: number; end: number }[] = [];
    let clock = 0;
    const behaviour = async (input: ToolInput): Promise<string> => {
      const id = input.getString('id', '?');
      const span = { id, start: ++clock, end: 0 };
      spans.push(span);
      await new Promise((resolve) => setTimeout(resolve, input.getNumber('wait', 0)));
      span.end = ++clock;
      return id;
    };
    const file = (input: ToolInput): string => input.getString('file', '');
    const tools = [
      new ScriptedTool({ name: 'free' }, behaviour),
      new ScriptedTool({ name: 'exclusive', concurrency: Concurrency.EXCLUSIVE }, behaviour),
      new ScriptedTool({ name: 'read', resourceKeys: (input) => ({ reads: [file(input)] }) }, behaviour),
      new ScriptedTool({ name: 'write', resourceKeys: (input) => ({ writes: [file(input)] }) }, behaviour),
    ];
    const gate = new ToolGate({ tools });
    const step = fc.record({
      kind: fc.constantFrom<Kind>('free', 'exclusive', 'read', 'write'),
      file: fc.constantFrom('/x', '/y'),
      wait: fc.nat({ max: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), async (steps) => {
        spans.length = 0;
        const results = await gate.executeBatch(
          steps.map((item, index) => createToolUse(`c${index}`, item.kind, { id: `c${index}`, ...item })),
        );
        expect(results.map((result) => result.content)).toEqual(steps.map((_, index) => `c${index}`));
        const span = (index: number) => spans.find((entry) => entry.id === `c${index}`);
        for (let later = 0; later < steps.length; later++) {
          for (let earlier = 0; earlier < later; earlier++) {
            const [one, other] = [steps[earlier], steps[later]] as [(typeof steps)[number], (typeof steps)[number]];
            const conflict =
              one.kind === 'exclusive' ||
              other.kind === 'exclusive' ||
              (one.file === other.file &&
                (one.kind === 'write' || other.kind === 'write') &&
                one.kind !== 'free' &&
                other.kind !== 'free');
            if (conflict) expect((span(earlier)?.end ?? 0) < (span(later)?.start ?? 0)).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
