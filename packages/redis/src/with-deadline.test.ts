import { describe, expect, it } from 'vitest';
import { withDeadline } from './with-deadline.js';

describe('a deadline on the work (SPEC IN-4)', () => {
  it("IN-4: the work's value or its rejection when it settles first; the late error, once, when it never does", async () => {
    let lateCalls = 0;
    const late = () => {
      lateCalls += 1;
      return new Error('no answer');
    };
    expect(await withDeadline(Promise.resolve('OK'), 60_000, late)).toBe('OK');
    await expect(withDeadline(Promise.reject(new Error('refused')), 60_000, late)).rejects.toThrow('refused');
    expect(lateCalls).toBe(0);
    await expect(withDeadline(new Promise(() => {}), 20, late)).rejects.toThrow('no answer');
    expect(lateCalls).toBe(1);
  });
});
