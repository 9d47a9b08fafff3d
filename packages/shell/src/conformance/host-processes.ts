import type { ConformanceTarget } from './conformance-target.js';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a dead tree may take to disappear from the host's process table (a loaded machine, a remote host). */
export const SURVIVOR_DEADLINE_MS = 20_000;
/** How long a command may take to get its processes running (a loaded machine is slow, never that slow). */
export const RUNNING_DEADLINE_MS = 60_000;

/**
 * The processes carrying `token` that are still alive after up to `withinMs`: polls until none is
 * left (then `[]`), else returns those alive at the deadline. The deadline leaves time for kills
 * already sent to land; a process that was never killed outlives it.
 */
export async function survivors(
  target: ConformanceTarget,
  token: string,
  withinMs = SURVIVOR_DEADLINE_MS,
): Promise<readonly number[]> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const alive = await target.listProcesses(token);
    if (alive.length === 0 || performance.now() >= deadline) return alive;
    await pause(25);
  }
}

/** Polls until at least `count` processes carry `token` (at most `withinMs`); returns whether they did. */
export async function waitForProcesses(
  target: ConformanceTarget,
  token: string,
  count: number,
  withinMs = RUNNING_DEADLINE_MS,
): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    if ((await target.listProcesses(token)).length >= count) return true;
    if (performance.now() >= deadline) return false;
    await pause(25);
  }
}

/** Polls until `condition` holds (at most `withinMs`); returns whether it did. */
export async function waitUntil(condition: () => boolean, withinMs = RUNNING_DEADLINE_MS): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    if (condition()) return true;
    if (performance.now() >= deadline) return false;
    await pause(25);
  }
}
