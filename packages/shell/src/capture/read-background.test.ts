import { describe, expect, it } from 'vitest';
import { OutputRing } from './output-ring.js';
import { readBackground } from './read-background.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('readBackground', () => {
  it('BT-2: a read carries what is new, the bytes it holds and dropped, and the state; a partial character waits while running', () => {
    const ring = new OutputRing(8);
    ring.push(bytes('0123456789€'.slice(0, 10)));
    ring.push(bytes('€').subarray(0, 2));
    const running = { status: 'running', exitCode: null, signal: null } as const;
    expect(readBackground(ring, running)).toEqual({ output: '456789', droppedBytes: 4, outputBytes: 6, ...running });
    const exited = { status: 'exited', exitCode: 3, signal: null } as const;
    expect(readBackground(ring, exited)).toEqual({ output: '\ufffd', droppedBytes: 0, outputBytes: 2, ...exited });
  });
});
