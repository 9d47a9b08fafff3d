// Which hosts are IP addresses, however they are spelled: what the sandbox never connects to.
import { isIP } from 'node:net';

// A last label of digits, or of `0x` and hex digits, makes a name an IPv4 address both to the URL
// standard and to getaddrinfo (`2130706433`, `127.1`, `0x7f.1` and `0177.0.0.1` are 127.0.0.1).
// No top-level domain is numeric, so no real domain name is caught by it.
const NUMERIC_LABEL = /^(?:[0-9]+|0x[0-9a-f]*)$/i;

/**
 * True when `host` (one trailing dot ignored) is an IP address rather than a name: dotted IPv4,
 * IPv6 (bare, with a zone, or in brackets), or a name whose last label is a number, which
 * resolvers read as IPv4 (`2130706433`, `127.1`, `0x7f000001`).
 */
export function isIpLiteral(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.startsWith('[') && name.endsWith(']')) return isIP(name.slice(1, -1)) === 6;
  if (isIP(name) !== 0) return true;
  return NUMERIC_LABEL.test(name.slice(name.lastIndexOf('.') + 1));
}
