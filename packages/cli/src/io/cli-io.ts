import { readBoundedStream } from './read-bounded-stream.js';

/** Where a command writes, and where it runs: real streams for the binary, buffers for tests. */
export interface CliIo {
  readonly cwd: string;
  /** Writes text to standard output (results, docs). */
  stdout(text: string): void;
  /** Writes text to standard error (usage errors, progress, logs). */
  stderr(text: string): void;
  /**
   * The whole standard input, for `toolwright call … -`; without it, `-` is a usage error. Reads
   * at most `maxBytes + 1` bytes when given: a longer input is cut there, so the caller sees that
   * it is longer than `maxBytes` without holding all of it.
   */
  readStdin?(maxBytes?: number): Promise<string>;
}

/** The process's own streams and directory. */
export const PROCESS_IO: CliIo = {
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: (maxBytes = Number.MAX_SAFE_INTEGER) => readBoundedStream(process.stdin, maxBytes),
};
