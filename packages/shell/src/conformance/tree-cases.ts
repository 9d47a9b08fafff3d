import { expect, it } from 'vitest';
import type { CaseToken } from './case-token.js';
import { abortWhenRunning, CASE_TIMEOUT_MS, expectAbortEndsTree, type CaseContext } from './case-context.js';
import { survivors } from './host-processes.js';

/** Commands whose whole tree an abort must kill; `sleeping` is how many of the case's sleeps each runs. */
const trees: ReadonlyArray<[label: string, command: (t: CaseToken) => string, sleeping: number]> = [
  ['two background jobs and wait', (t) => `${t.sleep} & ${t.sleep} & wait`, 2],
  ['nohup in the background', (t) => `nohup ${t.sleep} > /dev/null 2>&1 & ${t.sleep}; true`, 2],
  ['setsid in the background (leaves the session)', (t) => `setsid ${t.sleep} & ${t.sleep}; true`, 2],
  ['set -m (jobs get their own process groups)', (t) => `set -m; ${t.sleep} & ${t.sleep}; true`, 2],
  ['set -m with env -i (own group, empty environment)', (t) => `set -m; env -i ${t.sleep} & ${t.sleep}; true`, 2],
  ['exec replaces the shell', (t) => `exec ${t.sleep}`, 1],
  ['a subshell that double-forks', (t) => `( ( ${t.sleep} & ) & ); ${t.sleep}; true`, 2],
  ['nested bash with its own background jobs', (t) => `bash -c "${t.sleep} & ${t.sleep} & wait" & wait`, 2],
];

/** SH-3: a timeout or an abort kills the command's whole tree, however its processes try to leave it. */
export function describeTreeCases(context: CaseContext): void {
  const { target } = context;

  for (const [label, command, sleeping] of trees) {
    it(
      `SH-3: aborting a running command kills the whole tree: ${label}`,
      // Every sleep must have started (exec'd, so out of the group or session it was told to leave)
      // before the abort; SIGTERM ends every sleep at once: no grace period to wait out.
      () => expectAbortEndsTree(context, command, sleeping),
      CASE_TIMEOUT_MS,
    );
  }

  it(
    'SH-3: a child that left the session and dropped its environment dies on abort while its parent lives (6 tries)',
    async () => {
      const shell = await context.shell();
      const escaped: Array<readonly number[]> = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const t = context.token();
        const { value, ready } = await abortWhenRunning(
          target,
          shell,
          `env -i setsid ${t.sleep} & ${t.sleep}; true`,
          t,
          2,
        );
        expect(ready).toBe(true);
        expect(value.aborted).toBe(true);
        const left = await survivors(target, t.id);
        if (left.length > 0) escaped.push(left);
      }
      expect(escaped).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-3: a leader that ignores SIGTERM is killed after the grace period (status 128+9)',
    // The sleep inherits the ignored SIGTERM; once it runs, the trap is set.
    () => expectAbortEndsTree(context, (t) => `trap '' TERM; ${t.sleep}; true`, 1, 137),
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-3: a child that ignores SIGTERM is killed after the grace period though its leader died of SIGTERM',
    () => expectAbortEndsTree(context, (t) => `(trap '' TERM; exec ${t.sleep}) & ${t.sleep}; true`, 2, 143),
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-3: a timeout kills the whole tree too (background jobs, setsid, nohup, a double fork)',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const started = performance.now();
      const value = await shell.execute(
        `${t.sleep} & setsid ${t.sleep} & nohup ${t.sleep} >/dev/null 2>&1 & ( ( ${t.sleep} & ) & ); ${t.sleep}; true`,
        { timeoutMs: 3_000, maxCaptureBytes: 65_536 },
      );
      expect(value).toMatchObject({ timedOut: true, aborted: false });
      expect(performance.now() - started).toBeLessThan(12_000);
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
}
