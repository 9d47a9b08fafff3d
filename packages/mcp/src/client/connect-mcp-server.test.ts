import { ToolwrightError } from '@toolwright/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectMcpServer } from './connect-mcp-server.js';

async function failure(connect: () => Promise<unknown>): Promise<[string, string]> {
  try {
    await connect();
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return [error.code, error.message];
    throw error;
  }
  throw new Error('the connection succeeded');
}

describe('connectMcpServer', () => {
  it('MC-2: a command that cannot start is a connection failure naming it', async () => {
    expect(await failure(() => connectMcpServer({ command: '/nonexistent/mcp-server', stderr: 'ignore' }))).toEqual([
      'MCP_CONNECTION_FAILED',
      'Could not connect to the MCP server /nonexistent/mcp-server: spawn /nonexistent/mcp-server ENOENT',
    ]);
  });

  it('MC-2: a process that exits instead of answering is a connection failure', async () => {
    const [code, message] = await failure(() =>
      connectMcpServer({ command: process.execPath, args: ['-e', 'process.exit(3)'], stderr: 'ignore' }),
    );
    expect([code, message]).toEqual([
      'MCP_CONNECTION_FAILED',
      `Could not connect to the MCP server ${process.execPath}: Connection closed`,
    ]);
  });

  it('MC-2: an HTTP endpoint that is not an MCP server is a connection failure naming the URL', async () => {
    const http = createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    try {
      const [code, message] = await failure(() => connectMcpServer({ url }));
      expect(code).toBe('MCP_CONNECTION_FAILED');
      expect(message.startsWith(`Could not connect to the MCP server ${url}: `)).toBe(true);
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
