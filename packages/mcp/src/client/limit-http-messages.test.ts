import { createToolUse } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer, type McpConnection } from './connect-mcp-server.js';
import { answerTooLarge } from '../errors/transport-failure.js';

const LIMIT = 64 * 1024;

/** The answer to a call of each tool of the hostile server: written in pieces, as a real server might. */
const behaviours: Record<string, (id: number, response: ServerResponse) => void> = {
  big_json: (id, response) => json(response, { jsonrpc: '2.0', id, result: text('j'.repeat(LIMIT * 4)) }),
  small_json: (id, response) => json(response, { jsonrpc: '2.0', id, result: text('j'.repeat(LIMIT - 500)) }),
  big_event: (id, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'n'.repeat(LIMIT * 4) },
    });
    for (let start = 0; start < huge.length; start += 10_000)
      response.write(`${start === 0 ? 'event: message\ndata: ' : ''}${huge.slice(start, start + 10_000)}`);
    response.write('\n\n');
    response.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, result: text('late') })}\n\n`);
  },
  crlf_events: (id, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const events = `: comment\r\n\r\nevent: message\r\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'log' } })}\r\n\r\nevent: message\r\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, result: text('after two events') })}\n\n`;
    for (let start = 0; start < events.length; start += 7) response.write(events.slice(start, start + 7));
    response.end();
  },
};

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A Streamable HTTP MCP server on raw JSON-RPC, statelessly answering each POST. */
function answer(request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'POST') return void response.writeHead(405).end();
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      id?: number;
      method: string;
      params?: { name: string };
    };
    if (message.id === undefined) return void response.writeHead(202).end();
    if (message.method === 'initialize') {
      return json(response, {
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'hostile-http', version: '1' },
        },
      });
    }
    if (message.method === 'tools/list') {
      const tools = Object.keys(behaviours).map((name) => ({
        name,
        description: name,
        inputSchema: { type: 'object' },
      }));
      return json(response, { jsonrpc: '2.0', id: message.id, result: { tools } });
    }
    // A 2025-only server that fails on the 2026-07-28 probe: the client falls back to `initialize`.
    if (message.method === 'server/discover') return void response.writeHead(500).end();
    const behaviour = behaviours[message.params?.name ?? ''];
    if (message.method !== 'tools/call' || behaviour === undefined) {
      return json(response, { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
    }
    behaviour(message.id, response);
  });
}

let http: Server;
let connection: McpConnection;
let gate: ToolGate;

beforeAll(async () => {
  http = createServer(answer);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  connection = await connectMcpServer({ url }, { prefix: '', maxMessageBytes: LIMIT });
  gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true, maxToolOutputChars: 1_000_000 } });
});

afterAll(async () => {
  await connection.close();
  await new Promise((resolve) => http.close(resolve));
});

const call = async (name: string): Promise<[boolean, string]> => {
  const result = await gate.execute(createToolUse(name, name, {}));
  return [result.isError, result.content];
};

describe('limitHttpMessages, the HTTP client holding each message of the server to the limit', () => {
  it('MP-1: a server that fails the 2026-07-28 probe is spoken to at the 2025 revision it answers with', () => {
    expect(connection.client.getNegotiatedProtocolVersion()).toBe('2025-06-18');
  });

  it('MC-2: a JSON answer over the limit fails that call alone; one under it comes whole', async () => {
    expect(await call('big_json')).toEqual([true, answerTooLarge(LIMIT)]);
    expect(await call('small_json')).toEqual([false, 'j'.repeat(LIMIT - 500)]);
  });

  it("MC-2: an event over the limit on a call's stream is dropped as it arrives and fails the call; the next call works", async () => {
    expect(await call('big_event')).toEqual([true, answerTooLarge(LIMIT)]);
    expect(await call('small_json')).toEqual([false, 'j'.repeat(LIMIT - 500)]);
  });

  it('MC-2: events under the limit pass whole, with CRLF and LF line ends, in pieces of any size', async () => {
    expect(await call('crlf_events')).toEqual([false, 'after two events']);
  });
});
