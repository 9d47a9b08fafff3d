import { describe, expect, it } from 'vitest';
import { fromCallToolResult } from './from-call-tool-result.js';

describe('fromCallToolResult', () => {
  it('MC-2, MP-6: text blocks are joined; other blocks are named in one line each, and bytes are kept in the payload', () => {
    const content = [
      { type: 'text', text: 'first' },
      { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
      { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
      { type: 'resource', resource: { uri: 'file:///b.txt', text: 'inline text' } },
      { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AA==', mimeType: 'application/octet-stream' } },
      { type: 'video' },
      'not an object',
    ];
    const result = fromCallToolResult({ content });
    expect(result).toEqual({
      structured: { content },
      content: [
        'first',
        '[image: image/png, 5 bytes]',
        '[audio: audio/wav, 3 bytes]',
        '[resource: file:///a.txt]',
        'inline text',
        '[resource: file:///c.bin, application/octet-stream]',
        '[video content]',
        '[a content block that is not an object]',
      ].join('\n'),
      isError: false,
      metadata: {},
    });
  });

  it('MP-6: with structured content and bytes, the structured content is the payload', () => {
    const result = fromCallToolResult({
      content: [{ type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' }],
      structuredContent: { width: 1 },
    });
    expect([result.content, result.structured]).toEqual(['[image: image/png, 5 bytes]', { width: 1 }]);
    const textOnly = fromCallToolResult({ content: [{ type: 'resource', resource: { uri: 'x:1', text: 't' } }] });
    expect(textOnly.structured).toBeUndefined();
  });

  it('MC-2: structured content is the payload, and the text when there is no other', () => {
    expect(fromCallToolResult({ content: [], structuredContent: { total: 3 } })).toEqual({
      content: '{"total":3}',
      structured: { total: 3 },
      isError: false,
      metadata: {},
    });
  });

  it('MC-2: isError is kept, with a sentence when the server gave none', () => {
    expect(fromCallToolResult({ content: [{ type: 'text', text: 'disk full' }], isError: true })).toEqual({
      content: 'disk full',
      isError: true,
      metadata: {},
    });
    expect(fromCallToolResult({ content: [], isError: true }).content).toBe(
      'The remote tool failed without saying why.',
    );
  });

  it("TC-4/MC-2: an error keeps the server's structured payload", () => {
    expect(
      fromCallToolResult({
        content: [{ type: 'text', text: '[exit code: 2]' }],
        structuredContent: { stderr: 'no such file' },
        isError: true,
      }),
    ).toEqual({ content: '[exit code: 2]', structured: { stderr: 'no such file' }, isError: true, metadata: {} });
  });
});
