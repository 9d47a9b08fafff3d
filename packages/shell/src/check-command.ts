import { ShellStartError } from './shell-start-error.js';

/**
 * The most bytes (UTF-8) of a command line: Linux holds one argument of at most 32 pages
 * (MAX_ARG_STRLEN, 131,072 bytes with its terminating NUL), and `bash -c` takes the command as one.
 */
export const MAX_COMMAND_BYTES = 131_071;

/**
 * Throws a {@link ShellStartError} for a command no shell can be given: one holding a NUL byte
 * (an argument ends at the first one; a remote host's SSH server refuses the whole connection
 * over it) or one longer than {@link MAX_COMMAND_BYTES}. The message says what to change; nothing
 * has started.
 */
export function checkCommand(command: string): void {
  if (typeof command !== 'string')
    throw new ShellStartError(`The command could not start: a command must be a string, not ${typeof command}.`);
  const nul = command.indexOf('\0');
  if (nul >= 0)
    throw new ShellStartError(
      `The command could not start: it holds a NUL byte (character ${nul + 1}), which no command line can carry. Remove it, or have the command print one (printf '\\0').`,
    );
  const bytes = Buffer.byteLength(command, 'utf8');
  if (bytes > MAX_COMMAND_BYTES)
    throw new ShellStartError(
      `The command could not start: it is ${bytes.toLocaleString('en-US')} bytes long, and a command line holds at most ${MAX_COMMAND_BYTES.toLocaleString('en-US')}. Write the long part to a file and run that file.`,
    );
}
