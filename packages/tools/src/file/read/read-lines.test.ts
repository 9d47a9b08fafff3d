import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLineWindow, type LineWindow, type WindowRequest } from './read-lines.js';

const folder = mkdtempSync(join(tmpdir(), 'tw-read-lines-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The size of one read; tests that cross it place bytes on either side of it. */
const CHUNK = 65_536;
let files = 0;

/** Writes `content` to a new file and reads a window of it. */
async function windowOf(content: string | Buffer, request: Partial<WindowRequest> = {}): Promise<LineWindow> {
  const path = join(folder, `file-${files++}`);
  writeFileSync(path, content);
  const handle = await open(path, 'r');
  try {
    return await readLineWindow(handle, { offset: 1, limit: 100, maxLineChars: 1000, readToEnd: true, ...request });
  } finally {
    await handle.close();
  }
}

const texts = (window: LineWindow): string[] => window.lines.map((line) => line.text);

describe('readLineWindow', () => {
  it('BT-3: reads the window and, read to the end, the total, the endings and the last newline', async () => {
    expect(await windowOf('one\ntwo\r\n\nfour', { offset: 2, limit: 2 })).toEqual({
      lines: [
        { text: 'two', cut: false, bytes: 3 },
        { text: '', cut: false, bytes: 0 },
      ],
      totalLines: 4,
      more: true,
      endsWithNewline: false,
      lineEndings: 'mixed',
      invalidUtf8: false,
      bom: false,
    });
    const none = await windowOf('single line');
    expect([none.lineEndings, none.endsWithNewline, none.totalLines, none.more]).toEqual(['none', false, 1, false]);
    const crlf = await windowOf('a\r\nb\r\n');
    expect([crlf.lineEndings, crlf.endsWithNewline, texts(crlf)]).toEqual(['CRLF', true, ['a', 'b']]);
  });

  it('BT-3: without readToEnd it stops after the window: no total, no end, and more is true', async () => {
    const window = await windowOf('a\nb\nc\n', { limit: 2, readToEnd: false });
    expect([texts(window), window.totalLines, window.more, window.endsWithNewline]).toEqual([
      ['a', 'b'],
      undefined,
      true,
      undefined,
    ]);
    // A window that ends where the file ends still learns that nothing follows.
    const exact = await windowOf('a\nb\n', { limit: 2, readToEnd: false });
    expect([texts(exact), exact.totalLines, exact.more, exact.endsWithNewline]).toEqual([['a', 'b'], 2, false, true]);
  });

  it('BT-3: an empty file and an offset past the end give no lines', async () => {
    expect(await windowOf('')).toMatchObject({ lines: [], totalLines: 0, more: false, lineEndings: 'none' });
    expect(await windowOf('a\nb\n', { offset: 5 })).toMatchObject({ lines: [], totalLines: 2, more: false });
  });

  it('BT-3: a byte order mark at the start is reported and not shown; later it is text', async () => {
    const window = await windowOf('\uFEFFfirst\n\uFEFFsecond\n');
    expect([window.bom, texts(window), window.lines[0]?.bytes]).toEqual([true, ['first', '\uFEFFsecond'], 5]);
  });

  it('BT-3: invalid UTF-8 shows as U+FFFD and is reported; bytes count the file, not the text', async () => {
    const window = await windowOf(Buffer.from([0x61, 0xff, 0x62, 0x0a, 0x63, 0x0a]));
    expect([window.lines, window.invalidUtf8]).toEqual([
      [
        { text: 'a\uFFFDb', cut: false, bytes: 3 },
        { text: 'c', cut: false, bytes: 1 },
      ],
      true,
    ]);
  });

  it('BT-3: a long line keeps only its first bytes and is cut; a character is never split', async () => {
    // 300 two-byte characters; with maxLineChars 5 only 24 bytes are kept, cut inside no character.
    const window = await windowOf(`${'é'.repeat(300)}\nnext\n`, { maxLineChars: 5 });
    expect(window.lines).toEqual([
      { text: 'ééééé', cut: true, bytes: 600 },
      { text: 'next', cut: false, bytes: 4 },
    ]);
    expect(window.invalidUtf8).toBe(false);
    // Emoji are two UTF-16 units: a cut never keeps half of one.
    expect((await windowOf('😀😀😀\n', { maxLineChars: 3 })).lines).toEqual([{ text: '😀', cut: true, bytes: 12 }]);
  });

  it('BT-3: lines run across reads: a line longer than one read, and a CRLF split between two reads', async () => {
    const long = await windowOf(`${'x'.repeat(CHUNK + 10)}\nend\n`, { maxLineChars: CHUNK * 2 });
    expect(long.lines.map((line) => [line.text.length, line.bytes, line.cut])).toEqual([
      [CHUNK + 10, CHUNK + 10, false],
      [3, 3, false],
    ]);
    // The CR is the last byte of the first read and the LF the first of the second.
    const split = await windowOf(`${'y'.repeat(CHUNK - 1)}\r\nz\n`, { maxLineChars: 4 });
    expect([split.lines, split.lineEndings]).toEqual([
      [
        { text: 'yyyy', cut: true, bytes: CHUNK - 1 },
        { text: 'z', cut: false, bytes: 1 },
      ],
      'mixed',
    ]);
  });

  it('BT-3, PO-4: an aborted signal stops the read: it rejects with the abort reason', async () => {
    const reason = new Error('the gate gave up');
    await expect(windowOf('a\n', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});
