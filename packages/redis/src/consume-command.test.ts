import { describe, expect, it } from 'vitest';
import { consumeArguments, readConsumeReply } from './consume-command.js';
import { RedisApprovalStoreError } from './redis-approval-store-error.js';

describe('the SET NX command and its reply (SPEC IN-4)', () => {
  it('IN-4: one SET with NX and PX, the key kept for the given ms', () => {
    expect(consumeArguments('toolwright:approval:abc', 'token-1', 90_000)).toEqual([
      'toolwright:approval:abc',
      'token-1',
      'NX',
      'PX',
      '90000',
    ]);
  });

  it('IN-4: OK uses the id, nothing means used already, and any other reply is an error, never a grant', () => {
    expect(readConsumeReply('OK', 'Redis at h:1')).toBe(true);
    expect(readConsumeReply(null, 'Redis at h:1')).toBe(false);
    const cases: Array<[unknown, string]> = [
      ['QUEUED', '"QUEUED"'],
      ['ok', '"ok"'],
      ['', '""'],
      ['x'.repeat(100), `"${'x'.repeat(40)}"`],
      [1, '1'],
      [0, '0'],
      [true, 'true'],
      [undefined, 'no value'],
      [Buffer.from('OK'), '2 bytes'],
      [[null, 'OK'], 'a list of 2'],
      [{ ok: true }, 'an object'],
    ];
    for (const [reply, shown] of cases) {
      let thrown: unknown;
      try {
        readConsumeReply(reply, 'Redis at h:1');
      } catch (error) {
        thrown = error;
      }
      expect(RedisApprovalStoreError.isInstance(thrown) && [thrown.failure, thrown.message]).toEqual([
        'unexpected-reply',
        `Redis at h:1 answered SET NX with ${shown} instead of OK or nothing, so the approval was not used`,
      ]);
    }
  });
});
