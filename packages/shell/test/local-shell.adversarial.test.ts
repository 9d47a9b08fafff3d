// The adversarial suite for @toolwright/shell (SPEC §3, SH-1..SH-5). Every case runs real processes
// and then checks, with its own token and /proc (@toolwright/test-support/survivors), never the
// shell's run marker, that nothing it started is still alive. Cases run one after another (heavy
// ones must not overlap).
// What every VirtualShell must do is checked by the conformance kit (local-shell.conformance.test.ts);
// the cases here pin what is LocalShell's own: exact signals and messages, its grace period, fork
// storms, the parent's own exit, its 100 MB memory bound and the head/tail layout of a cut.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalShell, ShellOptionsError, ShellStartError, type ShellCommandResult } from '@toolwright/shell';
import { describe, expect, it } from 'vitest';
import {
  abortWhen as abortOn,
  CAP,
  EARLY_MS,
  GRACE_MS,
  run as runOn,
  sleeps,
  UNTIL_JOB_IS_SLEEP,
  useTokens,
} from './shell-cases.js';
import { runningAt, survivors, waitUntilRunning, watch } from '@toolwright/test-support/survivors';

// The exact statuses here (a signal as a signal) are those of an unsandboxed shell; the sandboxed
// one passes the conformance kit and its own suite (sandbox.adversarial.test.ts).
const shell = new LocalShell({ sandbox: 'off' });
const token = useTokens();
const run = (command: string, options: Partial<Parameters<LocalShell['execute']>[1]> = {}) =>
  runOn(shell, command, options);
const abortWhen = (command: string, t: string, ready: (commandLines: readonly string[]) => boolean) =>
  abortOn(shell, command, t, ready);

