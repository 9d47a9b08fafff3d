import { expect, it } from 'vitest';
import { CAP, CASE_TIMEOUT_MS, run, type CaseContext } from './case-context.js';
import { survivors } from './host-processes.js';

const MB = 1024 * 1024;
/** How much this process may grow while a command floods the shell with output. */
const MEMORY_BOUND = 200 * MB;
/** A flood ends long before this even through a remote shell on a loaded machine (it must not time out). */
const FLOOD_TIMEOUT_MS = 150_000;
/** Room for the line that says how much was left out. */
const MARKER_ROOM = 200;

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

const floods: ReadonlyArray<[label: string, command: string, exitCode: number]> = [
  ['on the success path', 'head -c 1000000000 /dev/zero; true', 0],
  ['on the failure path (exit 7)', 'head -c 1000000000 /dev/zero; exit 7', 7],
];

/** SH-4: at most the cap is held per stream, on every path; the rest is counted; the exit code stays the command's. */
export function describeCaptureCases(context: CaseContext): void {
  const { target } = context;

  for (const [label, command, exitCode] of floods) {
    it(
      `SH-4: 1 GB on stdout ${label}: at most the cap kept, every byte counted, exit code kept, memory bounded`,
      async () => {
        const shell = await context.shell();
        const t = context.token();
        const { value, growth } = await peakRssGrowth(
          async () => (await run(shell, `${command} # ${t.id}`, { timeoutMs: FLOOD_TIMEOUT_MS })).value,
        );
        expect(value).toMatchObject({
          exitCode,
          signal: null,
          stdoutBytes: 1_000_000_000,
          stderrBytes: 0,
          stderr: '',
          truncated: true,
          timedOut: false,
          aborted: false,
        });
        expectKeptZeros(value.stdout);
        expect(growth).toBeLessThan(MEMORY_BOUND);
        expect(await survivors(target, t.id)).toEqual([]);
      },
      CASE_TIMEOUT_MS,
    );
  }

  it(
    'SH-4: 300 MB on each stream at once: both counted, both bounded, exit code kept, memory bounded',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const command = `head -c 300000000 /dev/zero & head -c 300000000 /dev/zero >&2; wait; exit 5 # ${t.id}`;
      const { value, growth } = await peakRssGrowth(
        async () => (await run(shell, command, { timeoutMs: FLOOD_TIMEOUT_MS })).value,
      );
      expect(value).toMatchObject({
        exitCode: 5,
        signal: null,
        stdoutBytes: 300_000_000,
        stderrBytes: 300_000_000,
        truncated: true,
        timedOut: false,
      });
      expectKeptZeros(value.stdout);
      expectKeptZeros(value.stderr);
      expect(growth).toBeLessThan(MEMORY_BOUND);
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-4: endless output until a timeout keeps memory bounded and still ends in time',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      let elapsed = 0;
      const { value, growth } = await peakRssGrowth(async () => {
        const outcome = await run(shell, `cat /dev/zero # ${t.id}`, { timeoutMs: 1_500 });
        elapsed = outcome.ms;
        return outcome.value;
      });
      expect(value).toMatchObject({ timedOut: true, aborted: false, truncated: true });
      expect(value.stdoutBytes).toBeGreaterThan(CAP);
      expectKeptZeros(value.stdout);
      // The flood does not keep the timeout from ending it.
      expect(elapsed).toBeLessThan(10_000);
      expect(growth).toBeLessThan(MEMORY_BOUND);
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-4: output within the cap is returned exactly, also at exactly the cap; one byte more is truncated',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const expected = 'aé漢😀'.repeat(100); // 1,000 bytes
      for (const cap of [1_000, 1_001, 4_096]) {
        const { value } = await run(shell, `printf '%s' '${expected}' # ${t.id}`, { maxCaptureBytes: cap });
        expect(value).toMatchObject({ exitCode: 0, stdout: expected, stdoutBytes: 1_000, truncated: false });
      }
      const { value } = await run(shell, `printf '%s' '${expected}' # ${t.id}`, { maxCaptureBytes: 999 });
      expect(value).toMatchObject({ exitCode: 0, stdoutBytes: 1_000, truncated: true });
    },
    CASE_TIMEOUT_MS,
  );
}

/** A capture of zeros that exceeded {@link CAP}: at most the cap (and a line saying what was left out), the head kept. */
function expectKeptZeros(text: string): void {
  expect(text.length).toBeLessThanOrEqual(CAP + MARKER_ROOM);
  expect(text.length).toBeGreaterThanOrEqual(CAP / 2);
  expect(text.startsWith('\0'.repeat(1_000))).toBe(true);
}
