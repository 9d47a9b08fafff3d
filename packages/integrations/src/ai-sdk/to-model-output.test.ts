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

describe('toModelOutput of parts (CO-2)', () => {
  it('a result of parts is content: text, image-data, file-data for audio and blobs, the rest as text', () => {
    const result = ToolResult.ok([
      { type: 'text', text: 'Look:' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png', width: 2, height: 2 },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///r/report.pdf', mimeType: 'application/pdf', blob: 'JVBERg==' } },
      { type: 'resource', resource: { uri: 'test://note', text: 'a note' } },
      { type: 'resource_link', uri: 'file:///a.csv', name: 'a.csv' },
    ]);
    expect(toModelOutput(result)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'Look:' },
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'file-data', data: 'UklGRg==', mediaType: 'audio/wav' },
        { type: 'file-data', data: 'JVBERg==', mediaType: 'application/pdf', filename: 'report.pdf' },
        { type: 'text', text: '[resource: test://note]\na note' },
        { type: 'text', text: '[resource link: a.csv (file:///a.csv)]' },
      ],
    });
  });

  it('an error of parts is error-text, so the model learns it failed', () => {
    const error = ToolResult.error([
      { type: 'text', text: 'render failed' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ]);
    expect(toModelOutput(error)).toEqual({ type: 'error-text', value: 'render failed\n[image: image/png, 3 bytes]' });
  });
});
