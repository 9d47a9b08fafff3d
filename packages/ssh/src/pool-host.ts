import { SshShell } from './ssh-shell.js';
import type { SshConnectionFailure } from './ssh-connection-error.js';
import type { SshShellOptions } from './ssh-shell-options.js';

/** What a pool reports about one of its hosts. */
export interface PoolHostStatus {
  /** `host:port`. */
  readonly address: string;
  /** Commands running on it now. */
  readonly active: number;
  /** The most that ever ran on it at once. */
  readonly mostActive: number;
  /** Commands it finished (a result, whatever the exit). */
  readonly completed: number;
  /** False while it is out of rotation. */
  readonly inRotation: boolean;
  /** Why it was taken out of rotation (the last connection error), while it is out. */
  readonly outBecause?: string;
}

/** One host of a pool: its shell, its load and whether it takes commands. */
export class PoolHost {
  readonly shell: SshShell;
  active = 0;
  mostActive = 0;
  completed = 0;
  consecutiveFailures = 0;
  inRotation = true;
  outBecause: string | undefined;
  checking = false;

  constructor(options: SshShellOptions) {
    this.shell = new SshShell(options);
  }

  /** Counts a command starting. */
  begin(): void {
    this.active += 1;
    this.mostActive = Math.max(this.mostActive, this.active);
  }

  /** Counts a command ending; `completed` only when it produced a result. */
  finish(completed: boolean): void {
    this.active -= 1;
    if (completed) {
      this.completed += 1;
      this.consecutiveFailures = 0;
    }
  }

  /** Records a connection failure; returns true when the host should leave the rotation. */
  fail(failure: SshConnectionFailure, message: string, limit: number): boolean {
    this.consecutiveFailures += 1;
    this.outBecause = message;
    return failure !== 'connection' || this.consecutiveFailures >= limit;
  }

  status(): PoolHostStatus {
    return {
      address: this.shell.address,
      active: this.active,
      mostActive: this.mostActive,
      completed: this.completed,
      inRotation: this.inRotation,
      ...(this.inRotation || this.outBecause === undefined ? {} : { outBecause: this.outBecause }),
    };
  }
}
