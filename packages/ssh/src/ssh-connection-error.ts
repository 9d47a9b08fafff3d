import { ShellStartError } from '@toolwright/shell';

/** Why a host could not be used. */
export type SshConnectionFailure = 'host-key' | 'authentication' | 'refused' | 'connection';

const BRAND = Symbol.for('toolwright.sshConnectionError');

/** A command could not start because its host could not be reached or trusted. Nothing ran. */
export class SshConnectionError extends ShellStartError {
  constructor(
    message: string,
    /** What went wrong: the host key, the login, a refused or a failed connection. */
    readonly failure: SshConnectionFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SshConnectionError';
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for an SshConnectionError from any copy of this package. */
  static override isInstance(value: unknown): value is SshConnectionError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
