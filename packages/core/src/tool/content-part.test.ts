import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { base64ByteLength, checkContentParts, describeBytes, describePart, describeParts } from './content-part.js';
import { ToolResult } from './tool-result.js';

const PNG = Buffer.alloc(38 * 1024, 1).toString('base64');

describe('content parts (CO-1)', () => {
  it('describes each part in words for a text-only wire', () => {
    expect(
      describeParts([
        { type: 'text', text: 'The chart:' },
        { type: 'image', data: PNG, mimeType: 'image/png', width: 640, height: 480 },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///tmp/a.csv', name: 'a.csv', mimeType: 'text/csv' },
        { type: 'resource', resource: { uri: 'file:///tmp/b.txt', mimeType: 'text/plain', text: 'hello' } },
        { type: 'resource', resource: { uri: 'file:///tmp/c.bin', blob: Buffer.alloc(1536).toString('base64') } },
      ]),
    ).toBe(
      [
        'The chart:',
        '[image: image/png, 640×480, 38 KB]',
        '[audio: audio/wav, 3 bytes]',
        '[resource link: a.csv (file:///tmp/a.csv), text/csv]',
        '[resource: file:///tmp/b.txt, text/plain]',
        'hello',
        '[resource: file:///tmp/c.bin, 1.5 KB]',
      ].join('\n'),
    );
    expect(describePart({ type: 'image', data: 'AAAA', mimeType: 'image/gif' })).toBe('[image: image/gif, 3 bytes]');
  });

  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [1.25 * 1024 * 1024, '1.3 MB'],
  ])('describeBytes(%d) is %s', (bytes, words) => {
    expect(describeBytes(bytes)).toBe(words);
  });

  it('counts the bytes base64 stands for, padding included', () => {
    expect([
      base64ByteLength(''),
      base64ByteLength('AA=='),
      base64ByteLength('AAA='),
      base64ByteLength('AAAA'),
    ]).toEqual([0, 1, 2, 3]);
  });

  it('copies and freezes only the known keys', () => {
    const [image] = checkContentParts([
      { type: 'image', data: 'AAAA', mimeType: 'IMAGE/PNG', extra: 'dropped', width: 2, height: 3 },
    ]);
    expect(image).toEqual({ type: 'image', data: 'AAAA', mimeType: 'image/png', width: 2, height: 3 });
    expect(Object.isFrozen(image)).toBe(true);
  });

  it.each([
    ['not an array', 'x', 'Content parts must be an array.'],
    [
      'an unknown type',
      [{ type: 'video' }],
      'Content part 0 has the type "video"; a part is text, image, audio, resource_link or resource.',
    ],
    ['a part that is not an object', [null], 'Content part 0 is not an object.'],
    ['text that is not a string', [{ type: 'text', text: 1 }], "Content part 0 needs a string 'text'."],
    [
      'bytes that are not base64',
      [
        { type: 'text', text: 'a' },
        { type: 'image', data: 'not base64!', mimeType: 'image/png' },
      ],
      "Content part 1 needs its bytes in 'data' as base64 (A–Z, a–z, 0–9, + and /, padded with =).",
    ],
    [
      'a data: URL',
      [{ type: 'image', data: 'data:image/png;base64,AAAA', mimeType: 'image/png' }],
      "Content part 0 needs its bytes in 'data' as base64 (A–Z, a–z, 0–9, + and /, padded with =).",
    ],
    [
      'an image of another family',
      [{ type: 'image', data: 'AAAA', mimeType: 'audio/wav' }],
      'Content part 0 needs a mimeType of the form image/….',
    ],
    ['audio with no type', [{ type: 'audio', data: 'AAAA' }], 'Content part 0 needs a mimeType of the form audio/….'],
    [
      'a width that is not pixels',
      [{ type: 'image', data: 'AAAA', mimeType: 'image/png', width: 1.5 }],
      "Content part 0 has a 'width' that is not a whole number of pixels.",
    ],
    ['a link with no name', [{ type: 'resource_link', uri: 'file:///a' }], "Content part 0 needs a string 'name'."],
    [
      'a resource with neither text nor blob',
      [{ type: 'resource', resource: { uri: 'file:///a' } }],
      "Content part 0 needs a resource with 'text' or 'blob'.",
    ],
  ])('refuses %s, naming the part', (_case, parts, message) => {
    let thrown: unknown;
    try {
      checkContentParts(parts);
    } catch (error) {
      thrown = error;
    }
    expect(ToolwrightError.isInstance(thrown)).toBe(true);
    expect([(thrown as ToolwrightError).code, (thrown as Error).message]).toEqual(['INVALID_CONTENT_PART', message]);
  });
});

describe('ToolResult of parts (CO-1)', () => {
  const parts = [
    { type: 'text', text: 'Here:' },
    { type: 'image', data: 'AAAA', mimeType: 'image/png' },
  ] as const;

  it('ok and error take parts, with content their text form', () => {
    const ok = ToolResult.ok(parts, { structured: { n: 1 } });
    expect(ok).toEqual({
      content: 'Here:\n[image: image/png, 3 bytes]',
      structured: { n: 1 },
      isError: false,
      metadata: {},
      parts,
    });
    expect(ToolResult.error(parts)).toEqual({
      content: 'Here:\n[image: image/png, 3 bytes]',
      isError: true,
      metadata: {},
      parts,
    });
    expect(Object.isFrozen(ok.parts)).toBe(true);
  });

  it('parts that are all text make a text result', () => {
    expect(
      ToolResult.ok([
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ]),
    ).toEqual({
      content: 'a\nb',
      isError: false,
      metadata: {},
    });
  });

  it('derive keeps the parts, replaces them when given, and drops them on an explicit undefined', () => {
    const result = ToolResult.ok(parts);
    expect(ToolResult.derive(result, { metadata: { durationMs: 1 } }).parts).toEqual(parts);
    const replaced = ToolResult.derive(result, { parts: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/mpeg' }] });
    expect([replaced.content, replaced.parts]).toEqual([
      '[audio: audio/mpeg, 3 bytes]',
      [{ type: 'audio', data: 'AAAA', mimeType: 'audio/mpeg' }],
    ]);
    const dropped = ToolResult.derive(result, { parts: undefined });
    expect([dropped.content, dropped.parts]).toEqual(['Here:\n[image: image/png, 3 bytes]', undefined]);
  });

  it('derive with new content alone makes a text result: a rewrite never leaves the old parts beside it', () => {
    const secret = ToolResult.ok([
      { type: 'text', text: 'token=hunter2' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ]);
    const redacted = ToolResult.derive(secret, { content: 'token=[redacted]' });
    expect(redacted).toEqual({ content: 'token=[redacted]', isError: false, metadata: {} });
    const captioned = ToolResult.derive(secret, {
      content: 'A picture',
      parts: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
    });
    expect([captioned.content, captioned.parts]).toEqual([
      'A picture',
      [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
    ]);
  });

  it('refuses a part that is not one, as the factories are called', () => {
    expect(() => ToolResult.ok([{ type: 'image', data: '!', mimeType: 'image/png' } as never])).toThrow(
      "Content part 0 needs its bytes in 'data' as base64",
    );
  });
});
