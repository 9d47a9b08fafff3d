import { createToolUse, SafetyLevel } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { fromAiSdkTools } from './from-ai-sdk-tools.js';

/** A tool whose execute streams values without end, and says how far it got and whether it was closed. */
function endlessStream(pauseMs: number) {
  const seen = { yielded: 0, closed: false };
  const toolSet = {
    watch: tool({
      description: 'Streams readings',
      inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {}, additionalProperties: false }),
      async *execute() {
        try {
          for (;;) {
            await new Promise((resolve) => setTimeout(resolve, pauseMs));
            seen.yielded++;
            yield `reading ${seen.yielded}`;
          }
        } finally {
          seen.closed = true;
        }
      },
    }),
  };
  return { toolSet, seen };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not come true within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('fromAiSdkTools: a streaming execute ends with its call (SPEC IN-1, PO-4)', () => {
  it('IN-1: a call the gate abandons at its time limit closes the stream, and nothing reads it after', async () => {
    for (const pauseMs of [0, 5, 50]) {
      const { toolSet, seen } = endlessStream(pauseMs);
      const gate = new ToolGate({
        tools: await fromAiSdkTools(toolSet, { safety: SafetyLevel.READ_ONLY }),
        toolTimeoutsMs: { watch: 300 },
      });
      const result = await gate.execute(createToolUse('call-1', 'watch', {}));
      expect(result).toMatchObject({ isError: true, metadata: { timedOut: true } });
      await until(() => seen.closed);
      const yielded = seen.yielded;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen.yielded).toBe(yielded);
    }
  });

  it('IN-1: a call cancelled through its signal closes the stream', async () => {
    const { toolSet, seen } = endlessStream(5);
    const gate = new ToolGate({ tools: await fromAiSdkTools(toolSet, { safety: SafetyLevel.READ_ONLY }) });
    const controller = new AbortController();
    const pending = gate.execute(createToolUse('call-1', 'watch', {}), { signal: controller.signal });
    await until(() => seen.yielded >= 3);
    controller.abort();
    expect(await pending).toMatchObject({ isError: true, metadata: { cancelled: true } });
    await until(() => seen.closed);
  });

  it('IN-1: a stream that ends gives its last value; one that throws gives an error result', async () => {
    const toolSet = {
      count: tool({
        description: 'Counts to three',
        inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {}, additionalProperties: false }),
        async *execute() {
          yield 'one';
          yield 'two';
          yield 'three';
        },
      }),
      fail: tool({
        description: 'Fails after one reading',
        inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {}, additionalProperties: false }),
        async *execute() {
          yield 'one';
          throw new Error('sensor unplugged');
        },
      }),
    };
    const gate = new ToolGate({ tools: await fromAiSdkTools(toolSet, { safety: SafetyLevel.READ_ONLY }) });
    expect(await gate.execute(createToolUse('c', 'count', {}))).toMatchObject({ isError: false, content: 'three' });
    expect((await gate.execute(createToolUse('f', 'fail', {}))).content).toContain('sensor unplugged');
  });
});
