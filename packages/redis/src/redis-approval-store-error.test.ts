import { describe, expect, it } from 'vitest';
import { RedisApprovalStoreError } from './redis-approval-store-error.js';

describe('RedisApprovalStoreError (SPEC IN-4)', () => {
  it('IN-4: carries its failure, and is recognised across copies of the package by its brand', () => {
    const error = new RedisApprovalStoreError('Redis at h:1 refused the connection', 'unreachable');
    expect([error.name, error.message, error.failure, error instanceof Error]).toEqual([
      'RedisApprovalStoreError',
      'Redis at h:1 refused the connection',
      'unreachable',
      true,
    ]);
    expect(RedisApprovalStoreError.isInstance(error)).toBe(true);
    // A copy from another install has its own class but the same brand.
    const copy = Object.defineProperty(new Error('x'), Symbol.for('toolwright.redisApprovalStoreError'), {
      value: true,
    });
    expect(RedisApprovalStoreError.isInstance(copy)).toBe(true);
    for (const other of [new Error('x'), { failure: 'unreachable' }, null, 'RedisApprovalStoreError'])
      expect(RedisApprovalStoreError.isInstance(other)).toBe(false);
  });
});
