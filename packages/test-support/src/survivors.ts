// An independent view of which processes a test case left behind. It never uses the shell's own
// bookkeeping (its run marker, its process tree): every case puts a unique token into the command
// lines it starts (`sleep 1000.<token>`, `bash -c '…' toolwright-case-<token>`), and this module
// looks for that token in /proc/<pid>/cmdline. Zombies (state Z, or X) are dead already: they only
// wait to be reaped, and PID 1 here may never reap orphans, so they do not count.
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/** A fresh token: 12 random digits (so it also fits a `sleep` duration: `sleep 1000.<token>`). */
export function newToken(): string {
  return String(randomInt(100_000_000_000, 999_999_999_999));
}

function isDead(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state === 'Z' || state === 'X' || state === 'x';
  } catch {
    return true;
  }
}

/** The live processes (not zombies, never this process) whose command line holds `token`, now. */
export function running(token: string): number[] {
  return processesCarrying(token).map(({ pid }) => pid);
}

/** The command lines (arguments joined by spaces) of the live processes that carry `token`, now. */
export function commandLines(token: string): string[] {
  return processesCarrying(token).map(({ commandLine }) => commandLine);
}

function processesCarrying(token: string): Array<{ pid: number; commandLine: string }> {
  const found: Array<{ pid: number; commandLine: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1');
    } catch {
      continue;
    }
    if (cmdline.includes(token) && !isDead(pid))
      found.push({ pid, commandLine: cmdline.replace(/\0$/, '').replaceAll('\0', ' ') });
  }
  return found;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The processes carrying `token` that are still alive after up to `withinMs`: polls until none is
 * left (then `[]`), else returns those alive at the deadline. The default, 10 s, leaves a loaded
 * machine time to deliver SIGKILLs already sent; a process that was never killed outlives it.
 */
export async function survivors(token: string, withinMs = 10_000): Promise<number[]> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const alive = running(token);
    if (alive.length === 0 || performance.now() >= deadline) return alive;
    await pause(20);
  }
}

/**
 * Polls until `ready` holds for the command lines carrying `token`, for at most `withinMs` (60 s by
 * default: a loaded machine is slow, never that slow). Returns whether it held.
 */
export async function waitFor(
  token: string,
  ready: (commandLines: readonly string[]) => boolean,
  withinMs = 60_000,
): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    if (ready(commandLines(token))) return true;
    if (performance.now() >= deadline) return false;
    await pause(20);
  }
}

/** The processes carrying `token` `atMs` from now (to prove a case really had something running). */
export async function runningAt(token: string, atMs: number): Promise<number[]> {
  await pause(atMs);
  return running(token);
}

/**
 * Watches `token` from now on (every `everyMs`) to prove a case really had something running before it
 * was killed, whatever the machine's load; `stop()` returns the most processes seen at once.
 */
export function watch(token: string, everyMs = 20): { stop(): number } {
  let most = running(token).length;
  const timer = setInterval(() => {
    most = Math.max(most, running(token).length);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return most;
    },
  };
}

/** Polls until some process carries `token` (at most `withinMs`, default 60 s); returns them, or `[]`. */
export async function waitUntilRunning(token: string, withinMs = 60_000): Promise<number[]> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const alive = running(token);
    if (alive.length > 0 || performance.now() >= deadline) return alive;
    await pause(20);
  }
}

/** Cleanup after a failed case: SIGKILL each process carrying `token`, by pid. */
export function killByToken(token: string): void {
  for (const pid of running(token)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
