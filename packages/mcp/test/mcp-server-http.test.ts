// MC-1 over Streamable HTTP on 127.0.0.1 (an ephemeral port): the official SDK client, and our
// own client, against our server.
import { createToolUse } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer } from '../src/client/connect-mcp-server.js';
import { serveHttp, type McpHttpServer } from '../src/server/serve-http.js';
import { eventMessages, exchange } from './http-exchange.js';
import { SDK_CLIENTS } from './sdk-clients.js';
import { EchoTool } from './test-tools.js';

let server: McpHttpServer;

beforeAll(async () => {
  const gate = new ToolGate({ tools: [new EchoTool()], permissions: { allow: ['echo'] }, schemaValidation: 'ENFORCE' });
  server = await serveHttp(gate, { name: 'toolwright-http' });
});

afterAll(async () => {
  await server.close();
});

async function post(body: string, headers: Record<string, string> = {}): Promise<[number, unknown]> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body,
  });
  const text = await response.text();
  const streamed = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  return [response.status, streamed ? eventMessages(text).at(-1) : JSON.parse(text)];
}

describe('our MCP server over Streamable HTTP', () => {
  it('MC-1: listens on 127.0.0.1 with an ephemeral port at /mcp', () => {
    expect(server.url.hostname).toBe('127.0.0.1');
    expect(server.url.pathname).toBe('/mcp');
    expect(Number(server.url.port)).toBeGreaterThan(0);
  });

  it.each(SDK_CLIENTS)(
    'MC-1, MP-1: $label lists and calls through the gate, errors as isError results',
    async (kind) => {
      const client = await kind.connect({ url: server.url });
      try {
        expect([client.protocolVersion, client.serverVersion?.name]).toEqual([kind.revision, 'toolwright-http']);
        expect((await client.listTools()).tools.map((tool) => [tool.name, tool.annotations])).toEqual([
          ['echo', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
        ]);
        expect(await client.callTool('echo', { text: 'hi', times: 2 })).toEqual({
          content: [{ type: 'text', text: 'hi hi' }],
        });
        expect(await client.callTool('echo', { txet: 'hi' })).toEqual({
          content: [
            { type: 'text', text: "Unknown parameter 'txet'. Did you mean 'text'? The tool was not executed." },
          ],
          isError: true,
        });
      } finally {
        await client.close();
      }
    },
  );

  it("TC-1/MC-1: a raw tools/call whose JSON has a '__proto__' key is refused as an unknown parameter", async () => {
    const body =
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi","__proto__":{"times":3}}}}';
    expect(await post(body)).toEqual([
      200,
      {
        jsonrpc: '2.0',
        id: 7,
        result: {
          content: [{ type: 'text', text: "Unknown parameter '__proto__'. The tool was not executed." }],
          isError: true,
        },
      },
    ]);
  });

  it('MC-1, MC-2: our client imports the tools of our HTTP server and calls them through a second gate', async () => {
    const connection = await connectMcpServer({ url: server.url }, { trustAnnotations: true });
    try {
      const [echo] = connection.tools;
      expect(connection.tools.map((tool) => [tool.name, tool.safety.level])).toEqual([
        ['mcp__toolwright-http__echo', 'READ_ONLY'],
      ]);
      const local = new ToolGate({ tools: connection.tools, schemaValidation: 'ENFORCE' });
      const ok = await local.execute(createToolUse('1', echo?.name, { text: 'x' }));
      expect([ok.isError, ok.content]).toEqual([false, 'x']);
    } finally {
      await connection.close();
    }
  });

  it('MC-1: a GET is 405, another path 404, a body that is not JSON a parse error', async () => {
    const get = await fetch(server.url, { headers: { Accept: 'text/event-stream' } });
    expect([get.status, get.headers.get('allow'), await get.json()]).toEqual([
      405,
      'POST',
      {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server is stateless and serves POST only' },
        id: null,
      },
    ]);
    expect((await fetch(new URL('/other', server.url), { method: 'POST', body: '{}' })).status).toBe(404);
    expect(await post('{not json')).toEqual([
      400,
      { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the request body is not JSON' }, id: null },
    ]);
  });

  it('MC-1: a Host header other than a loopback name is refused (DNS rebinding)', async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const { status, body } = await exchange(server.url, { headers: [['Host', 'evil.example']], body: initialize });
    expect([status, body]).toEqual([
      403,
      { jsonrpc: '2.0', error: { code: -32000, message: 'Invalid Host header: evil.example' }, id: null },
    ]);
  });

  it('MC-1: a body over maxBodyBytes is refused with 413 and not kept', async () => {
    const small = await serveHttp(new ToolGate({ tools: [new EchoTool()] }), { maxBodyBytes: 100 });
    try {
      const response = await fetch(small.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(200) }),
      });
      expect([response.status, await response.json()]).toEqual([
        413,
        { jsonrpc: '2.0', error: { code: -32600, message: 'Request body over 100 bytes' }, id: null },
      ]);
    } finally {
      await small.close();
    }
  });
});
