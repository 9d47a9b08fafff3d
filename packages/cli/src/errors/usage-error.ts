const BRAND = Symbol.for('toolwright.usageError');

/** A mistake in how the command was called or what it was given: exit code 2, one line on stderr. */
export class UsageError extends Error {
  /** Always `CLI_USAGE`. */
  readonly code = 'CLI_USAGE' as const;

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for a UsageError from any copy of this package (duplicated installs included). */
  static isInstance(value: unknown): value is UsageError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
