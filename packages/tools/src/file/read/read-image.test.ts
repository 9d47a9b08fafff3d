// Read shows images (SPEC CO-3): real PNG, JPEG, GIF and WebP files, known by their first bytes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, ToolInput, type ToolResult } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { detectImage } from './image-file.js';
import { MAX_IMAGE_BYTES, ReadTool } from './read-tool.js';

const folder = mkdtempSync(join(tmpdir(), 'tw-read-image-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Small real files of each format (a 1×1 PNG, JPEG, GIF and lossless WebP). */
const SAMPLES = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  jpeg: '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  gif: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  webp: 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
} as const;

const read = new ReadTool();
const run = (input: Record<string, unknown>): Promise<ToolResult> =>
  read.execute(ToolInput.of(input), createToolContext({ cwd: folder }));

/** A PNG header saying `width`×`height` (the signature and IHDR; enough for detection). */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

describe('detectImage', () => {
  it.each([
    ['png', 'image/png', 'PNG'],
    ['jpeg', 'image/jpeg', 'JPEG'],
    ['gif', 'image/gif', 'GIF'],
    ['webp', 'image/webp', 'WebP'],
  ] as const)('knows a %s by its bytes, with its size in pixels', (name, mimeType, format) => {
    expect(detectImage(Buffer.from(SAMPLES[name], 'base64'))).toEqual({ mimeType, format, width: 1, height: 1 });
  });

  it('reads the size from each header: PNG big-endian, GIF little-endian, a JPEG frame after other segments', () => {
    expect(detectImage(pngHeader(640, 480))).toMatchObject({ width: 640, height: 480 });
    const gif = Buffer.from(SAMPLES.gif, 'base64');
    gif.writeUInt16LE(300, 6);
    gif.writeUInt16LE(200, 8);
    expect(detectImage(gif)).toMatchObject({ width: 300, height: 200 });
    // A JPEG with a 20 KB APP1 segment before its frame: the size is past the first 8 KB.
    const jpeg = Buffer.from(SAMPLES.jpeg, 'base64');
    const app1 = Buffer.alloc(20_004);
    app1.writeUInt16BE(0xffe1, 0);
    app1.writeUInt16BE(20_002, 2);
    const long = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    const frame = long.indexOf(Buffer.from([0xff, 0xc2])); // this sample's frame is progressive (SOF2)
    long.writeUInt16BE(1080, frame + 5);
    long.writeUInt16BE(1920, frame + 7);
    expect(detectImage(long)).toMatchObject({ mimeType: 'image/jpeg', width: 1920, height: 1080 });
    expect(detectImage(long.subarray(0, 8_192))).toEqual({ mimeType: 'image/jpeg', format: 'JPEG' });
  });

  it('is undefined for text, other binary formats, and an image signature in a file of another name or place', () => {
    expect(detectImage(Buffer.from('hello'))).toBeUndefined();
    expect(detectImage(Buffer.from('%PDF-1.7\n'))).toBeUndefined();
    expect(detectImage(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0]))).toBeUndefined();
    expect(detectImage(Buffer.concat([Buffer.from('x'), Buffer.from(SAMPLES.png, 'base64')]))).toBeUndefined();
  });
});

describe('Read of an image file (CO-3)', () => {
  it.each([
    ['png', 'image/png', 'PNG'],
    ['jpeg', 'image/jpeg', 'JPEG'],
    ['gif', 'image/gif', 'GIF'],
    ['webp', 'image/webp', 'WebP'],
  ] as const)(
    'a %s is an image part with its bytes as they are on disk, named by the bytes, not the file name',
    async (name, mimeType, format) => {
      const bytes = Buffer.from(SAMPLES[name], 'base64');
      const path = join(folder, `${name}.dat`);
      writeFileSync(path, bytes);
      const result = await run({ file_path: path });
      expect(result.isError).toBe(false);
      expect(result.parts).toEqual([
        { type: 'text', text: `${path}: a ${format} image, 1×1 pixels, ${bytes.length} bytes.` },
        { type: 'image', data: bytes.toString('base64'), mimeType, width: 1, height: 1 },
      ]);
      expect(result.content).toBe(
        `${path}: a ${format} image, 1×1 pixels, ${bytes.length} bytes.\n[image: ${mimeType}, 1×1, ${bytes.length} bytes]`,
      );
      expect(result.metadata).toEqual({ path, bytes: bytes.length, mimeType, width: 1, height: 1 });
    },
  );

  it('a file named .png that is not an image stays a text file; other binary files stay refused', async () => {
    const text = join(folder, 'fake.png');
    writeFileSync(text, 'just text\n');
    expect((await run({ file_path: text })).content).toBe('     1\tjust text');
    const binary = join(folder, 'blob.bin');
    writeFileSync(binary, Buffer.from([1, 0, 2, 0]));
    expect(await run({ file_path: binary })).toMatchObject({
      isError: true,
      content: `${binary} looks binary (a NUL byte in its first 8 KB); Read shows text files only.`,
    });
  });

  it('a file that starts like an image but gives no size (damaged or cut) is refused, never sent', async () => {
    const path = join(folder, 'cut.png');
    writeFileSync(path, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]));
    const result = await run({ file_path: path });
    expect(result).toMatchObject({
      isError: true,
      content: `${path} starts like a PNG image, but its size in pixels cannot be read from it (a damaged or cut file); Read shows whole images only.`,
      metadata: { refused: 'binary', path },
    });
    expect(result.parts).toBeUndefined();
  });

  it('an image over 5 MiB is refused with the size and what to do', async () => {
    const path = join(folder, 'huge.png');
    writeFileSync(path, Buffer.concat([pngHeader(9000, 9000), Buffer.alloc(MAX_IMAGE_BYTES)]));
    const result = await run({ file_path: path });
    expect(result).toMatchObject({
      isError: true,
      content: `${path} is a PNG image of ${(MAX_IMAGE_BYTES + 33).toLocaleString('en-US')} bytes, over the 5,242,880-byte limit for showing an image. Make a smaller copy (fewer pixels, or JPEG) and read that.`,
      metadata: { refused: 'too-large', path },
    });
    expect(result.parts).toBeUndefined();
  });
});
