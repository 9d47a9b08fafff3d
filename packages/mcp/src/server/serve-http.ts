import { ToolwrightError } from '@toolwright/core';
import type { ToolGate } from '@toolwright/gate';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkHost } from './allowed-hosts.js';
import { checkOrigin } from './allowed-origins.js';
import { allowOrigin, answerPreflight, isPreflight } from './cors-headers.js';
import { resolveHttpAccess, type HttpAccess, type HttpAccessOptions } from './http-access.js';
import { authorizeRequest } from './http-authorization.js';
import { sendRefusal, type HttpRefusal } from './http-refusal.js';
import { createGateServer, type McpServerOptions, type ServedRequest } from './create-mcp-server.js';
import { SessionLogLevels } from './session-log-levels.js';
import { HttpCancellations } from './http-cancellations.js';
import { formatUrlHost } from './loopback-host.js';
import { readJsonBody } from './read-json-body.js';
import { sendWebResponse, toWebRequest } from './web-exchange.js';

/** Options of {@link serveHttp}: how the gate is presented, where it listens, and who may use it. */
export interface HttpServeOptions extends McpServerOptions, HttpAccessOptions {
  /** The port; 0 (default) picks a free one. */
  readonly port?: number;
  /** The endpoint's path. Default `/mcp`. */
  readonly path?: string;
  /** The largest request body read, in bytes. Default 4 MB (the gate refuses arguments over 1 MB). */
  readonly maxBodyBytes?: number;
  /**
   * The most requests served at once, from their authorization until their answer is sent (a
   * streamed call's whole stream). One more is refused with 503 and `Retry-After: 1` and runs
   * nothing. Default 64.
   */
  readonly maxConcurrentRequests?: number;
}

/** A running Streamable HTTP MCP server. */
export interface McpHttpServer {
  /** The endpoint clients connect to, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: URL;
  /** Stops accepting requests and closes open connections. */
  close(): Promise<void>;
}

/**
 * Serves a gate's tools over Streamable HTTP (SPEC MC-1, MP-2), statelessly: each POST gets its own
 * SDK server and transport, so clients share nothing but the gate. Every request, whatever its
 * method and path, passes in order: its Host header (one, and an accepted one: 403), its Origin
 * header when present (one, and an accepted one: 403), a CORS preflight from an accepted origin is
 * answered, then the bearer token (401) and the `authorize` hook (403); only then the path (404),
 * the method (only POST: 405), the requests being served (`maxConcurrentRequests`: 503) and the
 * body (`maxBodyBytes`: 413). A refused request runs nothing.
 * Options that would leave a non-loopback address open throw `INVALID_OPTIONS` before listening.
 */
