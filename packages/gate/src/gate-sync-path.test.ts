import { createToolUse } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { ScriptedTool, SearchTool } from '../test/test-tools.js';
import { ToolGate } from './tool-gate.js';

/** How many timers are active in this process. */
const timers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('a call that never waits', () => {
  it('PO-4: a tool that answers at once is answered without a timer, its result the same as ever', async () => {
    const gate = new ToolGate({
      tools: [new SearchTool()],
      permissions: { allow: ['search'] },
      schemaValidation: 'ENFORCE',
    });
    const before = timers();
    const pending = gate.execute(createToolUse('c', 'search', { query: 'q' }));
    expect(timers()).toBe(before);
    const result = await pending;
    expect(result.isError).toBe(false);
    expect(result.content).toBe('q (limit 10)');
  });

  it('PO-4: a tool that must be waited for still gets its deadline, and many pending calls share one timer', async () => {
    const slow = new ScriptedTool({ name: 'slow', timeoutMs: 40 }, () => new Promise(() => undefined));
    const gate = new ToolGate({ tools: [slow] });
    const before = timers();
    const calls = Array.from({ length: 20 }, (_, index) => gate.execute(createToolUse(`c${index}`, 'slow', {})));
    // Measured in the same tick as the calls were made: nothing else can have started a timer.
    expect(timers() - before).toBeLessThanOrEqual(1);
    const results = await Promise.all(calls);
    expect(results.map((result) => result.content)).toEqual(
      results.map(() => "Tool 'slow' did not finish within 40ms and was abandoned."),
    );
    expect(results.every((result) => result.metadata.timedOut === true)).toBe(true);
  });

  it('PO-3: a text answer becomes one frozen result with the duration; a policy after the call reads it as a result', async () => {
    const seen: unknown[] = [];
    const plain = new ToolGate({ tools: [new SearchTool()], permissions: { allow: ['search'] } });
    const result = await plain.execute(createToolUse('c', 'search', { query: 'q' }));
    expect(Object.keys(result)).toEqual(['content', 'isError', 'metadata']);
    expect(Object.keys(result.metadata)).toEqual(['durationMs']);
    expect(result.metadata.durationMs).toBeTypeOf('number');
    expect(Object.isFrozen(result) && Object.isFrozen(result.metadata)).toBe(true);
    const watched = new ToolGate({
      tools: [new SearchTool()],
      permissions: { allow: ['search'] },
      policies: [{ name: 'watch', after: (_tool, _input, answer) => (seen.push(answer), answer) }],
    });
    const rewritten = await watched.execute(createToolUse('c', 'search', { query: 'q' }));
    expect(seen).toEqual([{ content: 'q (limit 10)', isError: false, metadata: {} }]);
    expect(rewritten.content).toBe('q (limit 10)');
    expect(Object.keys(rewritten.metadata)).toEqual(['durationMs']);
  });
});
