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
      { readOnlyHint: true, destructiveHint: false },
    ],
    [
      { level: SafetyLevel.WRITE, destructive: false },
      { readOnlyHint: false, destructiveHint: false },
    ],
    [
      { level: SafetyLevel.WRITE, destructive: true },
      { readOnlyHint: false, destructiveHint: true },
    ],
    [
      { level: SafetyLevel.BASH, destructive: true },
      { readOnlyHint: false, destructiveHint: true },
    ],
  ])('MC-1: safety %j is announced as %j', (safety, annotations) => {
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
});
