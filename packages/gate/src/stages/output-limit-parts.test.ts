// The output limit on results of parts (SPEC CO-1): binary parts bounded by bytes, in order, each
// one left out replaced by a sentence; the text form cut as a text result's content is.
import { describe, expect, it } from 'vitest';
import { ToolResult, type ContentPart } from '@toolwright/core';
import { limitOutput } from './output-limit.js';

/** base64 of `bytes` bytes. */
const bytesOf = (bytes: number): string => Buffer.alloc(bytes, 7).toString('base64');
const image = (bytes: number): ContentPart => ({ type: 'image', data: bytesOf(bytes), mimeType: 'image/png' });

describe('limitOutput with parts', () => {
  it('returns a result within both limits unchanged', () => {
    const result = ToolResult.ok([{ type: 'text', text: 'a chart' }, image(300)]);
    expect(limitOutput(result, 1_000, 1_000)).toBe(result);
  });

  it('keeps binary parts in order while their bytes fit, and says what each one left out was', () => {
    const result = ToolResult.ok([image(600), { type: 'text', text: 'between' }, image(500), image(300)]);
    const limited = limitOutput(result, 10_000, 1_000);
    expect(limited.parts).toEqual([
      image(600),
      { type: 'text', text: 'between' },
      {
        type: 'text',
        text: '[image: image/png, 500 bytes] was left out: the images, audio and files of one result may take 1000 bytes in all.',
      },
      image(300),
    ]);
    expect(limited.content).toBe(
      '[image: image/png, 600 bytes]\nbetween\n[image: image/png, 500 bytes] was left out: the images, audio and files of one result may take 1000 bytes in all.\n[image: image/png, 300 bytes]',
    );
    expect(limited.metadata).toEqual({ partsLeftOut: 1, bytesLeftOut: 500 });
    expect(limited.isError).toBe(false);
  });

  it('counts an embedded blob and audio as bytes, and an embedded text resource as text', () => {
    const result = ToolResult.ok([
      { type: 'resource', resource: { uri: 'file:///a.txt', text: 'x'.repeat(2_000) } },
      { type: 'audio', data: bytesOf(800), mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///b.bin', blob: bytesOf(300) } },
    ]);
    const limited = limitOutput(result, 10_000, 1_000);
    expect(limited.metadata).toEqual({ partsLeftOut: 1, bytesLeftOut: 300 });
    expect(limited.parts?.map((part) => part.type)).toEqual(['resource', 'audio', 'text']);
  });

  it('cuts the text part at the cut with the marker, keeps what came before and sends nothing after', () => {
    const result = ToolResult.ok([
      { type: 'text', text: 'intro' },
      image(3),
      { type: 'text', text: 'y'.repeat(500) },
      image(3),
    ]);
    const limited = limitOutput(result, 200, 1_000);
    const [first, second, third, ...rest] = limited.parts!;
    expect([first, second, rest]).toEqual([{ type: 'text', text: 'intro' }, image(3), []]);
    expect(third).toEqual({
      type: 'text',
      text: `${'y'.repeat(61)}\n[Output cut: showed the first 95 of 562 characters. To see the rest, ask for a smaller part at a time.]`,
    });
    expect(limited.content.length).toBeLessThanOrEqual(200);
    expect(limited.content).toBe(`intro\n[image: image/png, 3 bytes]\n${(third as { text: string }).text}`);
    expect(limited.metadata).toEqual({ truncated: true, originalLength: 562 });
  });

  it('puts the marker in a part of its own when the cut falls in a part that is not text', () => {
    const result = ToolResult.ok([
      { type: 'text', text: 'z'.repeat(50) },
      image(3),
      { type: 'text', text: 'w'.repeat(300) },
    ]);
    const limited = limitOutput(result, 160, 1_000);
    expect(limited.parts).toBeUndefined();
    expect(limited.content).toBe(
      `${'z'.repeat(50)}\n[Output cut: showed the first 50 of 379 characters. To see the rest, ask for a smaller part at a time.]`,
    );
  });
});

describe('limitOutput with parts shaped by hand', () => {
  it.each([
    ['parts that are not a list', 'x', 'Content parts must be an array.'],
    [
      'an image whose bytes are not base64',
      [{ type: 'image', data: 'AAAA AAAA', mimeType: 'image/png' }],
      "Content part 0 needs its bytes in 'data' as base64 (A–Z, a–z, 0–9, + and /, padded with =).",
    ],
    [
      'a part of no known type',
      [
        { type: 'text', text: 'a' },
        { type: 'script', code: 'x' },
      ],
      'Content part 1 has the type "script"; a part is text, image, audio, resource_link or resource.',
    ],
  ])('refuses a result with %s: nothing of it goes on a wire', (_case, parts, message) => {
    const shaped = { content: 'looks fine', isError: false, metadata: {}, parts } as unknown as ToolResult;
    expect(limitOutput(shaped, 1_000, 1_000)).toEqual({
      content: `The tool answered with content that is not well formed: ${message}`,
      isError: true,
      metadata: { malformedParts: true },
    });
  });

  it('checks, and copies, well-formed parts that no factory made', () => {
    const shaped = {
      content: 'x',
      isError: false,
      metadata: {},
      parts: [{ type: 'image', data: 'AAAA', mimeType: 'image/png', extra: 'dropped' }],
    } as unknown as ToolResult;
    expect(limitOutput(shaped, 1_000, 1_000).parts).toEqual([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]);
  });
});
