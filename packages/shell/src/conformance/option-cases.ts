import { getEventListeners } from 'node:events';
import { expect, it } from 'vitest';
import { shellExitStatus } from '../shell-command-result.js';
import { ShellOptionsError } from '../shell-options-error.js';
import { CAP, CASE_TIMEOUT_MS, EARLY_MS, expectAbortEndsTree, run, type CaseContext } from './case-context.js';
import { survivors } from './host-processes.js';

/** SH-2: the options — a required capture cap and timeout, the working directory, the environment, the abort signal. */
export function describeOptionCases(context: CaseContext): void {
  const { target } = context;

  it(
    'SH-2: a missing or invalid maxCaptureBytes or timeoutMs is a rejected ShellOptionsError (never a synchronous throw) and runs nothing',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const invalid: ReadonlyArray<Record<string, unknown>> = [
        { timeoutMs: 1_000 },
        ...[-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100'].map((cap) => ({
          timeoutMs: 1_000,
          maxCaptureBytes: cap,
        })),
        { maxCaptureBytes: CAP },
        ...[0, -5, Number.NaN].map((timeoutMs) => ({ timeoutMs, maxCaptureBytes: CAP })),
      ];
      for (const options of invalid) {
        // A promise-returning method rejects; it never throws at the caller.
        let outcome: Promise<unknown> | undefined;
        expect(() => (outcome = shell.execute(t.sleep, options as never)), JSON.stringify(options)).not.toThrow();
        const error: unknown = await outcome?.then(
          () => undefined,
          (rejection: unknown) => rejection,
        );
        expect(ShellOptionsError.isInstance(error) && error.code, JSON.stringify(options)).toBe(
          'SHELL_INVALID_OPTIONS',
        );
      }
      expect(await target.listProcesses(t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-2: maxCaptureBytes 0 keeps no output but counts every byte',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value } = await run(shell, `printf 'hello'; printf 'oops' >&2 # ${t.id}`, { maxCaptureBytes: 0 });
      expect(value).toMatchObject({ exitCode: 0, stdoutBytes: 5, stderrBytes: 4, truncated: true });
      expect(value.stdout).not.toContain('hello');
      expect(value.stderr).not.toContain('oops');
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-2: cwd sets the working directory',
    async () => {
      const shell = await context.shell();
      const folder = await context.folder(shell);
      const { value } = await run(shell, 'pwd -P; ls -A', { cwd: folder });
      expect(value).toMatchObject({ exitCode: 0, stdout: `${folder}\n`, stderr: '' });
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-2: env adds variables (any text, quotes and newlines included) and removes them',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const tricky = `it's "quoted" $HOME \`uname\` \\ ; exit 9\nline two`;
      const { value } = await run(
        shell,
        `printf '%s|%s|%s|%s' "$FOO" "$TRICKY" "\${PAGER-unset}" "\${PATH:+path}" # ${t.id}`,
        {
          env: { FOO: 'bar', TRICKY: tricky, PAGER: undefined },
        },
      );
      expect(value).toMatchObject({ exitCode: 0, stdout: `bar|${tricky}|unset|path` });
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-2: an already-aborted signal resolves with aborted and runs nothing (100 tries)',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const folder = await context.folder(shell);
      for (let attempt = 0; attempt < 100; attempt++) {
        const { value } = await run(shell, `echo ran > '${folder}/ran-${attempt}'; ${t.sleep}`, {
          signal: AbortSignal.abort(),
        });
        expect(value).toMatchObject({ timedOut: false, aborted: true, stdout: '' });
      }
      expect(await target.listProcesses(t.id)).toEqual([]);
      expect((await run(shell, `ls -A '${folder}'`)).value.stdout).toBe('');
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-2: aborting mid-run resolves with aborted, not timedOut, and kills the tree',
    // Settled soon after the abort (the sleep dies of SIGTERM), not at the 120 s timeout.
    () => expectAbortEndsTree(context, (t) => `${t.sleep}; true`, 1, 143),
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-2: a reused AbortSignal keeps no abort listeners once its commands have ended',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const controller = new AbortController();
      for (let index = 0; index < 5; index++) {
        const { value } = await run(shell, `echo ${index} # ${t.id}`, { signal: controller.signal });
        expect(value).toMatchObject({ exitCode: 0, stdout: `${index}\n`, aborted: false });
      }
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "SH-2/BT-1: timeoutMs 1000 (the Bash tool's least) ends a command after 1 s, long before 10 s, and leaves nothing",
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value, ms } = await run(shell, `${t.sleep}; true`, { timeoutMs: 1_000 });
      expect(value).toMatchObject({ timedOut: true, aborted: false });
      expect(shellExitStatus(value)).toBe(143);
      expect(value.durationMs).toBeGreaterThanOrEqual(1_000 - EARLY_MS);
      expect(ms).toBeGreaterThanOrEqual(1_000 - EARLY_MS);
      expect(ms).toBeLessThan(10_000);
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
}
