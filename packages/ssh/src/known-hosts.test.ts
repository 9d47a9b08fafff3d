import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostFieldMatches, readKnownHosts } from './known-hosts.js';

/** A key blob of type `ssh-ed25519` with 32 bytes of key, in base64. */
const KEY = Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from('ssh-ed25519'), Buffer.alloc(36, 7)]).toString(
  'base64',
);

describe('known_hosts lines', () => {
  it('RS-2: reads markers, host fields and keys; comments, blank lines and unknown markers count for nothing', () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolwright-known-hosts-'));
    try {
      const file = join(folder, 'known_hosts');
      writeFileSync(
        file,
        [
          '# comment',
          '',
          `a.example ssh-ed25519 ${KEY}`,
          `\t@revoked\t* ssh-ed25519 ${KEY} note`,
          `@cert-authority *.example ssh-ed25519 ${KEY}`,
          `@other * ssh-ed25519 ${KEY}`,
          'b.example ssh-ed25519 %%%',
        ].join('\r\n'),
      );
      expect(
        readKnownHosts(file).map(({ number, marker, hosts, key }) => [number, marker, hosts, key?.toString('base64')]),
      ).toEqual([
        [3, 'none', 'a.example', KEY],
        [4, 'revoked', '*', KEY],
        [5, 'cert-authority', '*.example', KEY],
        [7, 'none', 'b.example', undefined],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('RS-2: host fields match as OpenSSH matches them', () => {
    const cases: ReadonlyArray<[hosts: string, name: string, matches: boolean]> = [
      ['box.example', 'box.example', true],
      ['box.example', 'BOX.EXAMPLE', true],
      ['box.example', 'box.example.org', false],
      ['*', '[box.example]:2222', true],
      ['*.example', 'a.b.example', true],
      ['*.example', 'example', false],
      ['b?x.example', 'box.example', true],
      ['b?x.example', 'bx.example', false],
      ['*x*e*', 'box.example', true],
      ['*.example,!bad.example', 'bad.example', false],
      ['!bad.example,*.example', 'BAD.example', false],
      ['!bad.example', 'good.example', false],
      ['[box.example]:2222', '[box.example]:2222', true],
      ['[box.example]:2222', 'box.example', false],
      ['', 'box.example', false],
    ];
    for (const [hosts, name, matches] of cases) expect(hostFieldMatches(hosts, name), `${hosts} ${name}`).toBe(matches);
    const salt = Buffer.from('0123456789abcdefghij');
    const hashed = `|1|${salt.toString('base64')}|${createHmac('sha1', salt).update('box.example').digest('base64')}`;
    expect(hostFieldMatches(hashed, 'box.example')).toBe(true);
    expect(hostFieldMatches(hashed, 'Box.Example')).toBe(true);
    expect(hostFieldMatches(hashed, 'other.example')).toBe(false);
    expect(hostFieldMatches('|1|broken', 'box.example')).toBe(false);
  });
});
