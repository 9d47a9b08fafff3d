import { describe, expect, it } from 'vitest';
import { DeadlineQueue } from './deadline-queue.js';

/** Waits until `condition` holds, checking every few ms; fails after a generous deadline. */
async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('one timer for many deadlines', () => {
  it('PO-4: each deadline expires once, not before its delay, shorter limits first whatever the order they were added in', async () => {
    const queue = new DeadlineQueue();
    const expired: string[] = [];
    const started = performance.now();
    const at: Record<string, number> = {};
    const target = (name: string) => ({
      expire: () => {
        expired.push(name);
        at[name] = performance.now() - started;
      },
    });
    queue.add(60, target('long'));
    queue.add(20, target('short'));
    queue.add(60, target('long 2'));
    await waitFor(() => expired.length === 3);
    expect(expired).toEqual(['short', 'long', 'long 2']);
    expect(at.short).toBeGreaterThanOrEqual(19);
    expect(at.long).toBeGreaterThanOrEqual(59);
  });

  it('PO-4: a withdrawn deadline never expires, and withdrawing twice changes nothing', async () => {
    const queue = new DeadlineQueue();
    const expired: string[] = [];
    const first = queue.add(10, { expire: () => expired.push('first') });
    queue.add(30, { expire: () => expired.push('second') });
    queue.withdraw(first);
    queue.withdraw(first);
    await waitFor(() => expired.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(expired).toEqual(['second']);
  });

  it('PO-4: a target that throws does not keep the others from expiring', async () => {
    const queue = new DeadlineQueue();
    const expired: string[] = [];
    queue.add(10, {
      expire: () => {
        throw new Error('broken');
      },
    });
    queue.add(10, { expire: () => expired.push('after') });
    await waitFor(() => expired.length === 1);
    expect(expired).toEqual(['after']);
  });
});
