/** What went wrong with a Redis approval store. */
export type RedisApprovalStoreFailure =
  /** `createRedisApprovalStore` was given options it cannot use: nothing was connected. */
  | 'invalid-options'
  /** `consume` was given an id or an expiry it cannot use (the gate never does): nothing was written. */
  | 'invalid-call'
  /** Redis could not be reached, refused the login, failed the command or did not answer in time. */
  | 'unreachable'
  /** Redis answered the command with something other than `OK` or nothing: no approval was granted on it. */
  | 'unexpected-reply'
  /** The store was closed with `close()`. */
  | 'closed';

const BRAND = Symbol.for('toolwright.redisApprovalStoreError');

/**
 * Why a Redis approval store could not say whether an approval was used. Thrown by
 * `createRedisApprovalStore` for bad options; `consume` rejects with it, and the gate then denies
 * the call with this message in its reason. Its message never holds the password.
 */
export class RedisApprovalStoreError extends Error {
  constructor(
    message: string,
    /** What went wrong: bad options, Redis unreachable, an unexpected reply, or a closed store. */
    readonly failure: RedisApprovalStoreFailure,
  ) {
    super(message);
    this.name = 'RedisApprovalStoreError';
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for a RedisApprovalStoreError from any copy of this package. */
  static isInstance(value: unknown): value is RedisApprovalStoreError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
