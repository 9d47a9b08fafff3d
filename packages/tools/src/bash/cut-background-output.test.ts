import { OutputRing, type BackgroundRead } from '@toolwright/shell';
import { describe, expect, it } from 'vitest';
import { cutBackgroundOutput } from './cut-background-output.js';

const encoder = new TextEncoder();

/** One read of a ring of `capacity` bytes after `chunks` were written, as a background process returns it. */
function readAfter(capacity: number, chunks: readonly string[]): BackgroundRead {
  const ring = new OutputRing(capacity);
  for (const chunk of chunks) ring.push(encoder.encode(chunk));
  const { text, droppedBytes, bytes } = ring.read(true);
  return { output: text, droppedBytes, outputBytes: bytes, status: 'exited', exitCode: 0, signal: null };
}

describe('cutBackgroundOutput', () => {
  it('BT-2: a read that fits and dropped nothing is shown whole, with no line', () => {
    expect(cutBackgroundOutput(readAfter(64, ['one\n', 'two\n']), 100, 'HINT')).toEqual({
      text: 'one\ntwo\n',
      cut: false,
      printedBytes: 8,
    });
  });

  it('BT-2/PO-3: a long read shows its most recent characters after a line with the bytes printed', () => {
    const { text, cut, printedBytes } = cutBackgroundOutput(
      readAfter(10_000, ['a'.repeat(500), 'b'.repeat(500)]),
      300,
      'HINT',
    );
    expect(text).toBe(
      `[Output cut: the command printed 1,000 bytes on stdout and stderr since the last read; shown: the last 175 characters. HINT]\n${'b'.repeat(175)}`,
    );
    expect([text.length, cut, printedBytes]).toEqual([300, true, 1_000]);
  });

  it('BT-2/PO-3: bytes the buffer dropped are counted as printed, and what it kept is named in bytes', () => {
    const read = readAfter(100, ['x'.repeat(5_000), '😀'.repeat(20)]);
    expect(read).toMatchObject({ droppedBytes: 4_980, outputBytes: 100 });
    expect(cutBackgroundOutput(read, 1_000, 'HINT').text).toBe(
      `[Output cut: the command printed 5,080 bytes on stdout and stderr since the last read, of which the buffer kept the last 100 bytes; shown: all 40 characters of those. HINT]\n${'x'.repeat(20)}${'😀'.repeat(20)}`,
    );
  });

  it('BT-2/PO-3: the shown part never begins with the second half of a surrogate pair, and counts characters', () => {
    for (const maxChars of [200, 201, 202, 203]) {
      const { text } = cutBackgroundOutput(readAfter(10_000, ['😀'.repeat(1_000)]), maxChars, '');
      const shown = text.slice(text.indexOf('\n') + 1);
      expect(shown).toBe('😀'.repeat(shown.length / 2));
      expect(text.slice(0, text.indexOf('\n'))).toBe(
        `[Output cut: the command printed 4,000 bytes on stdout and stderr since the last read; shown: the last ${shown.length / 2} characters.]`,
      );
      expect(text.length).toBeLessThanOrEqual(maxChars);
    }
  });

  it('BT-2/PO-3: a limit too small for anything but the line shows none of it', () => {
    expect(cutBackgroundOutput(readAfter(10_000, ['z'.repeat(1_000)]), 10, '').text).toBe(
      '[Output cut: the command printed 1,000 bytes on stdout and stderr since the last read; shown: none of it.]\n',
    );
  });
});
