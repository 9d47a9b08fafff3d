import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOf, hostKeyRefusal, knownHostsName, trustedFingerprints } from './host-key.js';

let folder: string;
let blob: Buffer;
let fingerprint: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'toolwright-host-key-'));
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(folder, 'key')]);
  const publicKey = readFileSync(join(folder, 'key.pub'), 'utf8').trim();
  blob = Buffer.from(publicKey.split(' ')[1] as string, 'base64');
  fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', join(folder, 'key.pub')], {
    encoding: 'utf8',
  }).split(' ')[1] as string;
  const keyPart = publicKey.split(' ').slice(0, 2).join(' ');
  writeFileSync(
    join(folder, 'known_hosts'),
    `# a comment\nother.example ${keyPart}\n[box.example]:2222 ${keyPart}\n@revoked revoked.example ${keyPart}\n`,
  );
  writeFileSync(join(folder, 'hashed'), `[box.example]:2222 ${keyPart}\nplain.example,alias.example ${keyPart}\n`);
  execFileSync('ssh-keygen', ['-H', '-f', join(folder, 'hashed')], { stdio: 'ignore' });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('host keys', () => {
  it('RS-2: a key blob has the fingerprint ssh-keygen prints', () => {
    expect(fingerprintOf(blob)).toBe(fingerprint);
  });

  it('RS-2: known_hosts names a host on port 22 plainly and any other port as [host]:port', () => {
    expect(knownHostsName('box.example', 22)).toBe('box.example');
    expect(knownHostsName('box.example', 2222)).toBe('[box.example]:2222');
  });

  it('RS-2: plain and hashed known_hosts entries match their host and port only; @ markers are not trusted', () => {
    const file = join(folder, 'known_hosts');
    expect(trustedFingerprints(file, 'box.example', 2222)).toEqual([fingerprint]);
    expect(trustedFingerprints(file, 'box.example', 22)).toEqual([]);
    expect(trustedFingerprints(file, 'revoked.example', 22)).toEqual([]);
    const hashed = join(folder, 'hashed');
    expect(readFileSync(hashed, 'utf8')).not.toContain('box.example');
    expect(trustedFingerprints(hashed, 'box.example', 2222)).toEqual([fingerprint]);
    expect(trustedFingerprints(hashed, 'alias.example', 22)).toEqual([fingerprint]);
    expect(trustedFingerprints(hashed, 'box.example', 22)).toEqual([]);
  });

  it('RS-2: a refusal names the expected and the offered fingerprints', () => {
    expect(hostKeyRefusal('box.example', 22, { fingerprint }, 'SHA256:offered')).toBe(
      `The host key of box.example:22 is not trusted: expected ${fingerprint} from the pinned fingerprint, but the host offered SHA256:offered. Nothing was run on it.`,
    );
  });
});
