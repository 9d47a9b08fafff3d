import { ToolwrightError } from '@toolwright/core';
import type { IncomingMessage } from 'node:http';
import type { HttpRefusal } from './http-refusal.js';
import { formatUrlHost } from './loopback-host.js';

const HOST_VALUE = /^(?:\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/;

/**
 * The Host header values a server accepts, lowercase: `allowedHosts` as given (each a
 * `name[:port]`, checked; a wildcard or anything else throws `INVALID_OPTIONS`), or, for a
 * loopback bind without them, the loopback names at the port (`127.0.0.1:<port>`,
 * `localhost:<port>`, `[::1]:<port>`, the bound address itself, and the bare names on port 80).
 */
export function resolveAllowedHosts(
  allowedHosts: readonly string[] | undefined,
  boundHost: string,
  port: number,
): ReadonlySet<string> {
  if (allowedHosts !== undefined) return new Set(allowedHosts.map(checkAllowedHost));
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', formatUrlHost(boundHost.toLowerCase())]);
  const hosts = [...names].map((name) => `${name}:${port}`);
  return new Set(port === 80 ? [...hosts, ...names] : hosts);
}

/** One `allowedHosts` entry, lowercase; throws `INVALID_OPTIONS` for one that no Host header could be. */
export function checkAllowedHost(entry: string): string {
  const host = String(entry).toLowerCase();
  if (!HOST_VALUE.test(host)) {
    throw new ToolwrightError(
      'INVALID_OPTIONS',
      `allowedHosts has '${String(entry)}', which is not a Host header value: write a name or address, with its port when it is not 80 (e.g. 'tools.example.com:8080', '[::1]:3000').`,
    );
  }
  return host;
}

/**
 * The refusal of a request whose Host header is missing, repeated, or not one of `allowed`
 * (compared without regard to case, as host names are): 403, whatever its method and path, so a
 * DNS-rebinding page (`Host: attacker.example`) reaches nothing.
 */
export function checkHost(request: IncomingMessage, allowed: ReadonlySet<string>): HttpRefusal | undefined {
  const values = request.headersDistinct.host ?? [];
  if (values.length === 1 && allowed.has(values[0]!.toLowerCase())) return undefined;
  const shown =
    values.length === 1
      ? values[0]!
      : values.length === 0
        ? 'the request has none'
        : `the request has ${values.length}`;
  return { status: 403, code: -32000, message: `Invalid Host header: ${shown}` };
}