/** Runs `fn` while sampling this process's RSS every 10 ms; returns its value and the peak growth in bytes. */
async function peakRssGrowth<T>(fn: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

const MB = 1024 * 1024;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe.sequential('LocalShell adversarial suite', () => {
  // ---------------------------------------------------------------- the helper itself

  it('SH-3: the survivors helper finds a detached process started outside the shell, and not once it is killed', async () => {
    const t = token();
    const child = spawn('sleep', [`1000.${t}`], { detached: true, stdio: 'ignore' });
    try {
      expect(await waitUntilRunning(t)).toEqual([child.pid]);
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await survivors(t)).toEqual([]);
  });

  // ---------------------------------------------------------------- SH-1

  it('SH-1: a missing working directory rejects with ShellStartError and starts nothing', async () => {
    const t = token();
    const missing = join(tmpdir(), `toolwright-missing-${t}`);
    const witness = join(tmpdir(), `toolwright-witness-${t}`);
    try {
      const error = await shell
        .execute(`echo ran > ${witness}; sleep 1000.${t}`, { timeoutMs: 5_000, maxCaptureBytes: CAP, cwd: missing })
        .then(
          () => undefined,
          (reason: unknown) => reason,
        );
      expect(ShellStartError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(`The working directory does not exist or is not a directory: ${missing}`);
      expect(await runningAt(t, 200)).toEqual([]);
      expect(existsSync(witness)).toBe(false);
    } finally {
      // Only a failing case writes it.
      rmSync(witness, { force: true });
    }
  });

  it('SH-1: a working directory that is a file rejects with ShellStartError and starts nothing', async () => {
    const t = token();
    const file = join(tmpdir(), `toolwright-file-${t}`);
    const witness = join(tmpdir(), `toolwright-witness-${t}`);
    writeFileSync(file, 'not a directory');
    try {
      await expect(
        shell.execute(`echo ran > ${witness}; sleep 1000.${t}`, { timeoutMs: 5_000, maxCaptureBytes: CAP, cwd: file }),
      ).rejects.toThrow(`The working directory does not exist or is not a directory: ${file}`);
      expect(await runningAt(t, 200)).toEqual([]);
      expect(existsSync(witness)).toBe(false);
    } finally {
      rmSync(file, { force: true });
      rmSync(witness, { force: true });
    }
  });

  it('SH-1: a shell that cannot start rejects with ShellStartError', async () => {
    const t = token();
    const broken = new LocalShell({ bashPath: `/nonexistent/bash-${t}` });
    const error = await broken.execute(`sleep 1000.${t}`, { timeoutMs: 5_000, maxCaptureBytes: CAP }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(ShellStartError.isInstance(error)).toBe(true);
    expect(await survivors(t)).toEqual([]);
  });

  it('SH-1: a timeout resolves with what was captured so far', async () => {
    const t = token();
    // 2 s is hundreds of times what bash needs to print two lines, even on a loaded machine.
    const { value } = await run(`echo before; echo warn >&2; sleep 1000.${t}; echo after`, { timeoutMs: 2_000 });
    expect(value).toMatchObject({
      exitCode: null,
      signal: 'SIGTERM',
      stdout: 'before\n',
      stderr: 'warn\n',
      timedOut: true,
      aborted: false,
    });
    expect(await survivors(t)).toEqual([]);
  });

  it('SH-1: kill -9 $$ reports exitCode null, signal SIGKILL, not timed out', async () => {
    const t = token();
    const { value, ms } = await run(`kill -9 $$; echo unreachable # ${t}`);
    expect(value).toMatchObject({
      exitCode: null,
      signal: 'SIGKILL',
      stdout: '',
      timedOut: false,
      aborted: false,
    });
    // Settled when the shell died, not at the 60 s timeout.
    expect(ms).toBeLessThan(15_000);
    expect(await survivors(t)).toEqual([]);
  });

  // ---------------------------------------------------------------- SH-2

  /** What `execute` rejected with; fails if it threw at the caller or resolved. */
  async function refusalOf(command: string, options: unknown): Promise<unknown> {
    let outcome: Promise<unknown> | undefined;
    expect(() => (outcome = shell.execute(command, options as never))).not.toThrow();
    return outcome?.then(
      () => expect.unreachable('execute resolved'),
      (error: unknown) => error,
    );
  }

  it('SH-2: maxCaptureBytes missing, negative, fractional, NaN or not a number rejects with a ShellOptionsError', async () => {
    const t = token();
    const command = `sleep 1000.${t}`;
    for (const maxCaptureBytes of [undefined, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100']) {
      const error = await refusalOf(command, { timeoutMs: 1_000, maxCaptureBytes });
      expect(ShellOptionsError.isInstance(error)).toBe(true);
      expect(error).toBeInstanceOf(RangeError);
      expect(error).toMatchObject({
        name: 'ShellOptionsError',
        code: 'SHELL_INVALID_OPTIONS',
        message: `maxCaptureBytes must be given explicitly as a non-negative integer, not ${String(maxCaptureBytes)}`,
      });
    }
    expect(await runningAt(t, 200)).toEqual([]);
  });

  it('SH-2: timeoutMs missing, zero, negative or NaN rejects with a ShellOptionsError', async () => {
    const t = token();
    const command = `sleep 1000.${t}`;
    for (const timeoutMs of [undefined, 0, -5, Number.NaN]) {
      const error = await refusalOf(command, { timeoutMs, maxCaptureBytes: CAP });
      expect(error).toMatchObject({
        name: 'ShellOptionsError',
        code: 'SHELL_INVALID_OPTIONS',
        message: `timeoutMs must be a positive number, not ${String(timeoutMs)}`,
      });
    }
    expect(await runningAt(t, 200)).toEqual([]);
  });

  it('SH-2: aborting the signal mid-run resolves promptly with aborted, not timedOut, and kills the tree', async () => {
    const t = token();
    const controller = new AbortController();
    let abortedAt = 0;
    // Abort ~200 ms in, once the command is seen running (so the abort really lands mid-run).
    const seen = waitUntilRunning(t).then(async (pids) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      abortedAt = performance.now();
      controller.abort();
      return pids;
    });
    const result = shell.execute(`sleep 1000.${t}; true`, {
      timeoutMs: 60_000,
      maxCaptureBytes: CAP,
      signal: controller.signal,
    });
    const value = await result;
    const settled = performance.now();
    expect((await seen).length).toBeGreaterThanOrEqual(1);
    expect(value).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: false, aborted: true });
    expect(value.durationMs).toBeGreaterThanOrEqual(200 - EARLY_MS);
    // Settled soon after the abort (the sleep dies of SIGTERM), not at the 60 s timeout.
    expect(settled - abortedAt).toBeLessThan(10_000);
    expect(await survivors(t)).toEqual([]);
  });

  it('SH-2: an already-aborted signal resolves at once with aborted and leaves nothing', async () => {
    const t = token();
    const { value, ms } = await run(`sleep 1000.${t}; true`, { signal: AbortSignal.abort() });
    expect(value).toMatchObject({ timedOut: false, aborted: true, stdout: '' });
    // Nothing was started, so there was nothing to wait for.
    expect(ms).toBeLessThan(2_000);
    expect(await survivors(t)).toEqual([]);
  });

  // ---------------------------------------------------------------- SH-3: timeouts

  it('SH-3: `sleep 100; true` with timeoutMs 1000 times out after 1 s, long before 5 s, and leaves nothing', async () => {
    const t = token();
    const seen = watch(t);
    const { value, ms } = await run(`sleep 1000.${t}; true`, { timeoutMs: 1_000 });
    expect(seen.stop()).toBeGreaterThanOrEqual(1);
    expect(value).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: true, aborted: false });
    expect(ms).toBeGreaterThanOrEqual(1_000 - EARLY_MS);
    expect(ms).toBeLessThan(5_000);
    expect(value.durationMs).toBeGreaterThanOrEqual(1_000 - EARLY_MS);
    expect(value.durationMs).toBeLessThanOrEqual(ms + 5);
    expect(await survivors(t)).toEqual([]);
  });

  it('SH-3: a leader that ignores SIGTERM is SIGKILLed after the grace period', async () => {
    const t = token();
    const { value, ready, afterAbortMs } = await abortWhen(
      `bash -c "trap '' TERM; while true; do sleep 0.05${t}; done" toolwright-case-${t}`,
      t,
      // Its loop runs, so the trap is set.
      (lines) => lines.includes(`sleep 0.05${t}`),
    );
    expect(ready).toBe(true);
    expect(value).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false, aborted: true });
    expect(afterAbortMs).toBeGreaterThanOrEqual(GRACE_MS - EARLY_MS);
    expect(afterAbortMs).toBeLessThan(10_000);
    expect(await survivors(t)).toEqual([]);
  });

  it('SH-3: a group member that ignores SIGTERM is SIGKILLed after the grace period though the leader died', async () => {
    const t = token();
    const { value, ready, afterAbortMs } = await abortWhen(
      `(trap '' TERM; while true; do sleep 0.05${t}; done) & sleep 1000.${t}; true`,
      t,
      // The member's loop runs (its trap is set) and the leader waits in its sleep.
      (lines) => lines.includes(`sleep 0.05${t}`) && sleeps(lines, t) === 1,
    );
    expect(ready).toBe(true);
    expect(value).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: false, aborted: true });
    expect(afterAbortMs).toBeGreaterThanOrEqual(GRACE_MS - EARLY_MS);
    expect(afterAbortMs).toBeLessThan(10_000);
    expect(await survivors(t)).toEqual([]);
  });

  it('SH-3: a 2,000-child fork loop aborted while it forks is killed completely within 10 s', async () => {
    const t = token();
    const { value, ready, afterAbortMs } = await abortWhen(
      `for i in $(seq 2000); do sleep 1000.${t} & done; wait`,
      t,
      (lines) => sleeps(lines, t) >= 50,
    );
    expect(ready).toBe(true);
    expect(value).toMatchObject({ timedOut: false, aborted: true });
    expect(afterAbortMs).toBeLessThan(10_000);
    expect(await survivors(t)).toEqual([]);
  });

  it('SH-3: a nested storm of ~2,000 live sleeps (40 subshells forking in parallel) is killed completely within 10 s', async () => {
    const t = token();
    // Aborted once a real storm is alive, however long this machine takes to fork it.
    const { value, ready, afterAbortMs } = await abortWhen(
      `for i in $(seq 40); do (for j in $(seq 50); do sleep 1000.${t} & done; wait) & done; wait`,
      t,
      (lines) => sleeps(lines, t) >= 500,
    );
    expect(ready).toBe(true);
    expect(value).toMatchObject({ timedOut: false, aborted: true });
    expect(afterAbortMs).toBeLessThan(10_000);
    expect(await survivors(t)).toEqual([]);
  }, 120_000);

  // ---------------------------------------------------------------- SH-3: leftovers after a normal exit

  it('SH-3/SH-5: `sleep 100 & echo done` returns done at once and the leftover sleep is killed', async () => {
    const t = token();
    const { value, ms } = await run(`sleep 1000.${t} & echo done`);
    expect(value).toMatchObject({
      exitCode: 0,
      signal: null,
      stdout: 'done\n',
      stderr: '',
      timedOut: false,
      aborted: false,
    });
    // Settled when the shell exited, not when the sleep would have (1,000 s) or at the 60 s timeout.
    expect(ms).toBeLessThan(15_000);
    expect(await survivors(t)).toEqual([]);
  });

  it('SH-3: `kill -9 $$` after starting `sleep 100 &` leaves no survivor', async () => {
    const t = token();
    const { value, ms } = await run(`sleep 1000.${t} & ${UNTIL_JOB_IS_SLEEP}; kill -9 $$`);
    expect(value).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false, aborted: false });
    expect(ms).toBeLessThan(15_000);
    expect(await survivors(t)).toEqual([]);
  });

  // ---------------------------------------------------------------- SH-3: the parent's own exit

  const fixture = fileURLToPath(new URL('./fixtures/parent-exit.mjs', import.meta.url));
  const parentCases: ReadonlyArray<
    [label: string, mode: 'exit' | 'throw' | 'wait', end: (child: ChildProcess) => void, expected: object]
  > = [
    ['process.exit(0)', 'exit', (child) => child.stdin?.write('go\n'), { code: 0, signal: null }],
    ['an uncaught exception', 'throw', (child) => child.stdin?.write('go\n'), { code: 1, signal: null }],
    ['SIGTERM', 'wait', (child) => child.kill('SIGTERM'), { code: null, signal: 'SIGTERM' }],
    ['SIGINT', 'wait', (child) => child.kill('SIGINT'), { code: null, signal: 'SIGINT' }],
    ['SIGHUP', 'wait', (child) => child.kill('SIGHUP'), { code: null, signal: 'SIGHUP' }],
  ];
  for (const [label, mode, end, expected] of parentCases) {
    it(`SH-3: when the parent ends by ${label}, the running command's tree is killed`, async () => {
      const t = token();
      const parent = spawn(process.execPath, [fixture, t, mode], { stdio: ['pipe', 'pipe', 'pipe'] });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        parent.once('exit', (code, signal) => resolve({ code, signal })),
      );
      parent.stderr.resume();
      try {
        await new Promise<void>((resolve, reject) => {
          parent.stdout.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('started')) resolve();
          });
          parent.once('exit', () => reject(new Error('the fixture ended before starting its command')));
        });
        // The command really runs (bash and its sleep, outside the parent's process group).
        expect((await waitUntilRunning(t)).length).toBeGreaterThanOrEqual(1);
        end(parent);
        expect(await exited).toEqual(expected);
        expect(await survivors(t)).toEqual([]);
      } finally {
        if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
      }
    });
  }

  // ---------------------------------------------------------------- SH-4: bounded memory

  const bigCases: ReadonlyArray<[label: string, command: string, exitCode: number, stream: 'stdout' | 'stderr']> = [
    ['1 GB on stdout, success path', 'head -c 1000000000 /dev/zero; true', 0, 'stdout'],
    ['1 GB on stdout, failing path (exit 7)', 'head -c 1000000000 /dev/zero; exit 7', 7, 'stdout'],
    ['1 GB on stderr', 'head -c 1000000000 /dev/zero >&2; true', 0, 'stderr'],
  ];
  for (const [label, command, exitCode, stream] of bigCases) {
    it(`SH-4: ${label} keeps at most the cap, counts every byte, keeps the exit code and the memory`, async () => {
      const t = token();
      const { value, growth } = await peakRssGrowth(
        async () => (await run(`${command} # ${t}`, { timeoutMs: 60_000, maxCaptureBytes: CAP })).value,
      );
      expect(value).toMatchObject({ exitCode, signal: null, truncated: true, timedOut: false, aborted: false });
      const other = stream === 'stdout' ? 'stderr' : 'stdout';
      expect(value[`${stream}Bytes`]).toBe(1_000_000_000);
      expect(value[`${other}Bytes`]).toBe(0);
      expect(value[other]).toBe('');
      // What is kept is at most the cap (plus the line that says how much was left out).
      expect(value[stream].length).toBeLessThanOrEqual(CAP + 200);
      expect(value[stream].startsWith('\0'.repeat(1_000))).toBe(true);
      expect(value[stream].endsWith('\0'.repeat(1_000))).toBe(true);
      expect(growth).toBeLessThan(100 * MB);
      expect(await survivors(t)).toEqual([]);
    }, 60_000);
  }

  it('SH-4: 300 MB on each stream at once: both counted, exit code kept, memory bounded', async () => {
    const t = token();
    const { value, growth } = await peakRssGrowth(
      async () =>
        (
          await run(`head -c 300000000 /dev/zero & head -c 300000000 /dev/zero >&2; wait; exit 5 # ${t}`, {
            maxCaptureBytes: CAP,
          })
        ).value,
    );
    expect(value).toMatchObject({
      exitCode: 5,
      signal: null,
      stdoutBytes: 300_000_000,
      stderrBytes: 300_000_000,
      truncated: true,
      timedOut: false,
    });
    expect(growth).toBeLessThan(100 * MB);
    expect(await survivors(t)).toEqual([]);
  }, 60_000);

  // ---------------------------------------------------------------- SH-4: UTF-8 cut points

  /** Checks a truncated capture of `expected` with `cap`: clean text, a head prefix, a tail suffix, the counts add up. */
  function expectCleanCut(result: ShellCommandResult, expected: string, cap: number): void {
    const total = Buffer.byteLength(expected);
    expect(result.stdoutBytes).toBe(total);
    expect(result.truncated).toBe(true);
    const text = result.stdout;
    expect(text.includes('\uFFFD')).toBe(false);
    expect(LONE_SURROGATE.test(text)).toBe(false);
    const match = /^([^\n]*)\n\[[^\n\]]*?(\d+)[^\n\]]*\]\n([^\n]*)$/u.exec(text);
    expect(match, `no head / omitted line / tail in ${JSON.stringify(text.slice(0, 80))}…`).not.toBeNull();
    const [, head = '', omitted = '', tail = ''] = match ?? [];
    const kept = Buffer.byteLength(head) + Buffer.byteLength(tail);
    expect(expected.startsWith(head)).toBe(true);
    expect(expected.endsWith(tail)).toBe(true);
    expect(kept).toBeLessThanOrEqual(cap);
    expect(kept).toBeGreaterThanOrEqual(cap - 6);
    expect(Number(omitted)).toBe(total - kept);
  }

  const patterns: ReadonlyArray<[name: string, unit: string]> = [
    ['é (2 bytes)', 'é'],
    ['漢 (3 bytes)', '漢'],
    ['😀 (4 bytes)', '😀'],
    ['mixed a é 漢 😀', 'aé漢😀'],
  ];
  for (const [name, unit] of patterns) {
    it(`SH-4: head and tail cuts of ${name} fall on character boundaries for caps 997..1003`, async () => {
      const t = token();
      const expected = unit.repeat(Math.ceil(3_001 / Buffer.byteLength(unit)));
      for (let cap = 997; cap <= 1_003; cap++) {
        const { value } = await run(`printf '%s' '${expected}' # ${t}`, { maxCaptureBytes: cap });
        expect(value.exitCode).toBe(0);
        expect(value.stdout.startsWith(unit)).toBe(true);
        expectCleanCut(value, expected, cap);
      }
      expect(await survivors(t)).toEqual([]);
    });
  }

  it('SH-4: cuts of 😀 written one character per write fall on boundaries (caps 997..1003)', async () => {
    const t = token();
    const expected = '😀'.repeat(800);
    for (let cap = 997; cap <= 1_003; cap++) {
      const { value } = await run(`for i in $(seq 800); do printf '😀'; done # ${t}`, { maxCaptureBytes: cap });
      expect(value.exitCode).toBe(0);
      expectCleanCut(value, expected, cap);
    }
  });

  it('SH-4: tiny caps (0..9) on 4-byte characters never split one', async () => {
    const t = token();
    const expected = '😀'.repeat(10);
    for (let cap = 0; cap <= 9; cap++) {
      const { value } = await run(`printf '%s' '${expected}' # ${t}`, { maxCaptureBytes: cap });
      expectCleanCut(value, expected, cap);
    }
  });

  it('SH-4: output within the cap is returned exactly, also at exactly the cap; one byte more is truncated', async () => {
    const t = token();
    const expected = 'aé漢😀'.repeat(100); // 1,000 bytes
    expect(Buffer.byteLength(expected)).toBe(1_000);
    for (const cap of [1_000, 1_001, 4_096]) {
      const { value } = await run(`printf '%s' '${expected}' # ${t}`, { maxCaptureBytes: cap });
      expect(value).toMatchObject({ exitCode: 0, stdout: expected, stdoutBytes: 1_000, truncated: false });
    }
    const { value } = await run(`printf '%s' '${expected}' # ${t}`, { maxCaptureBytes: 999 });
    expectCleanCut(value, expected, 999);
  });

  // ---------------------------------------------------------------- SH-5: no hangs

  it('SH-5: `git commit` without -m does not wait for an editor: it aborts on the empty message', async () => {
    const t = token();
    const repo = mkdtempSync(join(tmpdir(), `toolwright-git-${t}-`));
    const saved = { EDITOR: process.env.EDITOR, VISUAL: process.env.VISUAL, GIT_EDITOR: process.env.GIT_EDITOR };
    try {
      // Even a caller whose own environment names a real, waiting editor.
      process.env.EDITOR = process.env.VISUAL = process.env.GIT_EDITOR = `sleep 1000.${t}`;
      const setup = await run(
        `git init -q . && git config user.name Tester && git config user.email tester@example.com && ` +
          `echo content > file.txt && git add file.txt # ${t}`,
        { cwd: repo },
      );
      expect(setup.value.exitCode).toBe(0);
      const { value, ms } = await run(`git commit # ${t}`, { cwd: repo });
      expect(value.timedOut).toBe(false);
      expect(value.exitCode).toBe(1);
      expect(value.stderr).toMatch(/empty commit message/i);
      expect(ms).toBeLessThan(15_000);
      expect(await survivors(t)).toEqual([]);
    } finally {
      for (const [name, previous] of Object.entries(saved)) {
        if (previous === undefined) delete process.env[name];
        else process.env[name] = previous;
      }
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
