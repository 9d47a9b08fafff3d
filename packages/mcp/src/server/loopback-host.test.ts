import { describe, expect, it } from 'vitest';
import { formatUrlHost, isLoopbackHost } from './loopback-host.js';

describe('isLoopbackHost', () => {
  it('MC-1: localhost, 127.0.0.0/8 and ::1 however spelled are loopback', () => {
    const loopback = [
      '127.0.0.1',
      '127.1.2.3',
      '127.255.255.255',
      'localhost',
      'LOCALHOST',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::FFFF:127.9.9.9',
    ];
    expect(loopback.filter((host) => !isLoopbackHost(host))).toEqual([]);
  });

  it('MC-1: wildcards, other addresses, names and malformed values are not', () => {
    const others = [
      '0.0.0.0',
      '::',
      '',
      '192.168.1.5',
      '10.0.0.1',
      '128.0.0.1',
      '::2',
      '::ffff:10.0.0.1',
      'fe80::1%lo',
      'localhost.',
      'localhost.evil.com',
      '127.0.0.1.evil.com',
      'my-laptop',
      '[::1]',
      '127.0.0.1:80',
    ];
    expect(others.filter((host) => isLoopbackHost(host))).toEqual([]);
  });

  it('MC-1: an IPv6 address is bracketed for a URL, anything else kept', () => {
    expect(['::1', '127.0.0.1', 'localhost', '::'].map(formatUrlHost)).toEqual([
      '[::1]',
      '127.0.0.1',
      'localhost',
      '[::]',
    ]);
  });
});
