import { constants } from 'node:os';
import type { CommandTree } from './command-tree.js';
import type { SandboxNetwork } from './sandbox-network.js';
import { anyLive, pause, ProcessTree, signalEach } from './process-tree.js';

/**
 * The processes of a command that runs in a bubblewrap sandbox (SPEC SB-1, SB-6): the leader
 * (`bwrap`, which ends with the command's status), the sandbox's init (its child, PID 1 of the
 * sandbox's PID namespace) and everything in the namespace. Every process there descends from the
 * init (orphans are reparented to it), so the leader's tree finds them all; and when the init
 * dies, the kernel kills every one of them, whatever session it took. The sandbox is the
 * containment: `pid-namespace`.
 */
export class SandboxTree implements CommandTree {
  readonly containment = 'pid-namespace';
  readonly #leader: ProcessTree;

  constructor(
    readonly leaderPid: number,
    marker: string,
    /** The sandbox's init, as this process sees it (bubblewrap's `child-pid`). */
    private readonly initPid: number,
    /** Its way out to the allowed domains, when it has one: closed with the tree. */
    readonly network?: SandboxNetwork,
  ) {
    this.#leader = new ProcessTree(leaderPid, marker);
  }

  members(): number[] {
    return this.#leader.entries(false).map((entry) => entry.pid);
  }

  /**
   * SIGTERM to the command's processes — not to the leader, which reports how the command ended,
   * nor to the init, which would ignore it; while any lives after `graceMs`, the init is killed and
   * with it the namespace. The leader then ends by itself; one still alive after a second is killed.
   */
  async terminate(graceMs: number): Promise<void> {
    const deadline = Date.now() + graceMs;
    // A sandbox still being made has no command yet: it gets the grace period to start, and its SIGTERM then.
    let signalled = this.#command();
    while (signalled.length === 0 && Date.now() < deadline && anyLive([this.initPid])) {
      await pause(10);
      signalled = this.#command();
    }
    signalEach(signalled, 'SIGTERM');
    while (Date.now() < deadline && anyLive(signalled)) await pause(10);
    for (let round = 0; round < 200 && this.#kill(false); round++) await pause(5);
    const leaderDeadline = Date.now() + 1_000;
    while (Date.now() < leaderDeadline && anyLive([this.leaderPid])) await pause(10);
    if (anyLive([this.leaderPid])) signalEach([this.leaderPid], 'SIGKILL');
  }

  killNow(): void {
    for (let round = 0; round < 20 && this.#kill(true); round++);
  }

  /** A namespace ends with its init; its network bridge and proxy, when it has them, are closed. */
  release(): void {
    void this.network?.close();
  }

  /** SIGKILL to the init (the kernel kills the namespace) and to anything still found; false when nothing was left. */
  #kill(leaderToo: boolean): boolean {
    const targets = this.#command();
    if (anyLive([this.initPid]) && this.members().includes(this.initPid)) targets.unshift(this.initPid);
    if (leaderToo && anyLive([this.leaderPid])) targets.push(this.leaderPid);
    signalEach(targets, 'SIGKILL');
    return targets.length > 0;
  }

  /** The command's live processes: every member but the leader and the init. */
  #command(): number[] {
    return this.members().filter((pid) => pid !== this.leaderPid && pid !== this.initPid);
  }
}

/**
 * How a command this shell killed (timeout, abort, `kill()`) ended, when it ran in a sandbox:
 * bubblewrap reports a command that died of signal n as exit code 128 + n (as a shell does), so
 * the signal is given back as the signal. A command that ended by itself keeps its exit code.
 */
export function statusOfKilled(
  exitCode: number | null,
  signal: NodeJS.Signals | null,
): { exitCode: number | null; signal: NodeJS.Signals | null } {
  if (exitCode === null || exitCode <= 128) return { exitCode, signal };
  const name = Object.entries(constants.signals).find(([, number]) => number === exitCode - 128)?.[0];
  return name === undefined ? { exitCode, signal } : { exitCode: null, signal: name as NodeJS.Signals };
}
