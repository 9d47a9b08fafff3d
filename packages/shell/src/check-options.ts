// The option checks every VirtualShell applies before it starts anything: one home for their rules and messages.
import type { BackgroundOptions } from './background-process.js';
import type { ExecutionOptions } from './execution-options.js';
import { ShellOptionsError } from './shell-options-error.js';

/**
 * Throws a {@link ShellOptionsError} when `timeoutMs` is not a positive number, `maxCaptureBytes`
 * is missing or not a non-negative integer, or an `env` name or value holds a NUL byte. A shell's
 * `execute` turns the throw into a rejection.
 */
export function checkExecutionOptions(options: ExecutionOptions): void {
  checkEnvironment(options.env);
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0)
    throw new ShellOptionsError(`timeoutMs must be a positive number, not ${options.timeoutMs}`);
  if (!Number.isSafeInteger(options.maxCaptureBytes) || options.maxCaptureBytes < 0) {
    throw new ShellOptionsError(
      `maxCaptureBytes must be given explicitly as a non-negative integer, not ${String(options.maxCaptureBytes)}`,
    );
  }
}

/** Throws a {@link ShellOptionsError} when `maxBufferBytes` is missing or not a positive integer, or an `env` entry holds a NUL byte. */
export function checkBackgroundOptions(options: BackgroundOptions): void {
  checkEnvironment(options.env);
  if (!Number.isSafeInteger(options.maxBufferBytes) || options.maxBufferBytes <= 0) {
    throw new ShellOptionsError(
      `maxBufferBytes must be given explicitly as a positive integer, not ${String(options.maxBufferBytes)}`,
    );
  }
}

/** No environment entry can carry a NUL byte: the variable would end at it (and an SSH server drops the connection). */
function checkEnvironment(env: ExecutionOptions['env']): void {
  for (const [name, value] of Object.entries(env ?? {})) {
    if (name.includes('\0') || (typeof value === 'string' && value.includes('\0')))
      throw new ShellOptionsError(
        `the environment variable ${JSON.stringify(name)} holds a NUL byte in its ${name.includes('\0') ? 'name' : 'value'}; no environment can carry one`,
      );
  }
}

/** The check's error as a rejected promise, or `undefined` when it passes: for methods that return a promise and never throw. */
export function refusal(check: () => void): Promise<never> | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
