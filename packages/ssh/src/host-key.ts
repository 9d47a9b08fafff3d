// Host-key verification: the key a host offers must match a pinned fingerprint or a known_hosts
// entry, and must not be revoked there.
import { createHash } from 'node:crypto';
import { hostFieldMatches, readKnownHosts, type KnownHostsLine } from './known-hosts.js';

/** How the host's key is checked; there is no way to accept any key. */
export type HostKeyPolicy =
  /** The entries of an OpenSSH known_hosts file (plain or hashed host names, patterns, `@revoked` keys) for this host and port. */
  | { readonly knownHostsFile: string }
  /** One pinned key, as `ssh-keygen -l -E sha256` prints its fingerprint: `SHA256:…`. */
  | { readonly fingerprint: string };

/** What a policy says of the key a host offered: trusted, or refused with the sentence that says why. */
export type HostKeyVerdict = { readonly trusted: true } | { readonly trusted: false; readonly reason: string };

/** The OpenSSH SHA-256 fingerprint of a public key blob: `SHA256:` and unpadded base64. */
export function fingerprintOf(keyBlob: Uint8Array): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/** The name known_hosts uses for a host: `host`, or `[host]:port` off port 22. */
export function knownHostsName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

/** The fingerprints of the plain (unmarked) lines that name `host`:`port`, revoked keys left out. */
function trustedIn(lines: readonly KnownHostsLine[], host: string, port: number): string[] {
  const name = knownHostsName(host, port);
  const revoked = new Set(revokedIn(lines).map(([fingerprint]) => fingerprint));
  return lines
    .filter((line) => line.marker === 'none' && line.key !== undefined && hostFieldMatches(line.hosts, name))
    .map((line) => fingerprintOf(line.key as Buffer))
    .filter((fingerprint) => !revoked.has(fingerprint));
}

/** Each `@revoked` line's fingerprint and number, or `undefined` for a line whose key cannot be read. */
function revokedIn(lines: readonly KnownHostsLine[]): Array<[fingerprint: string | undefined, line: number]> {
  return lines
    .filter((line) => line.marker === 'revoked')
    .map((line) => [line.key === undefined ? undefined : fingerprintOf(line.key), line.number]);
}

/** The fingerprints a known_hosts file trusts for `host`:`port` (a revoked key never is one). */
export function trustedFingerprints(knownHostsFile: string, host: string, port: number): string[] {
  return trustedIn(readKnownHosts(knownHostsFile), host, port);
}

/**
 * Judges the key a host offered (its fingerprint). Against a known_hosts file, as sshd(8) says of
 * `@revoked` — "the key contained on the line is revoked and must not ever be accepted" — a key
 * on an `@revoked` line is refused whatever that line's host pattern and whatever other line lists
 * the key (hashed, by a pattern, beside `@cert-authority` lines, under another key type name: the
 * key itself is compared); an `@revoked` line whose key cannot be read refuses every key, since
 * any may be the one it revokes. Otherwise the key must be on a plain line that names the host.
 */
export function judgeHostKey(policy: HostKeyPolicy, host: string, port: number, offered: string): HostKeyVerdict {
  const subject = `The host key of ${host}:${port}`;
  if ('fingerprint' in policy) {
    if (offered === policy.fingerprint) return { trusted: true };
    return refused(
      `${subject} is not trusted: expected ${policy.fingerprint} from the pinned fingerprint, but the host offered ${offered}.`,
    );
  }
  const file = policy.knownHostsFile;
  const lines = readKnownHosts(file);
  for (const [fingerprint, line] of revokedIn(lines)) {
    if (fingerprint === undefined)
      return refused(
        `${subject} cannot be checked: line ${line} of ${file} is an @revoked line whose key cannot be read, so the host's key may be the one it revokes. Fix or remove that line.`,
      );
    if (fingerprint === offered)
      return refused(
        `${subject} is revoked: ${offered} is on an @revoked line of ${file} (line ${line}), and a revoked key is never accepted, whatever other line lists it.`,
      );
  }
  const trusted = trustedIn(lines, host, port);
  if (trusted.includes(offered)) return { trusted: true };
  const source = `${file} (as ${knownHostsName(host, port)})`;
  const expected =
    trusted.length === 0 ? `no key is listed in ${source}` : `expected ${trusted.join(' or ')} from ${source}`;
  return refused(`${subject} is not trusted: ${expected}, but the host offered ${offered}.`);
}

function refused(reason: string): HostKeyVerdict {
  return { trusted: false, reason: `${reason} Nothing was run on it.` };
}
