import { describe, expect, it } from 'vitest';
import { readRing, writeRing } from './byte-ring.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

/** The ring's bytes still held after `chunks`, oldest first, and the count written. */
function fill(size: number, chunks: Uint8Array[]): { held: number[]; written: number } {
  const ring = new Uint8Array(size);
  let written = 0;
  for (const chunk of chunks) written = writeRing(ring, written, chunk);
  return { held: [...readRing(ring, Math.max(0, written - size), written)], written };
}

describe('writeRing and readRing', () => {
  it('SH-4/BT-2: keep everything while it fits, in order', () => {
    expect(fill(4, [bytes(1, 2), bytes(3)])).toEqual({ held: [1, 2, 3], written: 3 });
  });

  it('SH-4/BT-2: keep the most recent bytes once the ring wraps, oldest first', () => {
    expect(fill(4, [bytes(1, 2, 3), bytes(4, 5, 6)])).toEqual({ held: [3, 4, 5, 6], written: 6 });
    expect(fill(3, [bytes(1), bytes(2), bytes(3), bytes(4), bytes(5)])).toEqual({ held: [3, 4, 5], written: 5 });
  });

  it('SH-4/BT-2: count every byte of a chunk longer than the ring, and keep its last bytes', () => {
    expect(fill(3, [bytes(1), bytes(2, 3, 4, 5, 6, 7)])).toEqual({ held: [5, 6, 7], written: 7 });
  });

  it('SH-4: a ring of length 0 holds nothing and still counts', () => {
    expect(fill(0, [bytes(1, 2), bytes(3)])).toEqual({ held: [], written: 3 });
  });

  it('BT-2: reads any range still held, across the wrap', () => {
    const ring = new Uint8Array(4);
    const written = writeRing(ring, writeRing(ring, 0, bytes(1, 2, 3)), bytes(4, 5, 6));
    expect([...readRing(ring, 4, 6)]).toEqual([5, 6]);
    expect([...readRing(ring, 3, 5)]).toEqual([4, 5]);
    expect([...readRing(ring, written, written)]).toEqual([]);
  });
});
