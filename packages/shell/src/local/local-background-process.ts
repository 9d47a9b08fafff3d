import type { ChildProcess } from 'node:child_process';
import type { BackgroundProcess, BackgroundRead, BackgroundStatus } from '../background-process.js';
import { OutputRing } from '../capture/output-ring.js';
import { readBackground } from '../capture/read-background.js';
import type { Containment } from '../containment.js';
import type { SandboxKind } from '../sandbox-policy.js';
import { SandboxTree, statusOfKilled } from './sandbox-tree.js';
import { whenExited } from './when-exited.js';
import type { CommandTree } from './command-tree.js';
import { settle } from './spawn-in-session.js';

/** A background command on this machine: its tree is tracked, its output bounded, its end final. */
export class LocalBackgroundProcess implements BackgroundProcess {
  #status: BackgroundStatus = 'running';
  #exitCode: number | null = null;
  #signal: string | null = null;
  #killing: Promise<void> | undefined;
  readonly #ring: OutputRing;
  readonly #exited: Promise<void>;

  constructor(
    readonly command: string,
    child: ChildProcess,
    private readonly tree: CommandTree,
    /** The kernel sandbox it runs in. */
    readonly sandbox: SandboxKind,
    maxBufferBytes: number,
    private readonly killGraceMs: number,
    settleMs: number,
    untrack: () => void,
  ) {
    this.#ring = new OutputRing(maxBufferBytes);
    child.stdout?.on('data', (chunk: Buffer) => this.#ring.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.#ring.push(chunk));
    this.#exited = new Promise((resolve) => {
      whenExited(child, (exitCode, signal) => {
        // What the command left behind dies with it, as in the foreground; its last output is
        // read before it says it has ended, so a read that sees the end sees all of the output.
        tree.killNow();
        void settle(child, settleMs).then(() => {
          if (this.#status === 'running') this.#status = 'exited';
          const ended =
            this.#status === 'killed' && tree instanceof SandboxTree
              ? statusOfKilled(exitCode, signal)
              : { exitCode, signal };
          this.#exitCode = ended.exitCode;
          this.#signal = ended.signal;
          tree.release();
          untrack();
          resolve();
        });
      });
    });
  }

  /** The containment that holds its processes. */
  get containment(): Containment {
    return this.tree.containment;
  }

  get status(): BackgroundStatus {
    return this.#status;
  }

  read(): BackgroundRead {
    return readBackground(this.#ring, { status: this.#status, exitCode: this.#exitCode, signal: this.#signal });
  }

  kill(): Promise<void> {
    if (this.#status !== 'running') return this.#exited;
    this.#status = 'killed';
    this.#killing ??= this.tree.terminate(this.killGraceMs).then(() => this.#exited);
    return this.#killing;
  }
}
