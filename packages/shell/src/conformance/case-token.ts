import { randomInt } from 'node:crypto';

/**
 * The unique mark of one case. Every command line a case starts carries `id`, so whatever is left
 * of the case can be found on the host. A case's sleeps are spelled apart in the script
 * (`sleep 1000.<id>''5`), so only a process that has become that sleep carries `asleep`: counting
 * `asleep` counts the sleeps that really run, never the shells (or their forks) that start them.
 */
export interface CaseToken {
  /** 12 random digits, in every command line of the case. */
  readonly id: string;
  /** Carried by the processes that became `sleep 1000.<id>5` (and by nothing that only starts one). */
  readonly asleep: string;
  /** Shell text for a sleep of 1,000 s that carries `asleep` once it runs. */
  readonly sleep: string;
}

/** A fresh token (12 digits, so `1000.<id>5` is still a number `sleep` accepts). */
export function newCaseToken(): CaseToken {
  const id = String(randomInt(100_000_000_000, 999_999_999_999));
  return { id, asleep: `${id}5`, sleep: `sleep 1000.${id}''5` };
}

/**
 * Shell text that waits until the job just started with `&` has become `sleep` (so it has left the
 * session or group it was told to leave) — a condition, not a fixed pause. Reads the host's /proc.
 */
export const UNTIL_JOB_IS_SLEEP =
  'until read -r -d "" arg0 2>/dev/null < /proc/$!/cmdline && [ "$arg0" = sleep ]; do sleep 0.01; done';
