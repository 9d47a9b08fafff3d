// What the shell suites share: a token per case (and its cleanup), running a command, and ending
// it once a condition holds rather than after a fixed time.
import type { LocalShell, ShellCommandResult } from '@toolwright/shell';
import { afterEach } from 'vitest';
import { killByToken, newToken, waitFor } from '@toolwright/test-support/survivors';

/** LocalShell's default grace between SIGTERM and SIGKILL. */
export const GRACE_MS = 500;
/** The capture cap the cases pass. */
export const CAP = 65_536;
/** Node timers run on libuv's cached clock and may fire a millisecond or two before performance.now() says they are due. */
export const EARLY_MS = 10;

/**
 * A source of fresh tokens for the cases of one file. After each case, whatever still carries one
 * of its tokens is SIGKILLed by pid, so a failing case cannot disturb the next ones; the
 * assertions ran before this, so it hides nothing.
 */
export function useTokens(): () => string {
  const tokens: string[] = [];
  afterEach(() => {
    for (const value of tokens.splice(0)) killByToken(value);
  });
  return () => {
    const value = newToken();
    tokens.push(value);
    return value;
  };
}

/** Runs `start` and measures until its promise settles (the clock starts before the call: spawning counts). */
export async function timed<T>(start: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await start();
  return { value, ms: performance.now() - started };
}

/** Runs `command` on `shell` with a 60 s timeout and {@link CAP}, unless `options` say otherwise. */
export function run(shell: LocalShell, command: string, options: Partial<Parameters<LocalShell['execute']>[1]> = {}) {
  return timed(() => shell.execute(command, { timeoutMs: 60_000, maxCaptureBytes: CAP, ...options }));
}

/**
 * Runs `command` and aborts it once `ready` holds for the processes carrying `t` — so a case ends a
 * tree that really runs, however slow the machine — or after 60 s when it never holds (the case
 * then fails on `ready`). `afterAbortMs` runs from the abort to the settled result.
 */
export async function abortWhen(
  shell: LocalShell,
  command: string,
  t: string,
  ready: (commandLines: readonly string[]) => boolean,
): Promise<{ value: ShellCommandResult; ready: boolean; afterAbortMs: number }> {
  const controller = new AbortController();
  const result = shell.execute(command, { timeoutMs: 120_000, maxCaptureBytes: CAP, signal: controller.signal });
  const held = await waitFor(t, ready);
  const abortedAt = performance.now();
  controller.abort();
  const value = await result;
  return { value, ready: held, afterAbortMs: performance.now() - abortedAt };
}

/** How many of these command lines are `sleep 1000.<t>` itself (after its exec). */
export function sleeps(commandLines: readonly string[], t: string): number {
  return commandLines.filter((line) => line === `sleep 1000.${t}`).length;
}

/**
 * Shell text that waits until the job just started with `&` has become `sleep` (exec'd, and so
 * out of the session or group it was told to leave) — a condition, not a fixed pause.
 */
export const UNTIL_JOB_IS_SLEEP =
  'until read -r -d "" arg0 2>/dev/null < /proc/$!/cmdline && [ "$arg0" = sleep ]; do sleep 0.01; done';

/**
 * Shell text that waits until a process whose whole command line is `commandLine` runs where the
 * command can see it (for a process that is no job of the shell's: double forks, `setsid -f`).
 */
export function untilRunning(commandLine: string): string {
  return `until pgrep -fx '${commandLine.replaceAll('.', '\\.')}' >/dev/null; do sleep 0.01; done`;
}
