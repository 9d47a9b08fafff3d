import { ToolGate } from '@toolwright/gate';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from '../../test/http-exchange.js';
import { EchoTool } from '../../test/test-tools.js';
import { serveHttp, type McpHttpServer } from './serve-http.js';

const gate = new ToolGate({ tools: [new EchoTool()], permissions: { allow: ['echo'] } });

interface Answer {
  readonly status: number;
  readonly allow: string | undefined;
  readonly body: unknown;
}

/** One HTTP request with the headers given (Host included, which fetch does not let a caller set). */
async function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
  agent?: Agent,
): Promise<Answer> {
  const answer = await exchange(url, {
    method,
    headers: Object.entries(headers),
    body,
    ...(agent === undefined ? {} : { agent }),
  });
  return { status: answer.status, allow: answer.headers.allow, body: answer.body === '' ? undefined : answer.body };
}

const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

const names = (answer: Answer): unknown =>
  (answer.body as { result?: { tools?: { name: string }[] } }).result?.tools?.map((tool) => tool.name);

describe('serveHttp', () => {
  let server: McpHttpServer;
  beforeAll(async () => {
    server = await serveHttp(gate, { path: '/tools' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('MC-1: a chosen path is the endpoint, query string or not; every other path is 404 naming it', async () => {
    expect(server.url.href).toBe(`http://127.0.0.1:${server.url.port}/tools`);
    const client = new Client({ name: 'official-sdk-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(server.url));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
    } finally {
      await client.close();
    }
    expect(names(await send(new URL('/tools?from=test', server.url), 'POST', {}, LIST))).toEqual(['echo']);
    expect(await send(new URL('/mcp', server.url), 'POST', {}, LIST)).toEqual({
      status: 404,
      allow: undefined,
      body: { jsonrpc: '2.0', error: { code: -32601, message: 'Not found: the MCP endpoint is /tools' }, id: null },
    });
  });

  it('MC-1, MP-3: stateless: a request needs no initialize; each 2025 client gets its own session id (for cancelling); DELETE is 405', async () => {
    expect(names(await send(server.url, 'POST', {}, LIST))).toEqual(['echo']);
    const transports = [new StreamableHTTPClientTransport(server.url), new StreamableHTTPClientTransport(server.url)];
    const clients = transports.map(() => new Client({ name: 'official-sdk-client', version: '1.0.0' }));
    try {
      await Promise.all(clients.map((client, index) => client.connect(transports[index]!)));
      const lists = await Promise.all(clients.map((client) => client.listTools()));
      expect(lists.map((list) => list.tools.map((tool) => tool.name))).toEqual([['echo'], ['echo']]);
      const sessions = transports.map((transport) => transport.sessionId);
      expect(sessions.map((session) => typeof session)).toEqual(['string', 'string']);
      expect(sessions[0]).not.toBe(sessions[1]);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
    expect(await send(server.url, 'DELETE', {})).toEqual({
      status: 405,
      allow: 'POST',
      body: {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server is stateless and serves POST only' },
        id: null,
      },
    });
  });

  it('MC-1: on loopback, 127.0.0.1, localhost and [::1] at the port are accepted as Host; another port is not', async () => {
    const port = server.url.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect(names(await send(server.url, 'POST', { Host: host }, LIST))).toEqual(['echo']);
    }
    expect(await send(server.url, 'POST', { Host: '127.0.0.1:1' }, LIST)).toEqual({
      status: 403,
      allow: undefined,
      body: { jsonrpc: '2.0', error: { code: -32000, message: 'Invalid Host header: 127.0.0.1:1' }, id: null },
    });
  });

  it('MC-1: allowedHosts replaces the loopback names', async () => {
    const proxied = await serveHttp(gate, { allowedHosts: ['tools.internal:8080'] });
    try {
      expect(names(await send(proxied.url, 'POST', { Host: 'tools.internal:8080' }, LIST))).toEqual(['echo']);
      expect((await send(proxied.url, 'POST', {}, LIST)).body).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: `Invalid Host header: 127.0.0.1:${proxied.url.port}` },
        id: null,
      });
    } finally {
      await proxied.close();
    }
  });

  it('MC-1: a port in use rejects with the listen error', async () => {
    await expect(serveHttp(gate, { port: Number(server.url.port) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('MC-1: close ends open keep-alive connections and later requests are refused', async () => {
    const closing = await serveHttp(gate);
    const agent = new Agent({ keepAlive: true });
    try {
      expect(names(await send(closing.url, 'POST', {}, LIST, agent))).toEqual(['echo']);
      const [socket] = Object.values(agent.freeSockets).flat();
      expect(socket?.destroyed).toBe(false);
      const socketClosed = new Promise((resolve) => socket?.once('close', resolve));
      await closing.close();
      await socketClosed;
      await expect(send(closing.url, 'POST', {}, LIST)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      agent.destroy();
    }
  });
});
