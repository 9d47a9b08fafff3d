import { ShellErrorCode } from './shell-error-code.js';

const BRAND = Symbol.for('toolwright.shellStartError');

/** A command that could not start: no such working directory, no shell. Nothing ran. */
export class ShellStartError extends Error {
  /** Always `SHELL_START_FAILED`, subclasses included (they say more in their own fields). */
  readonly code: typeof ShellErrorCode.START_FAILED = ShellErrorCode.START_FAILED;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ShellStartError';
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for a ShellStartError from any copy of this package. */
  static isInstance(value: unknown): value is ShellStartError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
