import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request headers a browser page may send to an MCP endpoint. */
const ALLOWED_REQUEST_HEADERS =
  'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';

/**
 * Lets a browser page at `origin` — an origin the server accepted — read the answer:
 * `Access-Control-Allow-Origin` names it (never `*`), and `Vary: Origin` keeps caches from
 * serving that answer to another origin.
 */
export function allowOrigin(response: ServerResponse, origin: string): void {
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate, Mcp-Session-Id');
  response.setHeader('Vary', 'Origin');
}

/** True for a CORS preflight: an OPTIONS request from a page, asking which method it may use. */
export function isPreflight(request: IncomingMessage): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.origin !== undefined &&
    request.headers['access-control-request-method'] !== undefined
  );
}

/**
 * Answers a preflight from an accepted origin (204): POST with the MCP headers. It runs nothing
 * and needs no credentials, as browsers send none on a preflight; the POST that follows is
 * authorized like any other.
 */
export function answerPreflight(response: ServerResponse): void {
  response.writeHead(204, {
    'Access-Control-Allow-Methods': 'POST',
    'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
    'Access-Control-Max-Age': '600',
  });
  response.end();
}
