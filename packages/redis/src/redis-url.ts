import { RedisApprovalStoreError } from './redis-approval-store-error.js';

/** Where and how to connect: what a `redis://` URL or the `connection` option says. */
export interface ConnectionSettings {
  readonly host: string;
  readonly port: number;
  readonly username?: string;
  readonly password?: string;
  readonly database: number;
  readonly tls: boolean;
}

/** The port Redis listens on unless told otherwise. */
export const DEFAULT_REDIS_PORT = 6379;

/**
 * The settings a `redis://` or `rediss://` URL names: `redis://[user[:password]@]host[:port][/database]`.
 * Throws a RedisApprovalStoreError that says what to change; the message never repeats the URL,
 * which may hold a password.
 */
export function parseRedisUrl(url: unknown): ConnectionSettings {
  let parsed: URL;
  try {
    if (typeof url !== 'string') throw new TypeError('not a string');
    parsed = new URL(url);
  } catch {
    throw invalid('must be a Redis URL such as redis://127.0.0.1:6379/0 (it could not be read as a URL)');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw invalid(`must start with redis:// or rediss:// (it starts with ${parsed.protocol})`);
  }
  if (parsed.hostname === '') throw invalid('must name a host, as in redis://127.0.0.1:6379');
  if (parsed.search !== '' || parsed.hash !== '') {
    throw invalid('must not have a query or a fragment: for other client settings, pass a client of your own');
  }
  const database = /^\/?$/.test(parsed.pathname) ? '0' : /^\/(\d{1,9})$/.exec(parsed.pathname)?.[1];
  if (database === undefined) {
    throw invalid(`path must be a database number, as in redis://127.0.0.1:6379/0 (it is ${parsed.pathname})`);
  }
  const username = decoded(parsed.username, 'user name');
  const password = decoded(parsed.password, 'password');
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? DEFAULT_REDIS_PORT : Number(parsed.port),
    ...(username === '' ? {} : { username }),
    ...(password === '' ? {} : { password }),
    database: Number(database),
    tls: parsed.protocol === 'rediss:',
  };
}

function decoded(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalid(`${what} is not percent-encoded correctly (write a % in it as %25)`);
  }
}

function invalid(problem: string): RedisApprovalStoreError {
  return new RedisApprovalStoreError(`The Redis approval store's url ${problem}.`, 'invalid-options');
}
