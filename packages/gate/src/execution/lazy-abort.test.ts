import { describe, expect, it } from 'vitest';
import { LazyAbort } from './lazy-abort.js';

describe('LazyAbort', () => {
  it('PO-4: a signal asked for after the abort is already aborted, with the reason', () => {
    const lazy = new LazyAbort();
    const reason = new Error('timed out after 5ms');
    lazy.abort(reason);
    expect(lazy.signal.aborted).toBe(true);
    expect(lazy.signal.reason).toBe(reason);
  });

  it('PO-4: a signal asked for before the abort hears it; the same signal every time', () => {
    const lazy = new LazyAbort();
    const signal = lazy.signal;
    let heard = 0;
    signal.addEventListener('abort', () => heard++);
    lazy.abort('stop');
    expect([signal.aborted, heard, lazy.signal === signal]).toEqual([true, 1, true]);
  });

  it("PO-4: follows the host's signal too", () => {
    const host = new AbortController();
    const lazy = new LazyAbort(host.signal);
    const signal = lazy.signal;
    expect(lazy.signal).toBe(signal);
    host.abort('user pressed stop');
    expect([signal.aborted, signal.reason]).toEqual([true, 'user pressed stop']);
  });
});
