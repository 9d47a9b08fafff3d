import { ToolResult } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { toModelOutput } from './to-model-output.js';

describe('toModelOutput', () => {
  it('IN-1: an error result is error-text, an ok result text; the model reads the content only', () => {
    expect(toModelOutput(ToolResult.error('Parameter x is required.', { metadata: { policyDenied: true } }))).toEqual({
      type: 'error-text',
      value: 'Parameter x is required.',
    });
    expect(toModelOutput(ToolResult.ok('3 files', { structured: { count: 3 }, metadata: { durationMs: 4 } }))).toEqual({
      type: 'text',
      value: '3 files',
    });
  });

  it('IN-1: an output that is not a result is shown as its text', () => {
    expect(toModelOutput('plain')).toEqual({ type: 'text', value: 'plain' });
    expect(toModelOutput({ count: 3 })).toEqual({ type: 'text', value: '{"count":3}' });
    expect(toModelOutput(undefined)).toEqual({ type: 'text', value: '' });
  });
});
