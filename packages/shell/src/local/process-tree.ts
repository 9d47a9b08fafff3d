import { environmentHolds, listProcesses, OWN_GROUP_ID } from './process-table.js';

/**
 * The processes one command started (SPEC SH-3): its process group, its session (jobs started
 * with `set -m` get new groups but stay in the session), the descendants of any of those, and —
 * through a /proc sweep — processes that left the session (`setsid`, `nohup … &`) but still carry
 * the command's environment marker. The leader's ids equal its pid (it was started with setsid).
 */
export class ProcessTree {
  constructor(
    readonly leaderPid: number,
    readonly marker: string,
  ) {
    if (!Number.isSafeInteger(leaderPid) || leaderPid <= 1 || leaderPid === OWN_GROUP_ID || leaderPid === process.pid) {
      throw new RangeError(`refusing to manage process group ${leaderPid}`);
    }
  }

  /** Every live process that belongs to the command (never this process or its group). */
  members(): number[] {
    const processes = listProcesses();
    const members = new Set<number>();
    for (const entry of processes) {
      if (entry.sessionId === this.leaderPid || entry.groupId === this.leaderPid) members.add(entry.pid);
    }
    // Descendants of members (a child that joined another session keeps its parent link until the parent dies).
    for (let grew = true; grew;) {
      grew = false;
      for (const entry of processes) {
        if (!members.has(entry.pid) && members.has(entry.parentPid)) {
          members.add(entry.pid);
          grew = true;
        }
      }
    }
    for (const entry of processes) {
      if (!members.has(entry.pid) && entry.pid !== process.pid && environmentHolds(entry.pid, this.marker))
        members.add(entry.pid);
    }
    members.delete(process.pid);
    // A zombie is already dead; it only waits for its parent (or init) to reap it.
    const zombies = new Set(processes.filter((entry) => entry.state === 'Z').map((entry) => entry.pid));
    return [...members].filter((pid) => !zombies.has(pid));
  }

  /** Sends `signal` to the whole group and to every member found; returns how many members were found. */
  signal(signal: NodeJS.Signals): number {
    signalGroup(this.leaderPid, signal);
    const members = this.members();
    for (const pid of members) {
      try {
        process.kill(pid, signal);
      } catch {
        // Already gone.
      }
    }
    return members.length;
  }

  /** True while any member lives (zombies do not count). */
  alive(): boolean {
    return this.members().length > 0;
  }

  /**
   * Ends the tree: SIGTERM to everything, then, while anything still lives after `graceMs`,
   * SIGKILL to everything until nothing is left (a fork storm is killed round by round).
   */
  async terminate(graceMs: number): Promise<void> {
    this.signal('SIGTERM');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && this.alive()) await pause(10);
    for (let round = 0; round < 200 && this.alive(); round++) {
      this.signal('SIGKILL');
      await pause(5);
    }
  }

  /** Kills whatever is left at once (after a normal exit, or when this process is exiting). */
  killNow(): void {
    for (let round = 0; round < 20 && this.signal('SIGKILL') > 0; round++);
  }
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

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
