import { afterEach, expect } from 'vitest';
import type { ExecutionOptions } from '../execution-options.js';
import { shellExitStatus, type ShellCommandResult } from '../shell-command-result.js';
import type { VirtualShell } from '../virtual-shell.js';
import { newCaseToken, type CaseToken } from './case-token.js';
import type { ConformanceTarget } from './conformance-target.js';
import { survivors, waitForProcesses } from './host-processes.js';

/** The capture cap the cases pass unless they test the cap itself. */
export const CAP = 65_536;
/** Node timers may fire a few milliseconds before performance.now() says they are due. */
export const EARLY_MS = 10;
/** How long a case may take in all: every wait inside it has a deadline of its own, well below this. */
export const CASE_TIMEOUT_MS = 180_000;

/** A command's result and the wall time from the call to the settled promise. */
export interface Timed {
  readonly value: ShellCommandResult;
  readonly ms: number;
}

/** What the cases of one suite share: the target, a fresh shell per case, tokens, and the cleanup. */
export class CaseContext {
  readonly #shells: VirtualShell[] = [];
  readonly #tokens: CaseToken[] = [];
  readonly #folders: Array<{ shell: VirtualShell; path: string }> = [];

  /** Registers the cleanup after each case of the current `describe`. */
  constructor(readonly target: ConformanceTarget) {
    afterEach(() => this.#cleanUp(), CASE_TIMEOUT_MS);
  }

  /** A fresh shell from the target, disposed after the case. */
  async shell(): Promise<VirtualShell> {
    const shell = await this.target.createShell();
    this.#shells.push(shell);
    return shell;
  }

  /** A fresh token; what still carries it after the case is killed (after the assertions ran). */
  token(): CaseToken {
    const token = newCaseToken();
    this.#tokens.push(token);
    return token;
  }

  /** A new empty folder on the shell's host (its real path), removed after the case. */
  async folder(shell: VirtualShell): Promise<string> {
    const { value } = await run(shell, 'cd "$(mktemp -d)" && pwd -P');
    if (value.exitCode !== 0) throw new Error(`mktemp -d failed on the host: ${value.stderr}`);
    const path = value.stdout.trim();
    this.#folders.push({ shell, path });
    return path;
  }

  /** Removes the case's folders and disposes its shells; kills what carries its tokens even when that fails. */
  async #cleanUp(): Promise<void> {
    try {
      for (const { shell, path } of this.#folders.splice(0))
        await run(shell, `rm -rf '${path}'`).catch(() => undefined);
      for (const shell of this.#shells.splice(0)) await shell.dispose?.();
    } finally {
      for (const token of this.#tokens.splice(0)) await this.target.killProcesses?.(token.id);
    }
  }
}

/** Runs `command` with a 60 s timeout and {@link CAP}, unless `options` say otherwise, and times it. */
export async function run(
  shell: VirtualShell,
  command: string,
  options: Partial<ExecutionOptions> = {},
): Promise<Timed> {
  const started = performance.now();
  const value = await shell.execute(command, { timeoutMs: 60_000, maxCaptureBytes: CAP, ...options });
  return { value, ms: performance.now() - started };
}

/** What {@link abortWhenRunning} returns. */
export interface Aborted {
  /** The result of the aborted command. */
  readonly value: ShellCommandResult;
  /** Whether the sleeps it waited for all ran before the abort. */
  readonly ready: boolean;
  /** From the abort to the settled result. */
  readonly afterAbortMs: number;
}

/**
 * Runs `command` and aborts it once `sleeping` of the case's sleeps run — so a case ends a tree
 * that really runs, however slow the host — or after 60 s when they never do (the case then fails
 * on `ready`).
 */
export async function abortWhenRunning(
  target: ConformanceTarget,
  shell: VirtualShell,
  command: string,
  token: CaseToken,
  sleeping: number,
): Promise<Aborted> {
  const controller = new AbortController();
  const result = shell.execute(command, { timeoutMs: 120_000, maxCaptureBytes: CAP, signal: controller.signal });
  const ready = await waitForProcesses(target, token.asleep, sleeping);
  const abortedAt = performance.now();
  controller.abort();
  const value = await settleWithin(result, SETTLE_AFTER_ABORT_MS, 'its abort');
  return { value, ready, afterAbortMs: performance.now() - abortedAt };
}

/**
 * A fresh shell runs `command` with the case's token and is aborted once `sleeping` of its sleeps
 * run; then what every abort case asserts: the sleeps had all started, the result says aborted
 * (not timed out), with the shell's exit `status` when one is given, it settled soon after the
 * abort (not at the 120 s timeout), and nothing that carries the token survives.
 */
export async function expectAbortEndsTree(
  context: CaseContext,
  command: (t: CaseToken) => string,
  sleeping: number,
  status?: number,
): Promise<void> {
  const shell = await context.shell();
  const t = context.token();
  const { value, ready, afterAbortMs } = await abortWhenRunning(context.target, shell, command(t), t, sleeping);
  expect(ready).toBe(true);
  expect(value).toMatchObject({ timedOut: false, aborted: true });
  if (status !== undefined) expect(shellExitStatus(value)).toBe(status);
  expect(afterAbortMs).toBeLessThan(10_000);
  expect(await survivors(context.target, t.id)).toEqual([]);
}

/** How long an aborted command may take to settle before the case fails (a loaded machine, a remote host). */
const SETTLE_AFTER_ABORT_MS = 60_000;

/** `result`, or a failure that says the command had not settled `withinMs` after `event`. */
async function settleWithin<T>(result: Promise<T>, withinMs: number, event: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The command had not settled ${withinMs / 1_000} s after ${event}.`)),
      withinMs,
    );
  });
  try {
    return await Promise.race([result, late]);
  } finally {
    clearTimeout(timer);
  }
}
