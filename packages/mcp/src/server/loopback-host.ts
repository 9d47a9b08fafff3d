import { isIPv4, isIPv6 } from 'node:net';

/**
 * True when `host`, an address to listen on, reaches this machine only: `localhost`, an IPv4
 * address in 127.0.0.0/8, `::1`, or an IPv4-mapped 127.x address (`::ffff:127.0.0.1`), however
 * the IPv6 address is spelled. A wildcard (`0.0.0.0`, `::`), an empty string, any other address
 * and any other name are not: a name that resolves to 127.0.0.1 today is not trusted to stay so.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  if (name === 'localhost') return true;
  if (isIPv4(name)) return name.startsWith('127.');
  // An address with a zone (`fe80::1%eth0`) is link-local, never loopback; URL refuses it.
  if (!isIPv6(name) || name.includes('%')) return false;
  const canonical = new URL(`http://[${name}]`).hostname;
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}

/** How `host` is written in a URL or a Host header: an IPv6 address in brackets, anything else as it is. */
export function formatUrlHost(host: string): string {
  return isIPv6(host) ? `[${host}]` : host;
}
