import type { CommandTree } from './command-tree.js';
import { environmentHolds, listProcesses, OWN_GROUP_ID, readProcess, type ProcessEntry } from './process-table.js';

/**
 * The processes one command started, held by its session (SPEC SH-3): its process group, its
 * session (jobs started with `set -m` get new groups but stay in the session), the descendants of
 * any of those, and — through a /proc sweep — processes that left the session (`setsid`,
 * `nohup … &`) but still carry the command's environment marker. The leader's ids equal its pid
 * (it was started with setsid).
 */
export class ProcessTree implements CommandTree {
  readonly containment = 'session';
  readonly #leaderStart: number;

  constructor(
    readonly leaderPid: number,
    readonly marker: string,
  ) {
    if (!Number.isSafeInteger(leaderPid) || leaderPid <= 1 || leaderPid === OWN_GROUP_ID || leaderPid === process.pid) {
      throw new RangeError(`refusing to manage process group ${leaderPid}`);
    }
    this.#leaderStart = readProcess(leaderPid)?.startTime ?? 0;
  }

  /** Every live process that belongs to the command (never this process or its group). */
  members(): number[] {
    return this.entries().map((entry) => entry.pid);
  }

  /**
   * The /proc entries of the live members: the session and group, their descendants (a child
   * that joined another session keeps its parent link until the parent dies) and, with
   * `sweepMarkers`, processes started after the command that carry its marker. `processes` is
   * the process table to read them from (one read of /proc can serve several trees).
   */
  entries(sweepMarkers = true, processes: readonly ProcessEntry[] = listProcesses()): ProcessEntry[] {
    const members = new Set<number>();
    for (const entry of processes) {
      if (entry.sessionId === this.leaderPid || entry.groupId === this.leaderPid) members.add(entry.pid);
    }
    for (let grew = true; grew;) {
      grew = false;
      for (const entry of processes) {
        if (!members.has(entry.pid) && members.has(entry.parentPid)) {
          members.add(entry.pid);
          grew = true;
        }
      }
    }
    if (sweepMarkers) {
      for (const entry of processes) {
        // Only processes started after the command can carry its marker; reading every environment is the slow part.
        if (
          members.has(entry.pid) ||
          entry.pid === process.pid ||
          entry.state === 'Z' ||
          entry.startTime < this.#leaderStart
        )
          continue;
        if (environmentHolds(entry.pid, this.marker)) members.add(entry.pid);
      }
    }
    members.delete(process.pid);
    // A zombie is already dead; it only waits for its parent (or init) to reap it.
    return processes.filter((entry) => members.has(entry.pid) && entry.state !== 'Z');
  }

  /** Sends `signal` to the whole group and to every member found; returns the members found. */
  signal(signal: NodeJS.Signals): number[] {
    // Scan first: once the group is signalled the leader may die, and a child that left the
    // session (and its environment) would lose the parent link that identifies it.
    const members = this.members();
    signalGroup(this.leaderPid, signal);
    signalEach(members, signal);
    return members;
  }

  /**
   * Ends the tree: SIGTERM to everything, then, while anything still lives after `graceMs`,
   * SIGKILL to everything until nothing is left (a fork storm is killed round by round). During
   * the grace period only the processes found at SIGTERM (and the group) are watched, which is
   * cheap; the SIGKILL rounds scan again, so anything forked meanwhile is found there.
   */
  async terminate(graceMs: number): Promise<void> {
    const signalled = this.signal('SIGTERM');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && (anyLive(signalled) || groupExists(this.leaderPid))) await pause(10);
    for (let round = 0; round < 200 && this.signal('SIGKILL').length > 0; round++) await pause(5);
  }

  /** Kills whatever is left at once (after a normal exit, or when this process is exiting). */
  killNow(): void {
    for (let round = 0; round < 20 && this.signal('SIGKILL').length > 0; round++);
  }

  /** A session holds nothing to give back. */
  release(): void {}
}

/** Signals a process group; never pid 0, never 1, never this process's own group. */
export function signalGroup(groupId: number, signal: NodeJS.Signals): boolean {
  if (!Number.isSafeInteger(groupId) || groupId <= 1 || groupId === OWN_GROUP_ID) return false;
  try {
    process.kill(-groupId, signal);
    return true;
  } catch {
    return false;
  }
}

/** Signals each process (never pid 0 or 1, never this process); those already gone are skipped. */
export function signalEach(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    if (pid <= 1 || pid === process.pid) continue;
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** True while any of these processes lives (a zombie is dead). */
export function anyLive(pids: readonly number[]): boolean {
  return pids.some((pid) => {
    const entry = readProcess(pid);
    return entry !== undefined && entry.state !== 'Z';
  });
}

/** True while the group has a live member. kill(-g, 0) counts zombies, so a dead leader is checked in /proc. */
function groupExists(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
  } catch {
    return false;
  }
  return anyLive([groupId]);
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
