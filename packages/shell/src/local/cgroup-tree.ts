import type { CommandTree } from './command-tree.js';
import { cgroupMembers, killCgroup, removeCommandCgroup } from './cgroup.js';
import { anyLive, pause, ProcessTree, signalEach } from './process-tree.js';

/**
 * The processes of a command that runs in its own cgroup v2 (SPEC SH-3): every process it starts
 * is born in the cgroup, whatever session or environment it takes, and `cgroup.kill` kills them
 * all, forks in flight included. The session tree (without the marker sweep) is signalled too,
 * for a process moved out of the cgroup by hand.
 */
export class CgroupTree implements CommandTree {
  readonly containment = 'cgroup';
  readonly #session: ProcessTree;

  constructor(
    readonly leaderPid: number,
    marker: string,
    readonly path: string,
  ) {
    this.#session = new ProcessTree(leaderPid, marker);
  }

  /** The live processes in the cgroup and in the command's session. */
  members(): number[] {
    const pids = new Set(cgroupMembers(this.path).filter((pid) => anyLive([pid])));
    for (const entry of this.#session.entries(false)) pids.add(entry.pid);
    pids.delete(process.pid);
    return [...pids];
  }

  /**
   * SIGTERM to the group and every member; while the cgroup (or what was signalled) still holds a
   * live process after `graceMs`, `cgroup.kill`, round after round until nothing is left.
   */
  async terminate(graceMs: number): Promise<void> {
    const signalled = this.members();
    this.#session.signal('SIGTERM');
    signalEach(signalled, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && (cgroupMembers(this.path).length > 0 || anyLive(signalled))) await pause(10);
    for (let round = 0; round < 200 && this.#kill(); round++) await pause(5);
  }

  /** `cgroup.kill`, and SIGKILL to the session, at once. */
  killNow(): void {
    for (let round = 0; round < 20 && this.#kill(); round++);
  }

  /** Removes the cgroup once it is empty (its last processes may take a moment to die). */
  release(): void {
    const attempt = (left: number): void => {
      if (removeCommandCgroup(this.path) || left === 0) return;
      setTimeout(() => attempt(left - 1), 20).unref();
    };
    attempt(500);
  }

  /** One kill round; false when nothing was left to kill. */
  #kill(): boolean {
    const members = this.members();
    if (members.length === 0) return false;
    killCgroup(this.path);
    this.#session.signal('SIGKILL');
    signalEach(members, 'SIGKILL');
    return true;
  }
}
