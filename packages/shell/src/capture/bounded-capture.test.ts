import { describe, expect, it } from 'vitest';
import { ShellOptionsError } from '../shell-options-error.js';
import { BoundedCapture } from './bounded-capture.js';
import { OutputRing } from './output-ring.js';
import { completeUtf8Prefix, nextUtf8Boundary } from './utf8.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('BoundedCapture', () => {
  it('SH-4: keeps everything up to the cap', () => {
    const capture = new BoundedCapture(16);
    capture.push(bytes('hello '));
    capture.push(bytes('world'));
    expect(capture.text()).toBe('hello world');
    expect([capture.totalBytes, capture.truncated]).toEqual([11, false]);
  });

  it('SH-4: past the cap keeps the head and the most recent tail, and says how much was left out', () => {
    const capture = new BoundedCapture(8);
    for (const chunk of ['abcdef', 'ghijkl', 'mnopqr', 'stuvwxyz']) capture.push(bytes(chunk));
    expect(capture.text()).toBe('abcdef\n[… 18 bytes of output omitted …]\nyz');
    expect([capture.totalBytes, capture.truncated]).toEqual([26, true]);
  });

  it('SH-4: one chunk far larger than the cap is counted, not held', () => {
    const capture = new BoundedCapture(1024);
    capture.push(new Uint8Array(50_000_000).fill(120));
    expect(capture.totalBytes).toBe(50_000_000);
    expect(capture.text().length).toBeLessThan(1100);
  });

  it('SH-4: cuts fall on UTF-8 boundaries: no U+FFFD, no lone surrogate, for every cap', () => {
    const text = 'aé漢😀'.repeat(100);
    for (let cap = 5; cap <= 60; cap++) {
      for (const chunkSize of [1, 3, 7, 1000]) {
        const capture = new BoundedCapture(cap);
        const all = bytes(text);
        for (let offset = 0; offset < all.length; offset += chunkSize)
          capture.push(all.subarray(offset, offset + chunkSize));
        const kept = capture.text();
        expect(kept).not.toContain('\uFFFD');
        expect(LONE_SURROGATE.test(kept)).toBe(false);
        const [head = '', tail = ''] = kept.split(/\n\[… \d+ bytes of output omitted …\]\n/);
        expect(text.startsWith(head)).toBe(true);
        expect(text.endsWith(tail)).toBe(true);
      }
    }
  });

  it('SH-2: refuses a cap that is not a non-negative integer', () => {
    expect(() => new BoundedCapture(-1)).toThrow('maxCaptureBytes must be a non-negative integer, not -1');
    expect(() => new BoundedCapture(1.5)).toThrow(ShellOptionsError);
    expect(() => new BoundedCapture(1.5)).toThrow(RangeError);
  });
});

describe('UTF-8 boundaries', () => {
  it('SH-4: a prefix never ends inside a sequence, and a boundary is never a continuation byte', () => {
    const euro = bytes('a€'); // 61 e2 82 ac
    expect([1, 2, 3, 4].map((end) => completeUtf8Prefix(euro, end))).toEqual([1, 1, 1, 4]);
    expect([0, 1, 2, 3].map((from) => nextUtf8Boundary(euro, from))).toEqual([0, 1, 4, 4]);
  });
});

describe('OutputRing', () => {
  it('BT-2: each read returns only what is new', () => {
    const ring = new OutputRing(64);
    ring.push(bytes('one\n'));
    expect(ring.read()).toEqual({ text: 'one\n', droppedBytes: 0, bytes: 4 });
    expect(ring.read()).toEqual({ text: '', droppedBytes: 0, bytes: 0 });
    ring.push(bytes('two\n'));
    expect(ring.read()).toEqual({ text: 'two\n', droppedBytes: 0, bytes: 4 });
  });

  it('BT-2: a reader that falls behind loses the oldest bytes and is told how many', () => {
    const ring = new OutputRing(8);
    ring.push(bytes('0123456789abcdef'));
    expect(ring.read()).toEqual({ text: '89abcdef', droppedBytes: 8, bytes: 8 });
    expect(ring.totalBytes).toBe(16);
  });

  it('BT-2: holds back half a character until the rest arrives, and drops half characters at the start', () => {
    const ring = new OutputRing(64);
    const euro = bytes('€');
    ring.push(euro.subarray(0, 2));
    expect(ring.read()).toEqual({ text: '', droppedBytes: 0, bytes: 0 });
    ring.push(euro.subarray(2));
    expect(ring.read()).toEqual({ text: '€', droppedBytes: 0, bytes: 3 });
    const small = new OutputRing(4);
    small.push(bytes('a€€'));
    expect(small.read()).toEqual({ text: '€', droppedBytes: 4, bytes: 3 });
    // Every byte written is either dropped or returned, once.
    const counted = new OutputRing(5);
    let seen = 0;
    for (const chunk of ['€a', '€€€', 'b', '😀😀', 'c']) {
      counted.push(bytes(chunk));
      const { droppedBytes, bytes: returned } = counted.read();
      seen += droppedBytes + returned;
    }
    const last = counted.read(true);
    expect(seen + last.droppedBytes + last.bytes).toBe(counted.totalBytes);
  });
});
