import { RedisApprovalStoreError } from './redis-approval-store-error.js';
import type { RedisCommandClient } from './redis-command-client.js';
import { DEFAULT_REDIS_PORT, parseRedisUrl, type ConnectionSettings } from './redis-url.js';

/** Where Redis is, when the store makes its own client instead of a URL. */
export interface RedisConnectionOptions {
  /** The host name or IP address of the Redis server. */
  readonly host: string;
  /** Its port. Default 6379. */
  readonly port?: number;
  /** The ACL user to log in as. Default: Redis's `default` user. */
  readonly username?: string;
  /** The password to log in with. Never written into an error message. */
  readonly password?: string;
  /** The database number (`SELECT`). Default 0. */
  readonly database?: number;
  /** Connect over TLS, checking the server's certificate against Node's trusted CAs. Default false. */
  readonly tls?: boolean;
}

/**
 * How to make a Redis approval store: exactly one of `url`, `connection` (the store makes its own
 * client, and `close()` ends it) and `client` (the host's, which the host keeps and closes).
 */
export interface RedisApprovalStoreOptions {
  /** `redis://[user[:password]@]host[:port][/database]`, or `rediss://…` for TLS. */
  readonly url?: string;
  /** The server's address and login, as separate fields (a password needs no URL encoding here). */
  readonly connection?: RedisConnectionOptions;
  /**
   * A client of the host's (an ioredis `Redis` or `Cluster`). Give it `enableOfflineQueue: false`
   * so that a command fails at once while Redis is down instead of waiting for a reconnect.
   */
  readonly client?: RedisCommandClient;
  /** What every key starts with: 1 to 100 printable ASCII characters, no spaces. Default `toolwright:approval:`. */
  readonly keyPrefix?: string;
  /**
   * How long one `consume` may take, connecting included, before it fails, in ms (default 2000).
   * Keep it under the gate's `approvals.storeTimeoutMs` (default 10 seconds), so that the gate's
   * reason says what failed.
   */
  readonly timeoutMs?: number;
  /**
   * How far the clocks of the hosts whose gates share the store may disagree, in ms (default 5
   * minutes): a used id is kept this long after its approval expires, so that a gate whose clock
   * runs behind still finds it used.
   */
  readonly clockToleranceMs?: number;
}

/** The key prefix used unless `keyPrefix` says otherwise. */
export const DEFAULT_KEY_PREFIX = 'toolwright:approval:';
/** How long one `consume` may take by default: 2 seconds, well under the gate's default 10-second store timeout. */
export const DEFAULT_REDIS_TIMEOUT_MS = 2_000;
/** How long a used id outlives its approval by default: 5 minutes. */
export const DEFAULT_CLOCK_TOLERANCE_MS = 5 * 60_000;

/** The options, checked once: where the store sends its commands, and how. */
export interface StoreSettings {
  readonly target:
    | { readonly owner: 'store'; readonly connection: ConnectionSettings }
    | { readonly owner: 'host'; readonly client: RedisCommandClient };
  readonly keyPrefix: string;
  readonly timeoutMs: number;
  readonly clockToleranceMs: number;
}

/** Checks the options; throws a RedisApprovalStoreError (`invalid-options`) that says what to change. */
export function readStoreOptions(options: RedisApprovalStoreOptions): StoreSettings {
  if (typeof options !== 'object' || options === null) {
    throw invalid('createRedisApprovalStore takes an options object with a url, a connection or a client.');
  }
  const given = (['url', 'connection', 'client'] as const).filter((name) => options[name] !== undefined);
  if (given.length !== 1) {
    throw invalid(
      `The Redis approval store needs exactly one of url, connection and client (it was given ${given.length === 0 ? 'none' : given.join(' and ')}).`,
    );
  }
  return {
    target: targetOf(options),
    keyPrefix: checkedPrefix(options.keyPrefix),
    timeoutMs: checkedMs(options.timeoutMs, DEFAULT_REDIS_TIMEOUT_MS, 1, 60_000, 'timeoutMs'),
    clockToleranceMs: checkedMs(
      options.clockToleranceMs,
      DEFAULT_CLOCK_TOLERANCE_MS,
      0,
      86_400_000,
      'clockToleranceMs',
    ),
  };
}

function targetOf(options: RedisApprovalStoreOptions): StoreSettings['target'] {
  if (options.url !== undefined) return { owner: 'store', connection: parseRedisUrl(options.url) };
  if (options.connection !== undefined) return { owner: 'store', connection: checkedConnection(options.connection) };
  if (typeof options.client?.call !== 'function') {
    throw invalid(
      "The Redis approval store's client must have a call(command, ...args) method, as an ioredis client has.",
    );
  }
  return { owner: 'host', client: options.client };
}

function checkedConnection(connection: RedisConnectionOptions): ConnectionSettings {
  const { host, port = DEFAULT_REDIS_PORT, username, password, database = 0, tls = false } = connection;
  if (typeof host !== 'string' || !/^[^\s/@]+$/.test(host)) {
    throw invalid("The Redis approval store's connection.host must be a host name or IP address, such as 127.0.0.1.");
  }
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw invalid("The Redis approval store's connection.port must be a whole number from 1 to 65535.");
  }
  for (const [name, value] of [
    ['username', username],
    ['password', password],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw invalid(`The Redis approval store's connection.${name} must be a non-empty string when given.`);
    }
  }
  if (!Number.isInteger(database) || database < 0 || database > 999_999_999) {
    throw invalid("The Redis approval store's connection.database must be a whole number from 0 to 999999999.");
  }
  if (typeof tls !== 'boolean') throw invalid("The Redis approval store's connection.tls must be true or false.");
  return {
    host,
    port,
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
    database,
    tls,
  };
}

function checkedPrefix(prefix: unknown): string {
  if (prefix === undefined) return DEFAULT_KEY_PREFIX;
  if (typeof prefix === 'string' && /^[\x21-\x7e]{1,100}$/.test(prefix)) return prefix;
  const shown = typeof prefix === 'string' ? `it is ${JSON.stringify(prefix.slice(0, 120))}` : 'it is not a string';
  throw invalid(
    `The Redis approval store's keyPrefix must be 1 to 100 printable ASCII characters without spaces, such as '${DEFAULT_KEY_PREFIX}' (${shown}).`,
  );
}

// Not core's millisecondsProblem: the store loads no toolwright module at run time (it takes the gate's
// ApprovalStore type only), so its one range check stays here, worded as core words it.
function checkedMs(value: unknown, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  throw invalid(
    `The Redis approval store's ${name} must be a whole number of milliseconds from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, not ${String(value)}.`,
  );
}

function invalid(message: string): RedisApprovalStoreError {
  return new RedisApprovalStoreError(message, 'invalid-options');
}
