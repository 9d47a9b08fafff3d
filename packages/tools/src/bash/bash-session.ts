import type { BackgroundProcess, VirtualShell } from '@toolwright/shell';

/** What the Bash tools share: the shell, and the background commands started through it. */
export class BashSession {
  readonly #jobs = new Map<string, BackgroundProcess>();
  #next = 1;

  constructor(readonly shell: VirtualShell) {}

  /** Remembers a background command under a new id (`bash_1`, `bash_2`, …). */
  add(background: BackgroundProcess): string {
    const id = `bash_${this.#next++}`;
    this.#jobs.set(id, background);
    return id;
  }

  /** The background command with this id. */
  get(id: string): BackgroundProcess | undefined {
    return this.#jobs.get(id);
  }

  /** The ids of every background command this session started, oldest first. */
  ids(): string[] {
    return [...this.#jobs.keys()];
  }

  /** Kills every background command that still runs (SPEC BT-2: all of it dies with the session). */
  async dispose(): Promise<void> {
    await Promise.all([...this.#jobs.values()].map((background) => background.kill()));
    await this.shell.dispose?.();
  }
}
