import type { BackgroundProcess, BackgroundRead, BackgroundStatus } from '../background-process.js';
import type { SandboxKind } from '../sandbox-policy.js';
import { OutputRing } from './output-ring.js';
import { readBackground, type BackgroundState } from './read-background.js';

/**
 * A background command as every shell keeps it (SPEC BT-2): its output (stdout and stderr merged
 * as they arrive) in a bounded ring, its status, and its exit code and signal once it ended. A
 * shell adds how the command ends: `ended` settles once its end is recorded, `stop` ends it.
 */
export abstract class BufferedBackgroundProcess implements BackgroundProcess {
  #state: BackgroundState = { status: 'running', exitCode: null, signal: null };
  readonly #ring: OutputRing;

  protected constructor(
    readonly command: string,
    /** The kernel sandbox it runs in. */
    readonly sandbox: SandboxKind,
    maxBufferBytes: number,
  ) {
    this.#ring = new OutputRing(maxBufferBytes);
  }

  /** Settles once the command has ended and {@link finish} has recorded how. */
  protected abstract get ended(): Promise<void>;

  /** Ends the command and what it started; called once, by the first `kill()` while it runs. */
  protected abstract stop(): Promise<void>;

  get status(): BackgroundStatus {
    return this.#state.status;
  }

  read(): BackgroundRead {
    return readBackground(this.#ring, this.#state);
  }

  kill(): Promise<void> {
    if (this.#state.status !== 'running') return this.ended;
    this.#state = { ...this.#state, status: 'killed' };
    return this.stop();
  }

  /** Keeps a chunk of the command's output. */
  protected capture(chunk: Uint8Array): void {
    this.#ring.push(chunk);
  }

  /** Records how the command ended: what reads say from now on. */
  protected finish(state: BackgroundState): void {
    this.#state = { status: state.status, exitCode: state.exitCode, signal: state.signal };
  }
}
