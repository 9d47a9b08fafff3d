import { describe, expect, it } from 'vitest';
import { BoundedCapture } from './bounded-capture.js';
import { omissionLine, splitCapturedText } from './omission-line.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A capture of `maxBytes` fed `chunks`, and its text. */
function capture(maxBytes: number, chunks: readonly string[]): { text: string; total: number } {
  const kept = new BoundedCapture(maxBytes);
  for (const chunk of chunks) kept.push(bytes(chunk));
  return { text: kept.text(), total: kept.totalBytes };
}

describe('splitCapturedText', () => {
  it('SH-4: gives back the head, the omitted count and the tail of a cut capture', () => {
    const { text, total } = capture(8, ['abcdef', 'ghijkl', 'mnopqr', 'stuvwxyz']);
    expect(text).toBe(`abcdef${omissionLine(18)}yz`);
    expect(splitCapturedText(text, 8, total)).toEqual({ head: 'abcdef', omittedBytes: 18, tail: 'yz' });
  });

  it('SH-4: a capture kept whole has no parts, whatever it holds', () => {
    const { text, total } = capture(64, [`abc${omissionLine(5)}def`]);
    expect(splitCapturedText(text, 64, total)).toBeUndefined();
  });

  it('SH-4: finds the line after a head cut back on a character boundary (1 to 3 bytes short)', () => {
    for (const character of ['é', '漢', '😀']) {
      for (let shift = 0; shift < 4; shift++) {
        const { text, total } = capture(40, ['a'.repeat(shift), character.repeat(200)]);
        const parts = splitCapturedText(text, 40, total);
        expect(parts, `${character} ${shift}`).toBeDefined();
        expect(`${parts?.head}${omissionLine(parts?.omittedBytes ?? -1)}${parts?.tail}`).toBe(text);
        expect(bytes(parts?.head ?? '').length).toBeGreaterThanOrEqual(27);
        expect(bytes(parts?.head ?? '').length + (parts?.omittedBytes ?? 0) + bytes(parts?.tail ?? '').length).toBe(
          total,
        );
      }
    }
  });

  it('SH-4: a line the command printed itself is never taken for the capture’s', () => {
    const fake = omissionLine(7);
    const { text, total } = capture(256, [`x${fake}`, 'y'.repeat(400), fake, 'zzz']);
    expect(splitCapturedText(text, 256, total)).toEqual({
      head: `x${fake}${'y'.repeat(192 - bytes(`x${fake}`).length)}`,
      omittedBytes: total - 256,
      tail: `${'y'.repeat(64 - bytes(`${fake}zzz`).length)}${fake}zzz`,
    });
  });

  it('SH-4: a text without the capture’s shape has no parts', () => {
    expect(splitCapturedText('x'.repeat(100), 64, 1_000)).toBeUndefined();
  });
});
