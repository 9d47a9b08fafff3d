import { describe, expect, it } from 'vitest';
import { AskedCalls, MAX_ASKED_CALLS } from './asked-calls.js';

describe('AskedCalls', () => {
  it('IN-1, IN-2: a call put to the user is found once, and says whether the input is the one the user saw', () => {
    const calls = new AskedCalls();
    calls.remember('call-1', { room: 'kitchen' });
    calls.remember('call-2', { room: 'hall' });
    expect(calls.take('call-1', { room: 'kitchen' })).toBe('same-input');
    expect(calls.take('call-1', { room: 'kitchen' })).toBe('not-asked');
    expect(calls.take('call-2', { room: 'attic' })).toBe('other-input');
    expect(calls.take('call-2', { room: 'hall' })).toBe('not-asked');
    expect(calls.take('call-3', {})).toBe('not-asked');
    expect(calls.size).toBe(0);
  });

  it('IN-1, IN-2: remembers at most MAX_ASKED_CALLS calls, forgetting the oldest', () => {
    const calls = new AskedCalls();
    for (let index = 0; index <= MAX_ASKED_CALLS; index++) calls.remember(`call-${index}`, { index });
    expect(calls.size).toBe(MAX_ASKED_CALLS);
    expect(calls.take('call-0', { index: 0 })).toBe('not-asked');
    expect(calls.take('call-1', { index: 1 })).toBe('same-input');
    expect(calls.take(`call-${MAX_ASKED_CALLS}`, { index: MAX_ASKED_CALLS })).toBe('same-input');
  });

  it('IN-1, IN-2: input that cannot be written as JSON never matches', () => {
    const calls = new AskedCalls();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    calls.remember('call-1', cyclic);
    expect(calls.take('call-1', cyclic)).toBe('other-input');
  });
});
