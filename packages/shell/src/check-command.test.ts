import { describe, expect, it } from 'vitest';
import { checkCommand, MAX_COMMAND_BYTES } from './check-command.js';
import { LocalShell } from './local/local-shell.js';
import { ShellOptionsError } from './shell-options-error.js';
import { ShellStartError } from './shell-start-error.js';

const options = { timeoutMs: 60_000, maxCaptureBytes: 65_536 };
const NUL = (at: number): string =>
  `The command could not start: it holds a NUL byte (character ${at}), which no command line can carry. Remove it, or have the command print one (printf '\\0').`;
const LONG = (bytes: string): string =>
  `The command could not start: it is ${bytes} bytes long, and a command line holds at most 131,071. Write the long part to a file and run that file.`;

/** `printf ok` padded with a comment to exactly `bytes` bytes. */
const padded = (bytes: number): string => `printf ok #${'x'.repeat(bytes - 11)}`;

describe('checkCommand', () => {
  it('SH-1: a NUL anywhere, or more bytes than a command line holds, is a ShellStartError that says what to change', () => {
    const cases: ReadonlyArray<[command: string, message: string]> = [
      ['\0', NUL(1)],
      ['echo a\0b', NUL(7)],
      ['echo é\0', NUL(7)],
      [padded(MAX_COMMAND_BYTES + 1), LONG('131,072')],
      [`echo ${'é'.repeat(70_000)}`, LONG('140,005')],
    ];
    for (const [command, message] of cases) {
      let thrown: unknown;
      try {
        checkCommand(command);
      } catch (error) {
        thrown = error;
      }
      expect(ShellStartError.isInstance(thrown) && (thrown as Error).message).toBe(message);
    }
    expect(() => checkCommand(padded(MAX_COMMAND_BYTES))).not.toThrow();
  });

  it('SH-1: LocalShell refuses those commands before anything runs, and runs one of exactly the largest size', async () => {
    const shell = new LocalShell();
    await expect(shell.execute('echo a\0b', options)).rejects.toThrow(NUL(7));
    await expect(shell.execute(padded(MAX_COMMAND_BYTES + 1), options)).rejects.toThrow(LONG('131,072'));
    await expect(shell.startBackground('sleep 1\0', { maxBufferBytes: 100 })).rejects.toThrow(NUL(8));
    expect(await shell.execute(padded(MAX_COMMAND_BYTES), options)).toMatchObject({ exitCode: 0, stdout: 'ok' });
  });

  it('SH-2: LocalShell refuses a NUL in an environment name or value as a ShellOptionsError', async () => {
    const shell = new LocalShell();
    for (const [env, message] of [
      [{ BAD: 'a\0b' }, 'the environment variable "BAD" holds a NUL byte in its value; no environment can carry one'],
      [
        { 'B\0AD': 'ok' },
        'the environment variable "B\\u0000AD" holds a NUL byte in its name; no environment can carry one',
      ],
    ] as const) {
      const thrown: unknown = await shell.execute('true', { ...options, env }).catch((error: unknown) => error);
      expect(ShellOptionsError.isInstance(thrown) && (thrown as Error).message).toBe(message);
      const background: unknown = await shell
        .startBackground('true', { env, maxBufferBytes: 100 })
        .catch((error: unknown) => error);
      expect(ShellOptionsError.isInstance(background) && (background as Error).message).toBe(message);
    }
  });
});
