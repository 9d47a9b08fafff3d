// Reading an OpenSSH known_hosts file (sshd(8), "SSH_KNOWN_HOSTS FILE FORMAT"): an optional marker
// (`@cert-authority` or `@revoked`), the host patterns (or one hashed name), the key type, the
// key in base64, an optional comment.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** One line of a known_hosts file that names a key. */
export interface KnownHostsLine {
  /** Its line number, from 1. */
  readonly number: number;
  /** `revoked`, `cert-authority`, or `none` for a plain host key. */
  readonly marker: 'revoked' | 'cert-authority' | 'none';
  /** The host field: comma-separated patterns, or one hashed name (`|1|salt|hash`). */
  readonly hosts: string;
  /** The key blob, or `undefined` when the line's key cannot be read. */
  readonly key: Buffer | undefined;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Every line of the file that names a key (comments, blank lines and unknown markers left out). */
export function readKnownHosts(file: string): KnownHostsLine[] {
  const lines: KnownHostsLine[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      let fields = raw.trim().split(/[ \t]+/);
      if (fields[0] === '' || fields[0]?.startsWith('#') === true) return;
      let marker: KnownHostsLine['marker'] = 'none';
      if (fields[0]?.startsWith('@') === true) {
        if (fields[0] === '@revoked') marker = 'revoked';
        else if (fields[0] === '@cert-authority') marker = 'cert-authority';
        // An unknown marker: OpenSSH skips the line; a revoked key cannot hide behind one.
        else return;
        fields = fields.slice(1);
      }
      const [hosts = '', , encoded = ''] = fields;
      lines.push({ number: index + 1, marker, hosts, key: keyBlob(encoded) });
    });
  return lines;
}

/** The key blob of a base64 field, when it is one: a length-prefixed key type name, then the key. */
function keyBlob(encoded: string): Buffer | undefined {
  if (!BASE64.test(encoded)) return undefined;
  const blob = Buffer.from(encoded, 'base64');
  if (blob.length < 5) return undefined;
  const typeLength = blob.readUInt32BE(0);
  if (typeLength < 1 || typeLength > 64 || blob.length <= 4 + typeLength) return undefined;
  return /^[\x21-\x7e]+$/.test(blob.subarray(4, 4 + typeLength).toString('latin1')) ? blob : undefined;
}

/**
 * True when a host field names `name` (`host`, or `[host]:port`) as OpenSSH matches it: a hashed
 * name by its HMAC-SHA1; else comma-separated patterns, case-insensitive, with `*` and `?`
 * wildcards, where any matching negated pattern (`!pattern`) rules the name out.
 */
export function hostFieldMatches(hosts: string, name: string): boolean {
  const lower = name.toLowerCase();
  if (hosts.startsWith('|1|')) {
    const [, , salt, hash] = hosts.split('|');
    if (salt === undefined || hash === undefined) return false;
    return createHmac('sha1', Buffer.from(salt, 'base64')).update(lower).digest('base64') === hash;
  }
  let matched = false;
  for (const pattern of hosts.split(',')) {
    const negated = pattern.startsWith('!');
    if (!wildcardMatches((negated ? pattern.slice(1) : pattern).toLowerCase(), lower)) continue;
    if (negated) return false;
    matched = true;
  }
  return matched;
}

/** OpenSSH's pattern match: `*` any run of characters, `?` any one, everything else itself. */
function wildcardMatches(pattern: string, text: string): boolean {
  let patternIndex = 0;
  let textIndex = 0;
  let starIndex = -1;
  let resumeIndex = 0;
  while (textIndex < text.length) {
    const expected = pattern[patternIndex];
    if (expected !== undefined && (expected === '?' || expected === text[textIndex])) {
      patternIndex++;
      textIndex++;
    } else if (expected === '*') {
      starIndex = patternIndex++;
      resumeIndex = textIndex;
    } else if (starIndex >= 0) {
      // Let the last star take one more character, and try again from there.
      patternIndex = starIndex + 1;
      textIndex = ++resumeIndex;
    } else {
      return false;
    }
  }
  while (pattern[patternIndex] === '*') patternIndex++;
  return patternIndex === pattern.length;
}
