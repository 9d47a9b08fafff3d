/**
 * A Redis client the host made and owns, as the store uses it: one `call` of a raw command that
 * resolves with the reply. An ioredis `Redis` (or `Cluster`) client is one as it is.
 */
export interface RedisCommandClient {
  /** Sends `command` with `args` and resolves with Redis's reply; rejects when Redis fails it. */
  call(command: string, ...args: string[]): Promise<unknown>;
}
