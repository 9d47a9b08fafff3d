import type { Containment } from './containment.js';
import type { SandboxKind } from './sandbox-policy.js';

/** Where a background command is. */
export type BackgroundStatus = 'running' | 'exited' | 'killed';

/** What a read of a background command returns (SPEC BT-2). */
export interface BackgroundRead {
  /** Output (stdout and stderr, merged as they arrived) since the previous read. */
  readonly output: string;
  /** Bytes of that output the bounded buffer no longer held. */
  readonly droppedBytes: number;
  /**
   * Bytes of that output `output` holds, counted before decoding: with `droppedBytes`, every byte
   * the command printed since the previous read. Shells that count them say so here.
   */
  readonly outputBytes?: number;
  /** Running, exited on its own, or killed. */
  readonly status: BackgroundStatus;
  /** The exit code once it exited; `null` while running or when a signal ended it. */
  readonly exitCode: number | null;
  /** The signal that ended it, or `null`. */
  readonly signal: string | null;
}

/** A command running in the background: readable while it runs, killable with its whole tree. */
export interface BackgroundProcess {
  /** The command line. */
  readonly command: string;
  /** Where it is now. */
  readonly status: BackgroundStatus;
  /** How its processes are held together (local shells; see {@link Containment}). */
  readonly containment?: Containment;
  /** The kernel sandbox it runs in (see {@link SandboxKind}); absent where the shell does not say. */
  readonly sandbox?: SandboxKind;
  /** Output since the previous read, with the status. */
  read(): BackgroundRead;
  /** Ends it and every process it started; resolves when they are dead. */
  kill(): Promise<void>;
}

/** How a background command runs. */
export interface BackgroundOptions {
  /** The working directory; must exist. */
  readonly cwd?: string;
  /** Variables added to (or, with `undefined`, removed from) the environment. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The most output bytes held between reads (older bytes are dropped and counted). Required. */
  readonly maxBufferBytes: number;
}
