import { ToolResult } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { limitOutput } from './output-limit.js';

const OK_HINT = 'To see the rest, ask for a smaller part at a time.';
const ERROR_HINT = 'Fix what is shown and call again; the rest will be reported then.';

describe('limitOutput', () => {
  it('PO-3: cuts the content without splitting a surrogate pair and ends it with the cut marker, counting characters (not UTF-16 units)', () => {
    const even = limitOutput(ToolResult.ok('😀'.repeat(40_000)), 30_000);
    expect(even.content).toBe(
      `${'😀'.repeat(14_944)}\n[Output cut: showed the first 14,944 of 40,000 characters. ${OK_HINT}]`,
    );
    expect(even.content.length).toBe(29_999);
    expect(even.metadata).toEqual({ truncated: true, originalLength: 80_000 });
    // One character before the emoji: the cut would fall between the halves of a pair, so it moves back one.
    const odd = limitOutput(ToolResult.ok(`a${'😀'.repeat(40_000)}`), 30_000);
    expect(odd.content).toBe(
      `a${'😀'.repeat(14_944)}\n[Output cut: showed the first 14,945 of 40,001 characters. ${OK_HINT}]`,
    );
  });

  it('PO-3: a result within the limit is returned as it is', () => {
    const result = ToolResult.ok('short', { structured: { n: 1 } });
    expect(limitOutput(result, 30_000)).toBe(result);
  });

  it('PO-3: a small limit gets the marker without the hint, a tiny one the bare cut', () => {
    expect(limitOutput(ToolResult.ok('x'.repeat(200)), 80).content).toBe(
      `${'x'.repeat(27)}\n[Output cut: showed the first 27 of 200 characters.]`,
    );
    expect(limitOutput(ToolResult.ok('abcdef'), 3)).toEqual({
      content: 'abc',
      isError: false,
      metadata: { truncated: true, originalLength: 6 },
    });
  });

  it("PO-3: a cut error leaves room for the 'Error: ' prefix the OpenAI formats add, unless it has it already", () => {
    const over = limitOutput(ToolResult.error('x'.repeat(30_001)), 30_000);
    expect(over.content).toBe(
      `${'x'.repeat(29_867)}\n[Output cut: showed the first 29,867 of 30,001 characters. ${ERROR_HINT}]`,
    );
    expect(over.content.length).toBe(29_993);
    expect(over.isError).toBe(true);
    const prefixed = limitOutput(ToolResult.error(`Error: ${'x'.repeat(29_994)}`), 30_000);
    expect(prefixed.content.length).toBe(30_000);
  });

  it('BT-1/PO-3: an error within the limit is not cut, so a last line like [exit code: 1] stays', () => {
    const fits = ToolResult.error(`${'x'.repeat(29_985)}\n[exit code: 1]`);
    expect(fits.content.length).toBe(30_000);
    expect(limitOutput(fits, 30_000)).toBe(fits);
  });

  it("PO-3: the marker ends with the tool's own hint when it gives one", () => {
    const result = ToolResult.ok('x'.repeat(300), { metadata: { cutHint: 'Read on with offset 101.' } });
    expect(limitOutput(result, 200)).toEqual({
      content: `${'x'.repeat(121)}\n[Output cut: showed the first 121 of 300 characters. Read on with offset 101.]`,
      isError: false,
      metadata: { cutHint: 'Read on with offset 101.', truncated: true, originalLength: 300 },
    });
  });

  it('PO-3: a structured payload over the limit is left out, and the metadata says so', () => {
    const big = ToolResult.ok('done', { structured: { stdout: 'x'.repeat(100) }, metadata: { exitCode: 0 } });
    expect(limitOutput(big, 100)).toEqual({
      content: 'done',
      isError: false,
      metadata: { exitCode: 0, structuredDropped: true, structuredLength: 113 },
    });
    expect(limitOutput(big, 113)).toBe(big);
    const failed = ToolResult.error('x'.repeat(300), { structured: { stdout: 'x'.repeat(300) } });
    expect(limitOutput(failed, 200)).toEqual({
      content: `${'x'.repeat(73)}\n[Output cut: showed the first 73 of 300 characters. ${ERROR_HINT}]`,
      isError: true,
      metadata: { truncated: true, originalLength: 300, structuredDropped: true, structuredLength: 313 },
    });
  });

  it('PO-3: a structured payload that is not JSON cannot go on any wire and is left out', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(limitOutput(ToolResult.ok('done', { structured: cycle }), 30_000)).toEqual({
      content: 'done',
      isError: false,
      metadata: { structuredDropped: true },
    });
    expect(limitOutput(ToolResult.ok('done', { structured: { count: 10n } }), 30_000).metadata).toEqual({
      structuredDropped: true,
    });
  });

  it('TC-4: an error within the limit keeps its structured payload', () => {
    const failed = ToolResult.error('[exit code: 2]', { structured: { stderr: 'no such file' } });
    expect(limitOutput(failed, 30_000)).toBe(failed);
  });
});
