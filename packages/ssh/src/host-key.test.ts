import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOf, judgeHostKey, knownHostsName, trustedFingerprints } from './host-key.js';

interface TestKey {
  /** `type base64`, as a known_hosts line holds it. */
  readonly line: string;
  readonly type: string;
  readonly base64: string;
  readonly fingerprint: string;
}

let folder: string;
let ed25519: TestKey;
let other: TestKey;
let ecdsa: TestKey;
let authority: TestKey;

/** A fresh key made by ssh-keygen, with the fingerprint ssh-keygen prints for it. */
function makeKey(name: string, type: string): TestKey {
  const path = join(folder, name);
  execFileSync('ssh-keygen', ['-q', '-t', type, '-N', '', '-f', path]);
  const [keyType = '', base64 = ''] = readFileSync(`${path}.pub`, 'utf8').trim().split(' ');
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${path}.pub`], {
    encoding: 'utf8',
  }).split(' ')[1] as string;
  return { line: `${keyType} ${base64}`, type: keyType, base64, fingerprint };
}

/** A known_hosts file with these lines; with `hash`, its plain host names hashed by ssh-keygen -H. */
function knownHosts(name: string, lines: readonly string[], hash = false): string {
  const path = join(folder, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  if (hash) execFileSync('ssh-keygen', ['-H', '-f', path], { stdio: 'ignore' });
  return path;
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'toolwright-host-key-'));
  ed25519 = makeKey('ed25519', 'ed25519');
  other = makeKey('other', 'ed25519');
  ecdsa = makeKey('ecdsa', 'ecdsa');
  authority = makeKey('authority', 'ed25519');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const revokedReason = (file: string, line: number, fingerprint: string, host = 'box.example:2222'): string =>
  `The host key of ${host} is revoked: ${fingerprint} is on an @revoked line of ${file} (line ${line}), and a revoked key is never accepted, whatever other line lists it. Nothing was run on it.`;

describe('host keys', () => {
  it('RS-2: a key blob has the fingerprint ssh-keygen prints', () => {
    expect(fingerprintOf(Buffer.from(ed25519.base64, 'base64'))).toBe(ed25519.fingerprint);
  });

  it('RS-2: known_hosts names a host on port 22 plainly and any other port as [host]:port', () => {
    expect(knownHostsName('box.example', 22)).toBe('box.example');
    expect(knownHostsName('box.example', 2222)).toBe('[box.example]:2222');
  });

  it('RS-2: plain and hashed entries match their host and port only; marked lines are never trusted keys', () => {
    const file = knownHosts('plain', [
      '# a comment',
      `other.example ${ed25519.line}`,
      `[box.example]:2222 ${ed25519.line}`,
      `@cert-authority box.example ${authority.line}`,
    ]);
    expect(trustedFingerprints(file, 'box.example', 2222)).toEqual([ed25519.fingerprint]);
    expect(trustedFingerprints(file, 'box.example', 22)).toEqual([]);
    const hashed = knownHosts(
      'hashed',
      [`[box.example]:2222 ${ed25519.line}`, `plain.example,alias.example ${ed25519.line}`],
      true,
    );
    expect(readFileSync(hashed, 'utf8')).not.toContain('box.example');
    expect(trustedFingerprints(hashed, 'box.example', 2222)).toEqual([ed25519.fingerprint]);
    expect(trustedFingerprints(hashed, 'alias.example', 22)).toEqual([ed25519.fingerprint]);
    expect(trustedFingerprints(hashed, 'box.example', 22)).toEqual([]);
    expect(judgeHostKey({ knownHostsFile: file }, 'box.example', 22, authority.fingerprint)).toEqual({
      trusted: false,
      reason: `The host key of box.example:22 is not trusted: no key is listed in ${file} (as box.example), but the host offered ${authority.fingerprint}. Nothing was run on it.`,
    });
  });

  it('RS-2: host patterns match as OpenSSH matches them: wildcards, any case, and a negated pattern rules a host out', () => {
    const file = knownHosts('patterns', [
      `*.example,!bad.example ${ed25519.line}`,
      `[w?.test]:2222 ${other.line}`,
      `CAPS.Example.Org ${ecdsa.line}`,
    ]);
    expect(trustedFingerprints(file, 'box.example', 22)).toEqual([ed25519.fingerprint]);
    expect(trustedFingerprints(file, 'deep.box.example', 22)).toEqual([ed25519.fingerprint]);
    expect(trustedFingerprints(file, 'bad.example', 22)).toEqual([]);
    expect(trustedFingerprints(file, 'BAD.example', 22)).toEqual([]);
    expect(trustedFingerprints(file, 'box.example', 2222)).toEqual([]);
    expect(trustedFingerprints(file, 'w1.test', 2222)).toEqual([other.fingerprint]);
    expect(trustedFingerprints(file, 'w12.test', 2222)).toEqual([]);
    expect(trustedFingerprints(file, 'caps.example.org', 22)).toEqual([ecdsa.fingerprint]);
  });

  it('RS-2: a key on an @revoked line is refused whatever other line lists it: plain, hashed, by a pattern, beside @cert-authority lines', () => {
    const cases: ReadonlyArray<[name: string, lines: readonly string[], hash: boolean, revokedLine: number]> = [
      ['revoked-star', [`[box.example]:2222 ${ed25519.line}`, `@revoked * ${ed25519.line}`], false, 2],
      ['revoked-first', [`@revoked * ${ed25519.line}`, `[box.example]:2222 ${ed25519.line}`], false, 1],
      // The @revoked line names another host: the key is still revoked, for every host.
      [
        'revoked-elsewhere',
        [`[box.example]:2222 ${ed25519.line}`, `@revoked nowhere.invalid ${ed25519.line}`],
        false,
        2,
      ],
      [
        'revoked-hashed',
        [`[box.example]:2222 ${ed25519.line}`, `@revoked [box.example]:2222 ${ed25519.line}`],
        true,
        2,
      ],
      [
        'revoked-pattern',
        [`*.example,[*.example]:* ${ed25519.line}`, `@revoked !box.example ${ed25519.line}`],
        false,
        2,
      ],
      [
        'revoked-among-authorities',
        [
          `@cert-authority *.example ${authority.line}`,
          `[box.example]:2222 ${ed25519.line}`,
          `@cert-authority * ${ed25519.line}`,
          `@revoked\t*\t${ed25519.line}\tcomment here`,
          `@cert-authority [box.example]:2222 ${authority.line}`,
        ],
        false,
        4,
      ],
    ];
    for (const [name, lines, hash, revokedLine] of cases) {
      const file = knownHosts(name, lines, hash);
      expect(judgeHostKey({ knownHostsFile: file }, 'box.example', 2222, ed25519.fingerprint), name).toEqual({
        trusted: false,
        reason: revokedReason(file, revokedLine, ed25519.fingerprint),
      });
      expect(trustedFingerprints(file, 'box.example', 2222), name).toEqual([]);
    }
  });

  it('RS-2: a revoked key is found by the key itself, whatever key type name, spacing or line ending its line has', () => {
    const variants = [
      `@revoked * ssh-rsa ${ed25519.base64}`,
      `@revoked * ecdsa-sha2-nistp256 ${ed25519.base64} mislabelled`,
      `   @revoked   *   ${ed25519.line}   `,
      `@revoked * ${ed25519.line}\r`,
    ];
    for (const [index, variant] of variants.entries()) {
      const file = knownHosts(`variant-${index}`, [`[box.example]:2222 ${ed25519.line}`, variant]);
      expect(judgeHostKey({ knownHostsFile: file }, 'box.example', 2222, ed25519.fingerprint), variant).toEqual({
        trusted: false,
        reason: revokedReason(file, 2, ed25519.fingerprint),
      });
    }
  });

  it('RS-2: revoking one key leaves the host’s other keys trusted, and an ecdsa key is revoked like an ed25519 one', () => {
    const file = knownHosts('two-keys', [
      `[box.example]:2222 ${ed25519.line}`,
      `[box.example]:2222 ${other.line}`,
      `[box.example]:2222 ${ecdsa.line}`,
      `@revoked * ${ecdsa.line}`,
    ]);
    expect(judgeHostKey({ knownHostsFile: file }, 'box.example', 2222, other.fingerprint)).toEqual({ trusted: true });
    expect(judgeHostKey({ knownHostsFile: file }, 'box.example', 2222, ecdsa.fingerprint)).toEqual({
      trusted: false,
      reason: revokedReason(file, 4, ecdsa.fingerprint),
    });
    expect(trustedFingerprints(file, 'box.example', 2222)).toEqual([ed25519.fingerprint, other.fingerprint]);
  });

  it('RS-2: an @revoked line whose key cannot be read refuses every key; an unknown marker is a line that counts for nothing', () => {
    for (const [index, broken] of [
      '@revoked * ssh-ed25519 not-base64!',
      '@revoked *',
      '@revoked * ssh-ed25519 AAAA',
    ].entries()) {
      const file = knownHosts(`broken-${index}`, [`[box.example]:2222 ${ed25519.line}`, broken]);
      expect(judgeHostKey({ knownHostsFile: file }, 'box.example', 2222, ed25519.fingerprint), broken).toEqual({
        trusted: false,
        reason: `The host key of box.example:2222 cannot be checked: line 2 of ${file} is an @revoked line whose key cannot be read, so the host's key may be the one it revokes. Fix or remove that line. Nothing was run on it.`,
      });
    }
    const unknown = knownHosts('unknown-marker', [
      `@revokedx * ${ed25519.line}`,
      `@REVOKED [box.example]:2222 ${ed25519.line}`,
    ]);
    expect(judgeHostKey({ knownHostsFile: unknown }, 'box.example', 2222, ed25519.fingerprint)).toEqual({
      trusted: false,
      reason: `The host key of box.example:2222 is not trusted: no key is listed in ${unknown} (as [box.example]:2222), but the host offered ${ed25519.fingerprint}. Nothing was run on it.`,
    });
  });

  it('RS-2: a refusal names the expected and the offered fingerprints', () => {
    expect(judgeHostKey({ fingerprint: ed25519.fingerprint }, 'box.example', 22, 'SHA256:offered')).toEqual({
      trusted: false,
      reason: `The host key of box.example:22 is not trusted: expected ${ed25519.fingerprint} from the pinned fingerprint, but the host offered SHA256:offered. Nothing was run on it.`,
    });
    expect(judgeHostKey({ fingerprint: ed25519.fingerprint }, 'box.example', 22, ed25519.fingerprint)).toEqual({
      trusted: true,
    });
  });
});
