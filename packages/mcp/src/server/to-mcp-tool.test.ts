import { SafetyLevel, type Tool } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { toMcpTool } from './to-mcp-tool.js';

const tool = (safety: Tool['safety'], outputSchema?: Tool['outputSchema']): Tool => ({
  name: 'probe',
  description: 'Probes',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  ...(outputSchema === undefined ? {} : { outputSchema }),
  safety,
  concurrency: 'PARALLEL',
  execute: () => Promise.reject(new Error('not called')),
});

describe('toMcpTool', () => {
  it.each([
    [
      { level: SafetyLevel.READ_ONLY, destructive: false },
      { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    ],
    [
      { level: SafetyLevel.WRITE, destructive: false },
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    ],
    [
      { level: SafetyLevel.WRITE, destructive: true },
      { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    ],
    [
      { level: SafetyLevel.BASH, destructive: true },
      { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    ],
    [
      { level: SafetyLevel.WRITE, destructive: true, idempotent: true, openWorld: false },
      { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    ],
    [
      { level: SafetyLevel.READ_ONLY, destructive: false, idempotent: false, openWorld: true },
      { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    ],
  ])('MC-1, MP-4: safety %j is announced as %j', (safety, annotations) => {
    expect(toMcpTool(tool(safety))).toEqual({
      name: 'probe',
      description: 'Probes',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations,
    });
  });

  it('MC-1: the output schema goes out when the tool has one', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    expect(toMcpTool(tool({ level: SafetyLevel.READ_ONLY, destructive: false }, schema)).outputSchema).toBe(schema);
  });

  it('MP-4: a title goes out at the top and in the annotations; an empty one not at all', () => {
    const titled = { ...tool({ level: SafetyLevel.READ_ONLY, destructive: false }), title: 'Probe the line' };
    expect(toMcpTool(titled)).toMatchObject({ title: 'Probe the line', annotations: { title: 'Probe the line' } });
    const untitled = toMcpTool({ ...titled, title: '' });
    expect(['title' in untitled, 'title' in (untitled.annotations ?? {})]).toEqual([false, false]);
  });
});
