import { expect, it } from 'vitest';
import { shellExitStatus } from '../shell-command-result.js';
import { UNTIL_JOB_IS_SLEEP, type CaseToken } from './case-token.js';
import { CASE_TIMEOUT_MS, run, type CaseContext } from './case-context.js';
import { survivors } from './host-processes.js';

/** Commands that leave a job behind; each waits until the job really is `sleep` before it exits. */
const leftovers: ReadonlyArray<[label: string, command: (t: CaseToken) => string]> = [
  ['a plain background job', (t) => `${t.sleep} & ${UNTIL_JOB_IS_SLEEP}; echo done`],
  ['setsid (left the session)', (t) => `setsid ${t.sleep} & ${UNTIL_JOB_IS_SLEEP}; echo done`],
  ['set -m (own process group)', (t) => `set -m; ${t.sleep} & ${UNTIL_JOB_IS_SLEEP}; echo done`],
  [
    'set -m with env -i (own group, empty environment)',
    (t) => `set -m; env -i ${t.sleep} & ${UNTIL_JOB_IS_SLEEP}; echo done`,
  ],
  ['nohup with its output redirected', (t) => `nohup ${t.sleep} > /dev/null 2>&1 & ${UNTIL_JOB_IS_SLEEP}; echo done`],
  ['a job that ignores SIGTERM', (t) => `(trap '' TERM; exec ${t.sleep}) & ${UNTIL_JOB_IS_SLEEP}; echo done`],
  ['a job that closed stdout and stderr', (t) => `${t.sleep} >/dev/null 2>&1 & ${UNTIL_JOB_IS_SLEEP}; echo done`],
];

/** SH-3/SH-5: a command that has exited returns at once, and what it left running is killed. */
export function describeLeftoverCases(context: CaseContext): void {
  const { target } = context;

  for (const [label, command] of leftovers) {
    it(
      `SH-3/SH-5: a finished command returns at once and its leftover is killed: ${label}`,
      async () => {
        const shell = await context.shell();
        const t = context.token();
        // The timeout is far away: a shell that waited for the leftover would time out, not return `done`.
        const { value } = await run(shell, command(t), { timeoutMs: 120_000 });
        expect(value).toMatchObject({ exitCode: 0, signal: null, stdout: 'done\n', timedOut: false, aborted: false });
        expect(await survivors(target, t.id)).toEqual([]);
      },
      CASE_TIMEOUT_MS,
    );
  }

  it(
    'SH-3: `kill -9 $$` after starting a background job leaves no survivor',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value } = await run(shell, `${t.sleep} & ${UNTIL_JOB_IS_SLEEP}; kill -9 $$`, { timeoutMs: 120_000 });
      expect(value).toMatchObject({ timedOut: false, aborted: false });
      expect(shellExitStatus(value)).toBe(137);
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
}
