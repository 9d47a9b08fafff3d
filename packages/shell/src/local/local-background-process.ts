import type { ChildProcess } from 'node:child_process';
import { BufferedBackgroundProcess } from '../capture/buffered-background-process.js';
import type { Containment } from '../containment.js';
import type { SandboxKind } from '../sandbox-policy.js';
import { SandboxTree, statusOfKilled } from './sandbox-tree.js';
import { whenExited } from './when-exited.js';
import type { CommandTree } from './command-tree.js';
import { settle } from './spawn-in-session.js';

/** A background command on this machine: its tree is tracked, its output bounded, its end final. */
export class LocalBackgroundProcess extends BufferedBackgroundProcess {
  readonly #exited: Promise<void>;

  constructor(
    command: string,
    child: ChildProcess,
    private readonly tree: CommandTree,
    sandbox: SandboxKind,
    maxBufferBytes: number,
    private readonly killGraceMs: number,
    settleMs: number,
    untrack: () => void,
  ) {
    super(command, sandbox, maxBufferBytes);
    child.stdout?.on('data', (chunk: Buffer) => this.capture(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.capture(chunk));
    this.#exited = new Promise((resolve) => {
      whenExited(child, (exitCode, signal) => {
        // What the command left behind dies with it, as in the foreground; its last output is
        // read before it says it has ended, so a read that sees the end sees all of the output.
        tree.killNow();
        void settle(child, settleMs).then(() => {
          const status = this.status === 'killed' ? 'killed' : 'exited';
          const ended =
            status === 'killed' && tree instanceof SandboxTree
              ? statusOfKilled(exitCode, signal)
              : { exitCode, signal };
          this.finish({ status, exitCode: ended.exitCode, signal: ended.signal });
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

  protected get ended(): Promise<void> {
    return this.#exited;
  }

  protected stop(): Promise<void> {
    return this.tree.terminate(this.killGraceMs).then(() => this.#exited);
  }
}
