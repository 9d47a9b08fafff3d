import { describe, expect, it } from 'vitest';
import { refusalOf } from '../test/refusal.js';
import {
  DEFAULT_CLOCK_TOLERANCE_MS,
  DEFAULT_KEY_PREFIX,
  DEFAULT_REDIS_TIMEOUT_MS,
  readStoreOptions,
  type RedisApprovalStoreOptions,
} from './store-options.js';

const client = { call: async () => 'OK' };

const problemWith = (options: unknown): string =>
  refusalOf(() => readStoreOptions(options as RedisApprovalStoreOptions));

describe('the store options, checked once (SPEC IN-4)', () => {
  it('IN-4: defaults: the toolwright:approval: prefix, 2 seconds, 5 minutes of clock tolerance', () => {
    expect(readStoreOptions({ url: 'redis://127.0.0.1' })).toEqual({
      target: { owner: 'store', connection: { host: '127.0.0.1', port: 6379, database: 0, tls: false } },
      keyPrefix: 'toolwright:approval:',
      timeoutMs: 2_000,
      clockToleranceMs: 300_000,
    });
    expect([DEFAULT_KEY_PREFIX, DEFAULT_REDIS_TIMEOUT_MS, DEFAULT_CLOCK_TOLERANCE_MS]).toEqual([
      'toolwright:approval:',
      2_000,
      300_000,
    ]);
    expect(readStoreOptions({ client, keyPrefix: '{app}:used:', timeoutMs: 1, clockToleranceMs: 0 })).toEqual({
      target: { owner: 'host', client },
      keyPrefix: '{app}:used:',
      timeoutMs: 1,
      clockToleranceMs: 0,
    });
  });

  it('IN-4: exactly one of url, connection and client', () => {
    const exactlyOne = 'The Redis approval store needs exactly one of url, connection and client';
    expect(problemWith({})).toBe(`${exactlyOne} (it was given none).`);
    expect(problemWith({ keyPrefix: 'x:' })).toBe(`${exactlyOne} (it was given none).`);
    expect(problemWith({ url: 'redis://h', client })).toBe(`${exactlyOne} (it was given url and client).`);
    expect(problemWith({ url: 'redis://h', connection: { host: 'h' }, client })).toBe(
      `${exactlyOne} (it was given url and connection and client).`,
    );
    for (const options of [null, undefined, 'redis://h', 6379]) {
      expect(problemWith(options)).toBe(
        'createRedisApprovalStore takes an options object with a url, a connection or a client.',
      );
    }
    for (const bad of [{}, { call: 'SET' }, { set: async () => 'OK' }, null]) {
      expect(problemWith({ client: bad })).toBe(
        "The Redis approval store's client must have a call(command, ...args) method, as an ioredis client has.",
      );
    }
  });

  it('IN-4: a bad key prefix is refused, saying what a good one is', () => {
    const rule =
      "The Redis approval store's keyPrefix must be 1 to 100 printable ASCII characters without spaces, such as 'toolwright:approval:'";
    const cases: Array<[unknown, string]> = [
      ['', 'it is ""'],
      ['my app:', 'it is "my app:"'],
      ['tab\there', 'it is "tab\\there"'],
      ['line\n', 'it is "line\\n"'],
      ['zurück:', 'it is "zurück:"'],
      ['x'.repeat(101), `it is "${'x'.repeat(101)}"`],
      [42, 'it is not a string'],
      [null, 'it is not a string'],
    ];
    for (const [keyPrefix, shown] of cases) expect(problemWith({ client, keyPrefix })).toBe(`${rule} (${shown}).`);
    expect(problemWith({ client, keyPrefix: 'y'.repeat(500) })).toBe(`${rule} (it is "${'y'.repeat(120)}").`);
    expect(readStoreOptions({ client, keyPrefix: 'x'.repeat(100) }).keyPrefix).toBe('x'.repeat(100));
    expect(readStoreOptions({ client, keyPrefix: '!' }).keyPrefix).toBe('!');
  });

  it('IN-4: timeoutMs and clockToleranceMs must be whole ms within their range', () => {
    for (const timeoutMs of [0, -1, 1.5, 60_001, Number.NaN, Number.POSITIVE_INFINITY, '100']) {
      expect(problemWith({ client, timeoutMs })).toBe(
        `The Redis approval store's timeoutMs must be a whole number of milliseconds from 1 to 60,000, not ${String(timeoutMs)}.`,
      );
    }
    for (const clockToleranceMs of [-1, 0.5, 86_400_001, '0']) {
      expect(problemWith({ client, clockToleranceMs })).toBe(
        `The Redis approval store's clockToleranceMs must be a whole number of milliseconds from 0 to 86,400,000, not ${String(clockToleranceMs)}.`,
      );
    }
  });

  it('IN-4: connection fields are checked one by one; a password is kept as it is', () => {
    const field = (name: string, rule: string) => `The Redis approval store's connection.${name} must be ${rule}.`;
    const host = field('host', 'a host name or IP address, such as 127.0.0.1');
    const port = field('port', 'a whole number from 1 to 65535');
    const cases: Array<[unknown, string]> = [
      [{ host: '' }, host],
      [{ host: 'two words' }, host],
      [{ host: 'redis://h' }, host],
      [{ host: 'user@h' }, host],
      [{ host: 6379 }, host],
      [{ host: 'h', port: 0 }, port],
      [{ host: 'h', port: 65_536 }, port],
      [{ host: 'h', port: 1.5 }, port],
      [{ host: 'h', port: '6379' }, port],
      [{ host: 'h', username: '' }, field('username', 'a non-empty string when given')],
      [{ host: 'h', password: 7 }, field('password', 'a non-empty string when given')],
      [{ host: 'h', database: -1 }, field('database', 'a whole number from 0 to 999999999')],
      [{ host: 'h', database: 1.5 }, field('database', 'a whole number from 0 to 999999999')],
      [{ host: 'h', tls: 'yes' }, field('tls', 'true or false')],
    ];
    for (const [connection, message] of cases) expect(problemWith({ connection })).toBe(message);
    expect(
      readStoreOptions({
        connection: { host: '::1', port: 7000, username: 'agent', password: 'p@ss:w/rd%', database: 2, tls: true },
      }).target,
    ).toEqual({
      owner: 'store',
      connection: { host: '::1', port: 7000, username: 'agent', password: 'p@ss:w/rd%', database: 2, tls: true },
    });
  });
});
