import { RedisApprovalStoreError } from './redis-approval-store-error.js';

/**
 * The one atomic command that uses an approval: `SET <key> <token> NX PX <ms>`. It writes the key
 * only when it is absent, so of any number of gates that send it for one id, exactly one is told
 * `OK`. `PX` (a duration, not `PXAT`'s instant) keeps the key exactly `ms` by the Redis server's
 * own clock, whatever that clock says the time is. `token` is new for every consume: it lets a
 * consume whose first SET lost its connection recognise the key as its own.
 */
export function consumeArguments(key: string, token: string, keepMs: number): string[] {
  return [key, token, 'NX', 'PX', String(keepMs)];
}

/** Whether the `SET … NX` reply used the id: `OK` yes, nothing (null) no; any other reply is an error, never a grant. */
export function readConsumeReply(reply: unknown, server: string): boolean {
  if (reply === 'OK') return true;
  if (reply === null) return false;
  const shown = typeof reply === 'string' ? JSON.stringify(reply.slice(0, 40)) : describeValue(reply);
  throw new RedisApprovalStoreError(
    `${server} answered SET NX with ${shown} instead of OK or nothing, so the approval was not used`,
    'unexpected-reply',
  );
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'no value';
  if (Buffer.isBuffer(value)) return `${value.length} bytes`;
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return typeof value === 'object' ? 'an object' : String(value);
}
