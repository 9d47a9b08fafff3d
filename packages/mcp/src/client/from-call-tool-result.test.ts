import { describe, expect, it } from 'vitest';
import { fromCallToolResult } from './from-call-tool-result.js';

describe('fromCallToolResult', () => {
  it('MC-2, CO-1: every block becomes a part, bytes kept; the text form names the others; an unreadable block is a line saying so', () => {
    const readable = [
      { type: 'text', text: 'first' },
      { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
      { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
      { type: 'resource', resource: { uri: 'file:///b.txt', text: 'inline text' } },
      { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AA==', mimeType: 'application/octet-stream' } },
    ];
    const result = fromCallToolResult({
      content: [...readable, { type: 'video' }, { type: 'image', data: 'not base64' }, 'not an object'],
    });
    expect(result).toEqual({
      content: [
        'first',
        '[image: image/png, 5 bytes]',
        '[audio: audio/wav, 3 bytes]',
        '[resource link: a (file:///a.txt)]',
        '[resource: file:///b.txt]',
        'inline text',
        '[resource: file:///c.bin, application/octet-stream, 1 byte]',
        '[video content]',
        '[an image content block that is not well formed]',
        '[a content block that is not an object]',
      ].join('\n'),
      isError: false,
      metadata: {},
      parts: [
        ...readable,
        { type: 'text', text: '[video content]' },
        { type: 'text', text: '[an image content block that is not well formed]' },
        { type: 'text', text: '[a content block that is not an object]' },
      ],
    });
  });

  it('CO-1: with structured content and bytes, the parts keep the bytes and the structured content is the payload', () => {
    const result = fromCallToolResult({
      content: [{ type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' }],
      structuredContent: { width: 1 },
    });
    expect([result.content, result.structured, result.parts]).toEqual([
      '[image: image/png, 5 bytes]',
      { width: 1 },
      [{ type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' }],
    ]);
    const textOnly = fromCallToolResult({
      content: [
        { type: 'text', text: 't' },
        { type: 'text', text: 'u' },
      ],
    });
    expect([textOnly.content, textOnly.parts, textOnly.structured]).toEqual(['t\nu', undefined, undefined]);
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
