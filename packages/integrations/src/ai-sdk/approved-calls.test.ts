import { describe, expect, it } from 'vitest';
import { ApprovedCalls, MAX_REMEMBERED_APPROVALS } from './approved-calls.js';

describe('ApprovedCalls', () => {
  it('IN-1: a remembered call is found once, and only with the same input', () => {
    const calls = new ApprovedCalls();
    calls.remember('call-1', { room: 'kitchen' });
    calls.remember('call-2', { room: 'hall' });
    expect(calls.take('call-1', { room: 'kitchen' })).toBe(true);
    expect(calls.take('call-1', { room: 'kitchen' })).toBe(false);
    expect(calls.take('call-2', { room: 'attic' })).toBe(false);
    expect(calls.take('call-2', { room: 'hall' })).toBe(false);
    expect(calls.take('call-3', {})).toBe(false);
    expect(calls.size).toBe(0);
  });

  it('IN-1: remembers at most MAX_REMEMBERED_APPROVALS calls, forgetting the oldest (a refused call is never taken)', () => {
    const calls = new ApprovedCalls();
    for (let index = 0; index <= MAX_REMEMBERED_APPROVALS; index++) calls.remember(`call-${index}`, { index });
    expect(calls.size).toBe(MAX_REMEMBERED_APPROVALS);
    expect(calls.take('call-0', { index: 0 })).toBe(false);
    expect(calls.take('call-1', { index: 1 })).toBe(true);
    expect(calls.take(`call-${MAX_REMEMBERED_APPROVALS}`, { index: MAX_REMEMBERED_APPROVALS })).toBe(true);
  });

  it('IN-1: input that cannot be written as JSON never matches', () => {
    const calls = new ApprovedCalls();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    calls.remember('call-1', cyclic);
    expect(calls.take('call-1', cyclic)).toBe(false);
  });
});
