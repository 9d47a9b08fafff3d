import { ToolwrightError } from '@toolwright/core';
import type { IncomingMessage } from 'node:http';
import type { HttpRefusal } from './http-refusal.js';

/**
 * The origins a server accepts in an Origin header: its own — `http://<host>` for each Host
 * header value it accepts, so on loopback `http://127.0.0.1:<port>`, `http://localhost:<port>`
 * and `http://[::1]:<port>` — and each of `allowedOrigins`, in their serialized form (RFC 6454:
 * lowercase scheme and host, no default port, no path). An `allowedOrigins` entry that is not an
 * http(s) origin (`null`, a path, user info, a wildcard) throws `INVALID_OPTIONS`.
 */
export function resolveAllowedOrigins(
  allowedHosts: ReadonlySet<string>,
  allowedOrigins: readonly string[] = [],
): ReadonlySet<string> {
  const own = [...allowedHosts]
    .map((host) => serializeOrigin(`http://${host}`))
    .filter((origin) => origin !== undefined);
  return new Set([...own, ...allowedOrigins.map(checkAllowedOrigin)]);
}

/** One `allowedOrigins` entry in its serialized form; throws `INVALID_OPTIONS` for one that is not an http(s) origin. */
export function checkAllowedOrigin(entry: string): string {
  const origin = serializeOrigin(String(entry));
  if (origin === undefined) {
    throw new ToolwrightError(
      'INVALID_OPTIONS',
      `allowedOrigins has '${String(entry)}', which is not an http(s) origin: write scheme, host and port only (e.g. 'https://app.example.com', 'http://localhost:5173'); 'null' cannot be allowed.`,
    );
  }
  return origin;
}

/**
 * The refusal of a request whose Origin header is present and not exactly one of `allowed`: 403,
 * whatever its method and path. A request without Origin (not from a browser page) passes. The
 * comparison is of the exact header, as a browser serializes it: `null`, another port, a
 * trailing slash, a path, user info, a case variant (`HTTP://LOCALHOST:3000`, which no browser
 * sends) and a repeated Origin header are refused.
 */
export function checkOrigin(request: IncomingMessage, allowed: ReadonlySet<string>): HttpRefusal | undefined {
  const values = request.headersDistinct.origin;
  if (values === undefined) return undefined;
  if (values.length === 1 && allowed.has(values[0]!)) return undefined;
  const shown = values.length === 1 ? values[0]! : `the request has ${values.length} Origin headers`;
  return { status: 403, code: -32000, message: `Invalid Origin header: ${shown}` };
}

function serializeOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare =
    url.username === '' && url.password === '' && url.pathname === '/' && url.search === '' && url.hash === '';
  const named = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(url.hostname);
  const http = url.protocol === 'http:' || url.protocol === 'https:';
  return bare && named && http && /^https?:\/\/[^/?#]+\/?$/i.test(value) ? url.origin : undefined;
}
