// The public API of @toolwright/redis: every export here is public, so add to it deliberately. Each name is listed in
// test/architecture/export-surface.json, checked by its test.
export { createRedisApprovalStore, type RedisApprovalStore } from './redis-approval-store.js';
export { RedisApprovalStoreError, type RedisApprovalStoreFailure } from './redis-approval-store-error.js';
export type { RedisCommandClient } from './redis-command-client.js';
export {
  DEFAULT_CLOCK_TOLERANCE_MS,
  DEFAULT_KEY_PREFIX,
  DEFAULT_REDIS_TIMEOUT_MS,
  type RedisApprovalStoreOptions,
  type RedisConnectionOptions,
} from './store-options.js';
