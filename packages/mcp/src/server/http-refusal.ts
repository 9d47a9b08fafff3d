import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Why a request gets no MCP answer: the HTTP status, the JSON-RPC error code and message, and any extra headers. */
export interface HttpRefusal {
  /** The HTTP status, e.g. 403. */
  readonly status: number;
  /** The JSON-RPC error code of the body. */
  readonly code: number;
  /** One line saying what is wrong. */
  readonly message: string;
  /** Headers the answer carries beside `Content-Type` (`WWW-Authenticate`, `Allow`, …). */
  readonly headers?: OutgoingHttpHeaders;
}

/**
 * Answers with a refusal: its status and a JSON-RPC error body (`id: null`, as the SDK answers
 * what it cannot serve), and closes the connection, so the rest of a body that was not read (a
 * refused request's, an oversize one's) is not read either.
 */
export function sendRefusal(response: ServerResponse, refusal: HttpRefusal): void {
  response.writeHead(refusal.status, {
    ...refusal.headers,
    'Content-Type': 'application/json',
    Connection: 'close',
  });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: refusal.code, message: refusal.message }, id: null }));
}
