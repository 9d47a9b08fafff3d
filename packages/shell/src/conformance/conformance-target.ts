import type { VirtualShell } from '../virtual-shell.js';

/** What a shell under test supports beyond `execute`; each one left out is reported as a failed case. */
export interface ConformanceCapabilities {
  /** Background commands (`startBackground`, SPEC BT-2). Default: true. */
  readonly background?: boolean;
}

/**
 * A {@link VirtualShell} to check with {@link describeShellConformance}, and an independent view of
 * the host it runs its commands on.
 */
export interface ConformanceTarget {
  /** Names the suite: `VirtualShell conformance: <name>`. */
  readonly name: string;
  /** A fresh shell for one case; the kit disposes it (when it has `dispose`) after the case. */
  createShell(): VirtualShell | Promise<VirtualShell>;
  /**
   * The live processes (not zombies) on the shell's host whose command line contains `token` — an
   * independent view, never the shell's own bookkeeping: a /proc scan on the host (for a remote
   * host, through a connection of its own). Cases put a unique token into every command line they
   * start, so that whatever survives a case is found here.
   */
  listProcesses(token: string): Promise<readonly number[]>;
  /** Kills whatever still carries `token` after a case (cleanup only, after the assertions). */
  killProcesses?(token: string): Promise<void>;
  /**
   * What the shell supports. A capability it lacks is reported as a failed case that says so,
   * never skipped silently. Default: everything.
   */
  readonly capabilities?: ConformanceCapabilities;
}
