import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ApprovalStore } from '@toolwright/gate';
import { consumeArguments, readConsumeReply } from './consume-command.js';
import { HostClient } from './host-client.js';
import { OwnedClient } from './owned-client.js';
import { RedisApprovalStoreError } from './redis-approval-store-error.js';
import type { StoreClient } from './store-client.js';
import { readStoreOptions, type RedisApprovalStoreOptions } from './store-options.js';

/** The longest approval id the store takes (the gate's are 36-character UUIDs). */
const MAX_ID_LENGTH = 512;

/** An ApprovalStore on Redis: gates in any number of processes that share it run each approval once. */
export interface RedisApprovalStore extends ApprovalStore {
  /**
   * True the first time any gate sharing this Redis brings `id`, false ever after (and false, without
   * writing, for an approval that expired). Rejects with a RedisApprovalStoreError that says what
   * failed when Redis cannot answer within `timeoutMs`; never true on an error.
   */
  consume(id: string, expiresAt: number): Promise<boolean>;
  /**
   * Ends the connection the store made (from `url` or `connection`); a host's `client` is left
   * open. After it, `consume` rejects.
   */
  close(): Promise<void>;
}

/**
 * An ApprovalStore that remembers used approvals in Redis (SPEC IN-4): pass it as the
 * `approvals.store` of every gate that shares the approval secret. `consume` is one atomic
 * `SET <keyPrefix><id> <token> NX PX <ms>`. Throws a RedisApprovalStoreError for bad options; connects
 * only when the first approval is checked.
 */
export function createRedisApprovalStore(options: RedisApprovalStoreOptions): RedisApprovalStore {
  const { target, keyPrefix, timeoutMs, clockToleranceMs } = readStoreOptions(options);
  const client: StoreClient =
    target.owner === 'store' ? new OwnedClient(target.connection) : new HostClient(target.client);
  let closed = false;
  return {
    async consume(id, expiresAt) {
      if (closed) throw new RedisApprovalStoreError('the Redis approval store was closed', 'closed');
      checkCall(id, expiresAt);
      const now = Date.now();
      if (expiresAt <= now) return false; // it grants nothing any more: nothing to write
      const keepMs = Math.ceil(expiresAt - now) + clockToleranceMs;
      const started = performance.now();
      const key = `${keyPrefix}${id}`;
      const token = randomUUID();
      const { reply, resent } = await client.call(timeoutMs, 'SET', ...consumeArguments(key, token, keepMs));
      const used = readConsumeReply(reply, client.server);
      if (used || !resent) return used;
      // Sent twice: the first SET may have reached Redis before its connection closed. The key is
      // then this consume's own (its token), and this consume used the id; anyone else's, it did not.
      const remainingMs = Math.max(1, Math.ceil(timeoutMs - (performance.now() - started)));
      const stored = await client.call(remainingMs, 'GET', key);
      return stored.reply === token;
    },
    async close() {
      closed = true;
      await client.close(timeoutMs);
    },
  };
}

function checkCall(id: unknown, expiresAt: unknown): void {
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
    throw new RedisApprovalStoreError(
      `the approval id must be a non-empty string of at most ${MAX_ID_LENGTH} characters`,
      'invalid-call',
    );
  }
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) {
    throw new RedisApprovalStoreError('the approval expiry must be a time in ms since the epoch', 'invalid-call');
  }
}
