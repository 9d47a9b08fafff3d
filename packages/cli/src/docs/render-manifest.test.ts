import { SafetyLevel, type Tool } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { renderManifest } from './render-manifest.js';

const tool = (name: string, safety: Tool['safety'], outputSchema?: Tool['outputSchema']): Tool => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  ...(outputSchema === undefined ? {} : { outputSchema }),
  safety,
  concurrency: 'PARALLEL',
  execute: () => Promise.reject(new Error('not called')),
});

describe('renderManifest', () => {
  it('CL-1: lists each tool as an MCP server does, with its output schema when it has one, and its safety level', () => {
    const outputSchema = { type: 'object', properties: { count: { type: 'integer' } } };
    const manifest = JSON.parse(
      renderManifest([
        tool('count_rows', { level: SafetyLevel.READ_ONLY, destructive: false }, outputSchema),
        tool('drop_rows', { level: SafetyLevel.WRITE, destructive: true }),
      ]),
    ) as unknown;
    expect(manifest).toEqual({
      tools: [
        {
          name: 'count_rows',
          description: 'The count_rows tool.',
          inputSchema: { type: 'object', properties: {}, additionalProperties: false },
          outputSchema,
          annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
          safety: 'READ_ONLY',
        },
        {
          name: 'drop_rows',
          description: 'The drop_rows tool.',
          inputSchema: { type: 'object', properties: {}, additionalProperties: false },
          annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
          safety: 'WRITE',
        },
      ],
    });
  });

  it('CL-1: is deterministic, two-space indented and ends with a line break', () => {
    const tools = [tool('probe', { level: SafetyLevel.READ_ONLY, destructive: false })];
    const text = renderManifest(tools);
    expect(text).toBe(renderManifest(tools));
    expect(text.startsWith('{\n  "tools": [\n    {\n      "name": "probe",')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });
});
