import { createExternalToolDefinition } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { decideRemoteSafety } from './remote-safety.js';

const withHints = (annotations: Record<string, unknown>) =>
  createExternalToolDefinition({
    name: 'remote',
    description: 'A remote tool',
    inputSchema: { type: 'object' },
    annotations,
    origin: "MCP server 'test'",
  });

describe('decideRemoteSafety', () => {
  it.each([
    [{ readOnlyHint: true }, { level: 'WRITE', destructive: true }],
    [
      { readOnlyHint: false, destructiveHint: false },
      { level: 'WRITE', destructive: true },
    ],
    [{}, { level: 'WRITE', destructive: true }],
  ])('TC-10: untrusted hints %j fail closed to WRITE, destructive', (hints, safety) => {
    expect(decideRemoteSafety(withHints(hints), false)).toEqual(safety);
  });

  it.each([
    [{ readOnlyHint: true }, { level: 'READ_ONLY', destructive: false }],
    [
      { readOnlyHint: true, destructiveHint: true },
      { level: 'READ_ONLY', destructive: false },
    ],
    [
      { readOnlyHint: false, destructiveHint: false },
      { level: 'WRITE', destructive: false },
    ],
    [{ readOnlyHint: false }, { level: 'WRITE', destructive: true }],
    [{ destructiveHint: false }, { level: 'WRITE', destructive: false }],
    [{}, { level: 'WRITE', destructive: true }],
    [{ readOnlyHint: 'yes' }, { level: 'WRITE', destructive: true }],
  ])('TC-10: trusted hints %j give %j', (hints, safety) => {
    expect(decideRemoteSafety(withHints(hints), true)).toEqual(safety);
  });
});
