import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import { JsonLineReader, type LineListener } from './json-line-reader.js';
import type { StdioServerTarget } from './stdio-server-target.js';

const GRACE_MS = 2_000;

/**
 * One running stdio server process: its stdout read as newline-delimited messages of at most
 * `maxMessageBytes` (see {@link JsonLineReader}), messages written to its stdin. Its environment
 * is the SDK's safe subset of ours (HOME, PATH, USER, …) with the target's on top, as the SDK's
 * own stdio transport does; `shell` is never used.
 */
export class StdioChild {
  /** Its stdout, cut into lines. */
  readonly reader: JsonLineReader;
  readonly #process: ChildProcess;
  readonly #exited: Promise<void>;

  private constructor(process: ChildProcess, reader: JsonLineReader) {
    this.#process = process;
    this.reader = reader;
    this.#exited = new Promise((resolve) => process.once('close', () => resolve()));
  }

  /** Starts the process; rejects with the spawn error (`ENOENT`, …). `onExit` hears of its end, whoever ended it. */
  static start(
    command: StdioServerTarget,
    maxMessageBytes: number,
    listener: LineListener,
    onExit: () => void,
    stderr?: Writable,
  ): Promise<StdioChild> {
    const process = spawn(command.command, [...(command.args ?? [])], {
      env: { ...getDefaultEnvironment(), ...command.env },
      stdio: ['pipe', 'pipe', command.stderr ?? 'inherit'],
      shell: false,
      windowsHide: true,
      ...(command.cwd === undefined ? {} : { cwd: command.cwd }),
    });
    const child = new StdioChild(process, new JsonLineReader(maxMessageBytes, listener));
    process.stdout?.on('data', (chunk: Buffer) => child.reader.push(chunk));
    process.stdin?.on('error', () => undefined);
    if (stderr !== undefined) process.stderr?.pipe(stderr, { end: false });
    return new Promise((resolve, reject) => {
      process.once('error', reject);
      process.once('spawn', () => {
        process.off('error', reject);
        process.on('error', () => undefined);
        process.once('close', onExit);
        resolve(child);
      });
    });
  }

  /** True until the process has exited. */
  get running(): boolean {
    return this.#process.exitCode === null && this.#process.signalCode === null;
  }

  /** Writes one message and a newline; resolves once the pipe takes more. */
  write(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#process.stdin;
    if (stdin === null || stdin.destroyed || !this.running) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Stops reading the process and ends it now: its pipes are closed, SIGTERM, then SIGKILL after 2 s. */
  abandon(): Promise<void> {
    this.#process.stdout?.removeAllListeners('data').destroy();
    this.#process.stdin?.destroy();
    this.reader.clear();
    this.#signal('SIGTERM');
    return this.#escalate();
  }

  /** Ends the process politely: stdin closed, then SIGTERM after 2 s, then SIGKILL after 2 s more. */
  async close(): Promise<void> {
    this.#process.stdin?.end();
    if (await this.#exitsWithin(GRACE_MS)) return;
    this.#signal('SIGTERM');
    await this.#escalate();
  }

  async #escalate(): Promise<void> {
    if (await this.#exitsWithin(GRACE_MS)) return;
    this.#signal('SIGKILL');
    await this.#exited;
  }

  #exitsWithin(ms: number): Promise<boolean> {
    if (!this.running) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.#exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  #signal(signal: NodeJS.Signals): void {
    if (this.running) this.#process.kill(signal);
  }
}
