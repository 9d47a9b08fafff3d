import { createToolUse, type Tool } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { rawTool, ScriptedTool } from '../../test/test-tools.js';
import { DEFAULT_GATE_TIMEOUT_MS } from './gate-options.js';
import { timeoutFor } from './gate-timeouts.js';
import { ToolGate } from '../tool-gate.js';

const own = (timeoutMs?: number): Tool =>
  new ScriptedTool({ name: 'slow', ...(timeoutMs === undefined ? {} : { timeoutMs }) });

describe('gate timeouts', () => {
  it("PO-4: the host's limit for the tool by name, then the tool's own timeoutMs, then the host's timeoutMs, then the default", () => {
    const tools: Tool[] = [];
    expect(timeoutFor({ tools, toolTimeoutsMs: { slow: 100 }, timeoutMs: 300 }, own(200))).toBe(100);
    expect(timeoutFor({ tools, toolTimeoutsMs: { other: 100 }, timeoutMs: 300 }, own(200))).toBe(200);
    expect(timeoutFor({ tools, timeoutMs: 300 }, own())).toBe(300);
    expect(timeoutFor({ tools }, own())).toBe(DEFAULT_GATE_TIMEOUT_MS);
  });

  it("PO-4: a hand-made tool's timeoutMs that no timer can keep is passed over", () => {
    const tools: Tool[] = [];
    const execute = (): never => {
      throw new Error('not run');
    };
    for (const timeoutMs of [0, -5, 1.5, Number.NaN, 2 ** 31, '100'])
      expect(timeoutFor({ tools, timeoutMs: 300 }, rawTool('slow', execute, { timeoutMs } as Partial<Tool>))).toBe(300);
  });

  it("PO-4: a tool that never settles is abandoned after its own timeoutMs, without the tool's cooperation", async () => {
    const stuck = new ScriptedTool({ name: 'stuck', timeoutMs: 40 }, () => new Promise(() => undefined));
    const gate = new ToolGate({ tools: [stuck], timeoutMs: 600_000 });
    expect(await gate.execute(createToolUse('c', 'stuck', {}))).toMatchObject({
      content: "Tool 'stuck' did not finish within 40ms and was abandoned.",
      isError: true,
      metadata: { timedOut: true },
    });
  });
});
