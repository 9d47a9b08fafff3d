import { readdirSync, readFileSync } from 'node:fs';

/** One process as /proc shows it. */
export interface ProcessEntry {
  readonly pid: number;
  /** The state letter (`R`, `S`, `Z` for a zombie: dead, waiting to be reaped). */
  readonly state: string;
  readonly parentPid: number;
  readonly groupId: number;
  readonly sessionId: number;
  /** When it started, in clock ticks since boot: nothing started before a command can descend from it. */
  readonly startTime: number;
}

/** Every process /proc lists now; processes that vanish while being read are skipped. Empty where there is no /proc. */
export function listProcesses(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const entries: ProcessEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readProcess(Number(name));
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

/** One process's ids from `/proc/<pid>/stat`, or `undefined` when it is gone. */
export function readProcess(pid: number): ProcessEntry | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      state: fields[0] ?? '',
      parentPid: Number(fields[1]),
      groupId: Number(fields[2]),
      sessionId: Number(fields[3]),
      startTime: Number(fields[19]),
    };
  } catch {
    return undefined;
  }
}

/** True when the process's environment holds exactly `marker` (`NAME=value`). */
export function environmentHolds(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker);
  } catch {
    return false;
  }
}

/** This process's own group id, which must never be signalled. */
export const OWN_GROUP_ID: number = readProcess(process.pid)?.groupId ?? process.pid;
