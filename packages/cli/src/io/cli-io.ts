import { text as readAll } from 'node:stream/consumers';

/** Where a command writes, and where it runs: real streams for the binary, buffers for tests. */
export interface CliIo {
  readonly cwd: string;
  /** Writes text to standard output (results, docs). */
  stdout(text: string): void;
  /** Writes text to standard error (usage errors, progress, logs). */
  stderr(text: string): void;
  /** The whole standard input, for `toolwright call … -`; without it, `-` is a usage error. */
  readStdin?(): Promise<string>;
}

/** The process's own streams and directory. */
export const PROCESS_IO: CliIo = {
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => readAll(process.stdin),
};
