// The message of a RedisApprovalStoreError that an action throws, checked to be of the expected failure.
import { expect } from 'vitest';
import { RedisApprovalStoreError, type RedisApprovalStoreFailure } from '../src/redis-approval-store-error.js';

/** The message `action` throws, after checking it is a RedisApprovalStoreError of `failure`; fails when it does not throw. */
export function refusalOf(action: () => unknown, failure: RedisApprovalStoreFailure = 'invalid-options'): string {
  try {
    action();
  } catch (error) {
    expect(RedisApprovalStoreError.isInstance(error) && error.failure).toBe(failure);
    return (error as Error).message;
  }
  throw new Error(`expected a ${failure} RedisApprovalStoreError`);
}
