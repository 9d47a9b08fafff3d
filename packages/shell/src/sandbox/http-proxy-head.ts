// The head of an HTTP proxy request: CONNECT host:port, or an absolute-form request rewritten for its origin.
import { isIP } from 'node:net';
import type { Destination } from './connect-upstream.js';
import type { Parsed } from './handshake-reader.js';

/** The longest request head the proxy reads, its blank line included. */
export const MAXIMUM_HEAD_BYTES = 16 * 1024;

/**
 * What a request head asks for: a tunnel (CONNECT), a request to forward (its head rewritten in
 * origin form, with `Connection: close`), or nothing the proxy serves (why, in a sentence).
 */
export type ProxyRequest =
  | ({ readonly kind: 'tunnel' } & Destination)
  | ({ readonly kind: 'forward'; readonly head: Buffer } & Destination)
  | { readonly kind: 'malformed'; readonly reason: string }
  | { readonly kind: 'too-large' };

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const REQUEST_LINE = new RegExp(`^(${TOKEN}) ([^ ]+) (HTTP/1\\.[01])$`);
const HEADER_LINE = new RegExp(`^(${TOKEN}):[ \\t]*(.*?)[ \\t]*$`);
// eslint-disable-next-line no-control-regex -- control characters (but the tab) are exactly what a head must not hold
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000a-\u001f\u007f]/;
// Hop-by-hop headers, and the proxy's own: never sent on to the origin.
const DROPPED_HEADERS = new Set(['host', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);
// What frames the body stays, whatever Connection names: the origin must read the body as the client sent it.
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);

/** Parses a whole head from `buffer` once its blank line has arrived; a head over {@link MAXIMUM_HEAD_BYTES} is `too-large`. */
export function parseProxyHead(buffer: Buffer): Parsed<ProxyRequest> {
  const end = buffer.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const length = end + 4;
  if (length > MAXIMUM_HEAD_BYTES) return { value: { kind: 'too-large' }, length };
  return { value: readHead(buffer.subarray(0, end).toString('latin1')), length };
}

function readHead(text: string): ProxyRequest {
  const [requestLine = '', ...headerLines] = text.split('\r\n');
  const request = REQUEST_LINE.exec(requestLine);
  if (request === null || FORBIDDEN_CHARACTER.test(requestLine))
    return malformed('the request line is not "METHOD target HTTP/1.1"');
  const headers: [string, string][] = [];
  for (const line of headerLines) {
    const header = HEADER_LINE.exec(line);
    if (header === null || FORBIDDEN_CHARACTER.test(line)) return malformed('a header line is not "Name: value"');
    headers.push([header[1]!, header[2]!]);
  }
  const [, method, target, version] = request as unknown as [string, string, string, string];
  if (method.toUpperCase() === 'CONNECT') {
    const destination = parseAuthority(target, undefined);
    return typeof destination === 'string' ? malformed(destination) : { kind: 'tunnel', ...destination };
  }
  if (/^https:\/\//i.test(target))
    return malformed('an https:// URL goes through a tunnel: send CONNECT host:443 (clients do so by themselves)');
  if (!/^http:\/\//i.test(target))
    return malformed(
      'a proxy request names its whole URL ("GET http://example.com/ HTTP/1.1"), or is CONNECT host:port',
    );
  const authority = /^[^/?#]*/.exec(target.slice('http://'.length))![0];
  if (authority.includes('@')) return malformed('a URL with a user name or password is not forwarded');
  const destination = parseAuthority(authority, 80);
  if (typeof destination === 'string') return malformed(destination);
  const rest = target.slice('http://'.length + authority.length).replace(/#.*$/, '');
  const path = rest.startsWith('/') ? rest : `/${rest}`;
  const head = [
    `${method} ${path} ${version}`,
    `Host: ${authority}`,
    ...forwardedHeaders(headers),
    'Connection: close',
  ];
  return { kind: 'forward', ...destination, head: Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1') };
}

/** `host:port` (the port optional when a default is given; an IPv6 address in brackets), or why it is not one. */
function parseAuthority(authority: string, defaultPort: number | undefined): Destination | string {
  const parts = splitAuthority(authority);
  if (typeof parts === 'string') return parts;
  const { host, portText } = parts;
  if (host === '') return `${JSON.stringify(authority)} names no host`;
  if (portText === undefined)
    return defaultPort === undefined
      ? `${JSON.stringify(authority)} names no port (CONNECT host:port)`
      : { host, port: defaultPort };
  const port = Number(portText);
  if (!/^[0-9]{1,5}$/.test(portText) || port < 1 || port > 65535)
    return `the port ${JSON.stringify(portText)} is not a port from 1 to 65535`;
  return { host, port };
}

function splitAuthority(authority: string): { host: string; portText: string | undefined } | string {
  if (authority.startsWith('[')) {
    const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(authority);
    if (bracketed === null) return `${JSON.stringify(authority)} is not "[IPv6 address]:port"`;
    if (isIP(bracketed[1]!) !== 6) return `${JSON.stringify(bracketed[1])} is not an IPv6 address`;
    return { host: bracketed[1]!, portText: bracketed[2] };
  }
  const colon = authority.lastIndexOf(':');
  if (colon === -1) return { host: authority, portText: undefined };
  return { host: authority.slice(0, colon), portText: authority.slice(colon + 1) };
}

/** The client's headers an origin gets: without the hop-by-hop ones, those Connection names, and `Proxy-*`. */
function forwardedHeaders(headers: readonly [string, string][]): string[] {
  const named = headers
    .filter(([name]) => name.toLowerCase() === 'connection')
    .flatMap(([, value]) => value.split(',').map((token) => token.trim().toLowerCase()))
    .filter((name) => !FRAMING_HEADERS.has(name));
  const dropped = new Set([...DROPPED_HEADERS, ...named]);
  return headers
    .filter(([name]) => !dropped.has(name.toLowerCase()) && !name.toLowerCase().startsWith('proxy-'))
    .map(([name, value]) => `${name}: ${value}`);
}

function malformed(reason: string): ProxyRequest {
  return { kind: 'malformed', reason };
}
