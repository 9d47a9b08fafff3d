import { describe, expect, it } from 'vitest';
import { callListener } from './call-listener.js';

describe('callListener: a host listener that fails changes nothing', () => {
  it('ST-2: hands the value over; a throw, a rejection and no listener at all are the same quiet return', async () => {
    const seen: number[] = [];
    callListener((value: number) => seen.push(value), 1);
    expect(callListener(undefined, 2)).toBeUndefined();
    expect(
      callListener(() => {
        throw new Error('the listener broke');
      }, 3),
    ).toBeUndefined();
    let rejected = false;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      callListener(() => {
        rejected = true;
        return Promise.reject(new Error('the listener rejected'));
      }, 4);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect([seen, rejected, unhandled]).toEqual([[1], true, []]);
  });
});
