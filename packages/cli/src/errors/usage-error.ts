/** A mistake in how the command was called or what it was given: exit code 2, one line on stderr. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
