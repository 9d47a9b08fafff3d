// MP-1: our client speaks 2026-07-28 with a server that serves it and the 2025 handshake with one
// that does not, over HTTP and over stdio; a pinned revision the server lacks fails to connect.
import { createToolUse, ToolwrightError } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer, type McpConnectOptions } from '../src/client/connect-mcp-server.js';
import { serveHttp, type McpHttpServer } from '../src/server/serve-http.js';
import { fixturePath } from './fixture-paths.js';
import { EchoTool } from './test-tools.js';

let ours: McpHttpServer;

beforeAll(async () => {
  ours = await serveHttp(new ToolGate({ tools: [new EchoTool()], permissions: { allow: ['echo'] } }), {
    name: 'ours',
  });
});

afterAll(async () => {
  await ours.close();
});

const OUR_STDIO = { command: process.execPath, args: [fixturePath('toolwright-server.mjs')] };
const V1_STDIO = { command: process.execPath, args: [fixturePath('zod-server.mjs')] };

async function revisionOf(
  target: Parameters<typeof connectMcpServer>[0],
  options: McpConnectOptions = {},
): Promise<[string | undefined, number]> {
  const connection = await connectMcpServer(target, options);
  try {
    const [first] = connection.tools;
    const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
    const result = await gate.execute(createToolUse('1', first?.name, {}));
    // The call reached the server (its answer is the gate's, not a transport failure).
    expect(result.content).not.toMatch(/transport|connection/i);
    return [connection.client.getNegotiatedProtocolVersion(), connection.tools.length];
  } finally {
    await connection.close();
  }
}

describe('our client and the revisions', () => {
  it('MP-1: over HTTP it negotiates 2026-07-28 with a server that serves it', async () => {
    expect(await revisionOf({ url: ours.url })).toEqual(['2026-07-28', 1]);
  });

  it('MP-1: over HTTP a pinned 2025-11-25 speaks that revision', async () => {
    expect(await revisionOf({ url: ours.url }, { revision: '2025-11-25' })).toEqual(['2025-11-25', 1]);
  });

  it('MP-1: over stdio it opens with the 2025 handshake by default, and negotiates 2026-07-28 when asked', async () => {
    expect(await revisionOf(OUR_STDIO)).toEqual(['2025-11-25', 2]);
    expect(await revisionOf(OUR_STDIO, { revision: 'negotiate' })).toEqual(['2026-07-28', 2]);
  });

  it('MP-1: negotiating with a server of the v1 SDK falls back to the 2025 handshake', async () => {
    expect(await revisionOf(V1_STDIO, { revision: 'negotiate' })).toEqual(['2025-11-25', 2]);
  });

  it('MP-1: a pinned 2026-07-28 with a server that lacks it fails to connect, saying so', async () => {
    const failure = await connectMcpServer(V1_STDIO, { revision: '2026-07-28' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ToolwrightError.isInstance(failure) ? [failure.code, failure.message] : failure).toEqual([
      'MCP_CONNECTION_FAILED',
      expect.stringMatching(/^Could not connect to the MCP server .*: .*2026-07-28/),
    ]);
  });
});
