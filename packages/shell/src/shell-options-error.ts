import { ShellErrorCode } from './shell-error-code.js';

const BRAND = Symbol.for('toolwright.shellOptionsError');

/**
 * A programmer error: a shell was made or called with an option missing or out of range. The one
 * kind of programmer error of `@toolwright/shell`: a method that returns a promise rejects with it
 * (it never throws synchronously), a constructor throws it. Nothing ran. It is a `RangeError`, so
 * code that caught the plain `RangeError` of earlier versions still catches it.
 */
export class ShellOptionsError extends RangeError {
  /** Always `SHELL_INVALID_OPTIONS`. */
  readonly code: typeof ShellErrorCode.INVALID_OPTIONS = ShellErrorCode.INVALID_OPTIONS;

  constructor(message: string) {
    super(message);
    this.name = 'ShellOptionsError';
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for a ShellOptionsError from any copy of this package. */
  static isInstance(value: unknown): value is ShellOptionsError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
