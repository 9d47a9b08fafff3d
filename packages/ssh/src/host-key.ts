// Host-key verification: the key a host offers must match a pinned fingerprint or a known_hosts entry.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** How the host's key is checked; there is no way to accept any key. */
export type HostKeyPolicy =
  /** The entries of an OpenSSH known_hosts file (plain or hashed host names) for this host and port. */
  | { readonly knownHostsFile: string }
  /** One pinned key, as `ssh-keygen -l -E sha256` prints its fingerprint: `SHA256:…`. */
  | { readonly fingerprint: string };

/** The OpenSSH SHA-256 fingerprint of a public key blob: `SHA256:` and unpadded base64. */
export function fingerprintOf(keyBlob: Uint8Array): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/** The name known_hosts uses for a host: `host`, or `[host]:port` off port 22. */
export function knownHostsName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

function matchesHost(pattern: string, name: string): boolean {
  if (pattern.startsWith('|1|')) {
    const [, , salt, hash] = pattern.split('|');
    if (salt === undefined || hash === undefined) return false;
    const digest = createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64');
    return digest === hash;
  }
  return pattern.split(',').some((entry) => entry === name);
}

/** The fingerprints a known_hosts file trusts for `host`:`port` (revoked keys are left out). */
export function trustedFingerprints(knownHostsFile: string, host: string, port: number): string[] {
  const name = knownHostsName(host, port);
  const trusted: string[] = [];
  for (const raw of readFileSync(knownHostsFile, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('@')) continue;
    const [hosts, , key] = line.split(/\s+/);
    if (hosts === undefined || key === undefined || !matchesHost(hosts, name)) continue;
    trusted.push(fingerprintOf(Buffer.from(key, 'base64')));
  }
  return trusted;
}

/** Where the expected fingerprints come from, for messages. */
export function expectedKeys(
  policy: HostKeyPolicy,
  host: string,
  port: number,
): { fingerprints: string[]; source: string } {
  if ('fingerprint' in policy) return { fingerprints: [policy.fingerprint], source: 'the pinned fingerprint' };
  return {
    fingerprints: trustedFingerprints(policy.knownHostsFile, host, port),
    source: `${policy.knownHostsFile} (as ${knownHostsName(host, port)})`,
  };
}

/** The sentence that says why a host key was refused. */
export function hostKeyRefusal(host: string, port: number, policy: HostKeyPolicy, offered: string): string {
  const { fingerprints, source } = expectedKeys(policy, host, port);
  const expected =
    fingerprints.length === 0
      ? `no key is listed in ${source}`
      : `expected ${fingerprints.join(' or ')} from ${source}`;
  return `The host key of ${host}:${port} is not trusted: ${expected}, but the host offered ${offered}. Nothing was run on it.`;
}
