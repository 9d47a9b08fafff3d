import type { ToolGate } from '@toolwright/gate';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpServer, type McpServerOptions } from './create-mcp-server.js';
import { readJsonBody } from './read-json-body.js';

/** Options of {@link serveHttp}. */
export interface HttpServeOptions extends McpServerOptions {
  /** The address to listen on. Default `127.0.0.1`: reachable from this machine only. */
  readonly host?: string;
  /** The port; 0 (default) picks a free one. */
  readonly port?: number;
  /** The endpoint's path. Default `/mcp`. */
  readonly path?: string;
  /** The largest request body read, in bytes. Default 4 MB (the gate refuses arguments over 1 MB). */
  readonly maxBodyBytes?: number;
  /** Host headers accepted (DNS-rebinding protection). Default on loopback: `127.0.0.1:<port>`, `localhost:<port>`, `[::1]:<port>`. */
  readonly allowedHosts?: readonly string[];
}

/** A running Streamable HTTP MCP server. */
export interface McpHttpServer {
  /** The endpoint clients connect to, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: URL;
  /** Stops accepting requests and closes open connections. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Serves a gate's tools over Streamable HTTP (SPEC MC-1), statelessly: each POST gets its own SDK
 * server and transport, so clients share nothing but the gate. Only POST on `path` is served
 * (GET streams and DELETE sessions need state: 405). Bodies over `maxBodyBytes` get 413; on a
 * loopback address, Host headers other than the loopback names are refused (DNS rebinding).
 */
export async function serveHttp(gate: ToolGate, options: HttpServeOptions = {}): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  let allowedHosts: string[] = [];
  const httpServer = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) respond(response, 500, -32603, 'Internal error');
      else response.end();
    });
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) {
      return respond(response, 404, -32601, `Not found: the MCP endpoint is ${path}`);
    }
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return respond(response, 405, -32000, 'Method not allowed: this server is stateless and serves POST only');
    }
    const body = await readJsonBody(request, maxBodyBytes);
    if (!body.ok) return respond(response, body.status, body.code, body.message);
    const server = createMcpServer(gate, options);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      ...(allowedHosts.length === 0 ? {} : { enableDnsRebindingProtection: true, allowedHosts }),
    });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body.value);
  }
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  if (options.allowedHosts !== undefined) allowedHosts = [...options.allowedHosts];
  else if (LOOPBACK.has(host)) allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`);
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        httpServer.close((error) => (error === undefined ? resolve() : reject(error)));
        httpServer.closeAllConnections();
      }),
  };
}

function respond(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, {
    'Content-Type': 'application/json',
    ...(status === 413 ? { Connection: 'close' } : {}),
  });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