export async function serveHttp(gate: ToolGate, options: HttpServeOptions = {}): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = positiveInteger('maxBodyBytes', options.maxBodyBytes ?? 4 * 1024 * 1024);
  const maxConcurrent = positiveInteger('maxConcurrentRequests', options.maxConcurrentRequests ?? 64);
  let serving = 0;
  const accessAt = resolveHttpAccess(options);
  let access: HttpAccess;
  let origin: string;
  // Each request being served: its gate (the `authorize` hook may pick one per caller) and what stops its call.
  const served = new WeakMap<Request, ServedRequest & { readonly gate: ToolGate }>();
  const cancellations = new HttpCancellations();
  const levels = new SessionLogLevels();
  const mcp = createMcpHandler(({ requestInfo }) => {
    const request = requestInfo === undefined ? undefined : served.get(requestInfo);
    return createGateServer(request?.gate ?? gate, options, request ?? {});
  });
  const httpServer = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendRefusal(response, { status: 500, code: -32603, message: 'Internal error' });
      else response.end();
    });
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refusal = checkHost(request, access.hosts) ?? checkOrigin(request, access.origins);
    if (refusal !== undefined) return sendRefusal(response, refusal);
    const onPath = requestPath(request) === path;
    if (request.headers.origin !== undefined) allowOrigin(response, request.headers.origin);
    if (onPath && isPreflight(request)) return answerPreflight(response);
    const authorized = await authorizeRequest(request, access.checks, gate);
    if ('status' in authorized) return sendRefusal(response, authorized);
    const routing = route(request, onPath, path);
    if (routing !== undefined) return sendRefusal(response, routing);
    if (serving >= maxConcurrent) return sendRefusal(response, busy(maxConcurrent));
    serving++;
    response.once('close', () => serving--);
    const body = await readJsonBody(request, maxBodyBytes);
    if (!body.ok) return sendRefusal(response, body);
    const session = sessionOf(request);
    cancellations.cancel(session, body.value);
    levels.take(session, body.value);
    const tracked = cancellations.track(session, body.value);
    try {
      const webRequest = toWebRequest(request, response, origin);
      const stop = tracked === undefined ? webRequest.signal : AbortSignal.any([webRequest.signal, tracked.signal]);
      const logLevel = levels.of(session);
      served.set(webRequest, { gate: authorized.gate, stop, ...(logLevel === undefined ? {} : { logLevel }) });
      const answer = await mcp.fetch(webRequest, { parsedBody: body.value });
      await sendWebResponse(answer, response, newSessionFor(body.value, answer));
    } finally {
      tracked?.release();
    }
  }
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      const { port } = httpServer.address() as AddressInfo;
      access = accessAt(port);
      origin = `http://${formatUrlHost(host)}:${port}`;
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: new URL(`http://${formatUrlHost(host)}:${port}${path}`),
    close: () =>
      new Promise<void>((resolve, reject) => {
        httpServer.close((error) => (error === undefined ? resolve() : reject(error)));
        httpServer.closeAllConnections();
        void mcp.close();
      }),
  };
}

/** The `Mcp-Session-Id` a request carries: one, of printable ASCII (what the 2025 revisions allow), else none. */
function sessionOf(request: IncomingMessage): string | undefined {
  const value = request.headers['mcp-session-id'];
  return typeof value === 'string' && /^[\x21-\x7e]{1,128}$/.test(value) ? value : undefined;
}

/**
 * The session header for the answer to a 2025-revision `initialize` (see {@link HttpCancellations});
 * none for anything else, or when the SDK named a session itself.
 */
function newSessionFor(message: unknown, answer: Response): Record<string, string> | undefined {
  const initialize =
    typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'initialize';
  if (!initialize || answer.status !== 200 || answer.headers.has('mcp-session-id')) return undefined;
  return { 'mcp-session-id': HttpCancellations.newSession() };
}

/**
 * The path of the request target, without its query. Only the origin form (`/mcp?x`) has one: an
 * absolute form (`http://host/mcp`) or a target starting `//` is not taken for the endpoint.
 */
function requestPath(request: IncomingMessage): string | undefined {
  const target = request.url ?? '';
  if (!target.startsWith('/') || target.startsWith('//')) return undefined;
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

function busy(maxConcurrent: number): HttpRefusal {
  return {
    status: 503,
    code: -32000,
    message: `Server busy: ${maxConcurrent} requests are being served, the most at once; try again shortly`,
    headers: { 'Retry-After': '1' },
  };
}

function positiveInteger(name: string, value: number): number {
  if (Number.isSafeInteger(value) && value > 0) return value;
  throw new ToolwrightError('INVALID_OPTIONS', `${name} must be a positive integer, not ${String(value)}.`);
}

function route(request: IncomingMessage, onPath: boolean, path: string): HttpRefusal | undefined {
  if (!onPath) return { status: 404, code: -32601, message: `Not found: the MCP endpoint is ${path}` };
  if (request.method === 'POST') return undefined;
  return {
    status: 405,
    code: -32000,
    message: 'Method not allowed: this server is stateless and serves POST only',
    headers: { Allow: 'POST' },
  };
}
