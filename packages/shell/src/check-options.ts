// The option checks every VirtualShell applies before it starts anything: one home for their rules and messages.
import type { BackgroundOptions } from './background-process.js';
import type { ExecutionOptions } from './execution-options.js';
import { ShellOptionsError } from './shell-options-error.js';

/**
 * Throws a {@link ShellOptionsError} when `timeoutMs` is not a positive number or `maxCaptureBytes`
 * is missing or not a non-negative integer. A shell's `execute` turns the throw into a rejection.
 */
export function checkExecutionOptions(options: ExecutionOptions): void {
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0)
    throw new ShellOptionsError(`timeoutMs must be a positive number, not ${options.timeoutMs}`);
  if (!Number.isSafeInteger(options.maxCaptureBytes) || options.maxCaptureBytes < 0) {
    throw new ShellOptionsError(
      `maxCaptureBytes must be given explicitly as a non-negative integer, not ${String(options.maxCaptureBytes)}`,
    );
  }
}

/** Throws a {@link ShellOptionsError} when `maxBufferBytes` is missing or not a positive integer. */
export function checkBackgroundOptions(options: BackgroundOptions): void {
  if (!Number.isSafeInteger(options.maxBufferBytes) || options.maxBufferBytes <= 0) {
    throw new ShellOptionsError(
      `maxBufferBytes must be given explicitly as a positive integer, not ${String(options.maxBufferBytes)}`,
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
