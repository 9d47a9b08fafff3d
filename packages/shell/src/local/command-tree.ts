import type { Containment } from '../containment.js';

/** The processes of one running command, as its containment knows them. */
export interface CommandTree {
  /** The containment that holds the tree. */
  readonly containment: Containment;
  /** Every live process of the command now (never this process or its group). */
  members(): number[];
  /** SIGTERM to every process, then, while any lives after `graceMs`, SIGKILL until none is left. */
  terminate(graceMs: number): Promise<void>;
  /** Kills whatever is left at once (after a normal exit, or when this process is exiting). */
  killNow(): void;
  /** Gives back what the containment holds (a cgroup directory) once the tree is dead. */
  release(): void;
}
