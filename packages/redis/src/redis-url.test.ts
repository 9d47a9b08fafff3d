import { describe, expect, it } from 'vitest';
import { refusalOf } from '../test/refusal.js';
import { parseRedisUrl } from './redis-url.js';

const problemWith = (url: unknown): string => refusalOf(() => parseRedisUrl(url));

describe('Redis URLs (SPEC IN-4)', () => {
  it('IN-4: redis:// and rediss:// URLs give host, port, login, database and TLS', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6390')).toEqual({ host: '127.0.0.1', port: 6390, database: 0, tls: false });
    expect(parseRedisUrl('redis://cache.internal/')).toEqual({
      host: 'cache.internal',
      port: 6379,
      database: 0,
      tls: false,
    });
    expect(parseRedisUrl('rediss://agent:p%40ss%3Aw%2Frd%25@cache.internal:6380/12')).toEqual({
      host: 'cache.internal',
      port: 6380,
      username: 'agent',
      password: 'p@ss:w/rd%',
      database: 12,
      tls: true,
    });
    expect(parseRedisUrl('redis://:only-a-password@[::1]:7000/0')).toEqual({
      host: '::1',
      port: 7000,
      password: 'only-a-password',
      database: 0,
      tls: false,
    });
  });

  it('IN-4: a bad url is refused, saying what to change, and never repeating it (it may hold a password)', () => {
    const unreadable =
      "The Redis approval store's url must be a Redis URL such as redis://127.0.0.1:6379/0 (it could not be read as a URL).";
    const cases: Array<[unknown, string]> = [
      ['', unreadable],
      ['127.0.0.1:6379', unreadable],
      [
        'localhost:6379',
        "The Redis approval store's url must start with redis:// or rediss:// (it starts with localhost:).",
      ],
      ['cache.internal', unreadable],
      ['redis://:hunter2@host:99999', unreadable],
      [6379, unreadable],
      [{ host: 'h' }, unreadable],
      [
        'http://:hunter2@cache.internal',
        "The Redis approval store's url must start with redis:// or rediss:// (it starts with http:).",
      ],
      ['redis://', "The Redis approval store's url must name a host, as in redis://127.0.0.1:6379."],
      [
        'redis://:hunter2@cache.internal/db',
        "The Redis approval store's url path must be a database number, as in redis://127.0.0.1:6379/0 (it is /db).",
      ],
      [
        'redis://cache.internal/1/2',
        "The Redis approval store's url path must be a database number, as in redis://127.0.0.1:6379/0 (it is /1/2).",
      ],
      [
        'redis://:hunter2@cache.internal?family=6',
        "The Redis approval store's url must not have a query or a fragment: for other client settings, pass a client of your own.",
      ],
      [
        'redis://cache.internal#x',
        "The Redis approval store's url must not have a query or a fragment: for other client settings, pass a client of your own.",
      ],
      [
        'redis://:hunter2%zz@cache.internal',
        "The Redis approval store's url password is not percent-encoded correctly (write a % in it as %25).",
      ],
      [
        'redis://a%e0%a4%a@cache.internal',
        "The Redis approval store's url user name is not percent-encoded correctly (write a % in it as %25).",
      ],
    ];
    for (const [url, message] of cases) {
      const said = problemWith(url);
      expect(said).toBe(message);
      expect(said).not.toContain('hunter2');
    }
  });
});
