/**
 * The codes of the errors `@toolwright/shell` (and shells built on it) throw or reject with,
 * namespaced `SHELL_` so they never collide with another package's codes.
 */
export const ShellErrorCode = {
  /** The command could not start at all (no working directory, no bash, no containment, no host); nothing ran. */
  START_FAILED: 'SHELL_START_FAILED',
  /** A programmer error: an option missing or out of range (`timeoutMs`, `maxCaptureBytes`, `maxBufferBytes`, …). */
  INVALID_OPTIONS: 'SHELL_INVALID_OPTIONS',
} as const;

/** One of the {@link ShellErrorCode} values. */
export type ShellErrorCode = (typeof ShellErrorCode)[keyof typeof ShellErrorCode];
