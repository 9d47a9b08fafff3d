import { Concurrency, createToolUse, SafetyLevel } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { ScriptedTool } from '../test/test-tools.js';
import { ToolGate } from './tool-gate.js';

/** Tools that log when each call starts and ends, and how many run at once. */
function instrumentedGate() {
  const log: string[] = [];
  let active = 0;
  let mostAtOnce = 0;
  const behaviour =
    (label: (input: { getString(key: string, fallback: string): string }) => string) =>
    async (input: { getString(key: string, fallback: string): string }) => {
      const name = label(input);
      active++;
      mostAtOnce = Math.max(mostAtOnce, active);
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, Number(input.getString('wait', '20'))));
      log.push(`end ${name}`);
      active--;
      return name;
    };
  const byId = (input: { getString(key: string, fallback: string): string }) => input.getString('id', '?');
  const probe = new ScriptedTool({ name: 'probe' }, behaviour(byId));
  const exclusive = new ScriptedTool({ name: 'exclusive', safety: SafetyLevel.WRITE }, behaviour(byId));
  const edit = new ScriptedTool(
    {
      name: 'edit',
      safety: SafetyLevel.WRITE,
      concurrency: Concurrency.PARALLEL,
      resourceKeys: (input) => [input.getString('file', '')],
    },
    behaviour(byId),
  );
  const reader = new ScriptedTool(
    { name: 'reader', resourceKeys: (input) => ({ reads: [input.getString('file', '')] }) },
    behaviour(byId),
  );
  const keyedExclusive = new ScriptedTool(
    { name: 'keyed-exclusive', safety: SafetyLevel.WRITE, resourceKeys: (input) => [input.getString('file', '')] },
    behaviour(byId),
  );
  const gate = new ToolGate({
    tools: [probe, exclusive, edit, reader, keyedExclusive],
    runOptions: { allowWrite: true },
  });
  return { gate, log, mostAtOnce: () => mostAtOnce };
}

const call = (name: string, id: string, extra: Record<string, string> = {}) =>
  createToolUse(id, name, { id, ...extra });

describe('ToolGate.executeBatch', () => {
  it('PO-6: returns results in call order, whatever order the calls finish in', async () => {
    const { gate, log } = instrumentedGate();
    const results = await gate.executeBatch([
      call('probe', 'slow', { wait: '60' }),
      call('probe', 'fast', { wait: '1' }),
    ]);
    expect(results.map((result) => result.content)).toEqual(['slow', 'fast']);
    expect(log).toEqual(['start slow', 'start fast', 'end fast', 'end slow']);
  });

  it('PO-6: runs concurrency-safe calls in parallel', async () => {
    const { gate, mostAtOnce } = instrumentedGate();
    await gate.executeBatch([call('probe', 'a'), call('probe', 'b'), call('probe', 'c')]);
    expect(mostAtOnce()).toBe(3);
  });

  it('PO-6: runs an exclusive call alone, between the calls before and after it', async () => {
    const { gate, log, mostAtOnce } = instrumentedGate();
    const results = await gate.executeBatch([
      call('probe', 'a'),
      call('probe', 'b'),
      call('exclusive', 'x'),
      call('probe', 'c'),
    ]);
    expect(results.map((result) => result.content)).toEqual(['a', 'b', 'x', 'c']);
    expect(log.slice(0, 2).sort()).toEqual(['start a', 'start b']);
    expect(log.slice(2, 4).sort()).toEqual(['end a', 'end b']);
    expect(log.slice(4)).toEqual(['start x', 'end x', 'start c', 'end c']);
    expect(mostAtOnce()).toBe(2);
  });

  it('PO-6: calls on disjoint resources overlap; calls on the same resource run in call order', async () => {
    const { gate, log } = instrumentedGate();
    const results = await gate.executeBatch([
      call('edit', 'a1', { file: '/a', wait: '40' }),
      call('edit', 'b', { file: '/b', wait: '10' }),
      call('edit', 'a2', { file: '/a', wait: '1' }),
    ]);
    expect(results.map((result) => result.content)).toEqual(['a1', 'b', 'a2']);
    expect(log).toEqual(['start a1', 'start b', 'end b', 'end a1', 'start a2', 'end a2']);
  });

  it('PO-6: readers of a resource overlap; a writer waits for the readers before it, and later readers wait for it', async () => {
    const { gate, log } = instrumentedGate();
    const results = await gate.executeBatch([
      call('reader', 'r1', { file: '/a', wait: '30' }),
      call('reader', 'r2', { file: '/a', wait: '10' }),
      call('edit', 'w', { file: '/a/inner', wait: '5' }),
      call('reader', 'r3', { file: '/a', wait: '1' }),
      call('reader', 'other', { file: '/b', wait: '1' }),
    ]);
    expect(results.map((result) => result.content)).toEqual(['r1', 'r2', 'w', 'r3', 'other']);
    expect(log.slice(0, 3)).toEqual(['start r1', 'start r2', 'start other']);
    expect(log.slice(3)).toEqual(['end other', 'end r2', 'end r1', 'start w', 'end w', 'start r3', 'end r3']);
  });

  it('PO-6: an EXCLUSIVE tool stays exclusive even when it names resources', async () => {
    const { gate, log } = instrumentedGate();
    await gate.executeBatch([
      call('keyed-exclusive', 'x1', { file: '/a', wait: '20' }),
      call('keyed-exclusive', 'x2', { file: '/b', wait: '1' }),
    ]);
    expect(log).toEqual(['start x1', 'end x1', 'start x2', 'end x2']);
  });

  it('PO-6: unknown tools and unreadable arguments in a batch become error results in place', async () => {
    const { gate } = instrumentedGate();
    const results = await gate.executeBatch([
      call('probe', 'a'),
      call('nope', 'n'),
      createToolUse('bad', 'probe', [1]),
    ]);
    expect(results.map((result) => [result.isError, result.content])).toEqual([
      [false, 'a'],
      [true, "Unknown tool 'nope'. Available tools: probe, exclusive, edit, reader, keyed-exclusive."],
      [true, "Arguments for tool 'probe' must be a JSON object, but were an array."],
    ]);
  });
});
