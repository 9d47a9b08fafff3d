import type { CommandTree } from './command-tree.js';
import type { NamespaceHolder } from './namespace-holder.js';
import { listProcesses, type ProcessEntry } from './process-table.js';
import { anyLive, pause, ProcessTree, signalEach } from './process-tree.js';

/**
 * The processes of a command that runs in its own PID namespace (SPEC SH-3): the leader
 * (`nsenter`, which ends as the command's bash ends, with its status), the namespace's holder and
 * init, and the command itself — everything in the namespace. Every process there descends from
 * the init or from the command's bash (orphans are reparented to the init), so the two session
 * trees find them all; and when the init dies, the kernel kills every one of them, whatever
 * session or environment it took.
 */
export class NamespaceTree implements CommandTree {
  readonly containment = 'pid-namespace';
  readonly #leader: ProcessTree;
  readonly #holder: ProcessTree;

  constructor(
    readonly leaderPid: number,
    marker: string,
    private readonly namespace: NamespaceHolder,
  ) {
    this.#leader = new ProcessTree(leaderPid, marker);
    this.#holder = new ProcessTree(namespace.pid, marker);
  }

  /** The leader, the holder, the namespace's init and every process in the namespace. */
  members(): number[] {
    return this.#entries().map((entry) => entry.pid);
  }

  /**
   * SIGTERM to the command's processes — never to the leader, which must report how the command's
   * bash ended, nor to the init, which would ignore it; while any of them lives after `graceMs`,
   * the namespace is killed. The leader then ends as the command's bash did.
   */
  async terminate(graceMs: number): Promise<void> {
    const signalled = this.#command();
    signalEach(signalled, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && anyLive(signalled)) await pause(10);
    for (let round = 0; round < 200 && this.#kill(false); round++) await pause(5);
    await this.#letLeaderEnd();
  }

  /** Kills the namespace and the leader at once. */
  killNow(): void {
    for (let round = 0; round < 20 && this.#kill(true); round++);
  }

  /** A namespace ends with its init: nothing to give back. */
  release(): void {}

  /**
   * The namespace dies with its init (every process in it at once, forks in flight included);
   * anything else found is SIGKILLed. The holder is left to end by itself once it has reaped the
   * init. False when nothing was left.
   */
  #kill(leaderToo: boolean): boolean {
    this.namespace.close();
    const targets = this.#command();
    if (leaderToo && anyLive([this.leaderPid])) targets.push(this.leaderPid);
    signalEach(targets, 'SIGKILL');
    return targets.length > 0;
  }

  /**
   * With the namespace dead, `nsenter` reaps the command's bash and re-raises its signal. A
   * stopped leader is continued so that it can; one that still lives after a second is killed.
   */
  async #letLeaderEnd(): Promise<void> {
    if (!anyLive([this.leaderPid])) return;
    signalEach([this.leaderPid], 'SIGCONT');
    const deadline = Date.now() + 1_000;
    while (Date.now() < deadline && anyLive([this.leaderPid])) await pause(10);
    if (anyLive([this.leaderPid])) signalEach([this.leaderPid], 'SIGKILL');
  }

  /** The command's live processes: every member but the leader, the holder and the init. */
  #command(): number[] {
    const entries = this.#entries();
    const init = entries.find((entry) => entry.parentPid === this.namespace.pid)?.pid;
    return entries
      .map((entry) => entry.pid)
      .filter((pid) => pid !== this.leaderPid && pid !== this.namespace.pid && pid !== init);
  }

  #entries(): ProcessEntry[] {
    const entries = new Map<number, ProcessEntry>();
    const processes = listProcesses();
    for (const tree of [this.#leader, this.#holder])
      for (const entry of tree.entries(false, processes)) entries.set(entry.pid, entry);
    return [...entries.values()];
  }
}
