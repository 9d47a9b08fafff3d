// importMcpTools against real SDK servers over the SDK's in-memory transport: a low-level Server
// that lists whatever each test needs, hostile schemas included.
import { createToolUse, ToolwrightError } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server, type CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { importMcpTools } from './import-mcp-tools.js';
import { linearJsonSchemaValidator } from './linear-json-schema-validator.js';

const OBJECT = { type: 'object', properties: { q: { type: 'string' } } };
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** A client connected to a server whose tools/list answers page by page. */
async function connect(
  pages: Record<string, unknown>[][],
  onCall: (name: string, args: unknown, signal: AbortSignal) => CallToolResult | Promise<CallToolResult> = () => ({
    content: [],
  }),
): Promise<Client> {
  const server = new Server({ name: 'probe', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', (request) => {
    const page = Number(request.params?.cursor ?? 0);
    return {
      tools: pages[page] ?? [],
      ...(page + 1 < pages.length ? { nextCursor: String(page + 1) } : {}),
    } as never;
  });
  server.setRequestHandler('tools/call', (request, context) =>
    onCall(request.params.name, request.params.arguments, context.mcpReq.signal),
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' }, { jsonSchemaValidator: linearJsonSchemaValidator });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

async function importError(client: Client): Promise<[string, string]> {
  try {
    await importMcpTools(client);
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return [error.code, error.message];
    throw error;
  }
  throw new Error('the import succeeded');
}

describe('importMcpTools', () => {
  it('SC-2: one tool with a remote $ref fails the server, naming the tool, the server and the rule', async () => {
    const client = await connect([
      [
        { name: 'fine', inputSchema: OBJECT },
        { name: 'sneaky', inputSchema: { type: 'object', properties: { q: { $ref: 'http://169.254.169.254/x' } } } },
      ],
    ]);
    expect(await importError(client)).toEqual([
      'INVALID_EXTERNAL_SCHEMA',
      "External tool 'sneaky' from MCP server 'probe': inputSchema#/properties/q/$ref: $ref must start with '#' (a reference inside the schema), not 'http://169.254.169.254/x'.",
    ]);
  });

  it('SC-3: an output schema with a pattern RE2 cannot run fails the server', async () => {
    const client = await connect([
      [
        {
          name: 'lookbehind',
          inputSchema: OBJECT,
          outputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '(?<=x)y' } } },
        },
      ],
    ]);
    expect(await importError(client)).toEqual([
      'INVALID_EXTERNAL_SCHEMA',
      "External tool 'lookbehind' from MCP server 'probe': outputSchema#/properties/a/pattern: pattern '(?<=x)y' is refused: lookbehind cannot run on the linear-time engine.",
    ]);
  });

  it('SC-4: a 300 KB schema fails the server before anything compiles it', async () => {
    const client = await connect([
      [{ name: 'huge', inputSchema: { type: 'object', description: 'x'.repeat(300_000) } }],
    ]);
    expect(await importError(client)).toEqual([
      'INVALID_EXTERNAL_SCHEMA',
      "External tool 'huge' from MCP server 'probe': inputSchema#: the schema is 300034 bytes of JSON; at most 262144 (256 KB) are accepted.",
    ]);
  });

  it('MC-2: a listing the SDK itself refuses is a connection failure naming the server', async () => {
    const client = await connect([[{ name: 'not_object', inputSchema: { type: 'string' } }]]);
    const [code, message] = await importError(client);
    expect(code).toBe('MCP_CONNECTION_FAILED');
    expect(message.startsWith("Could not list the tools of MCP server 'probe': ")).toBe(true);
  });

  it('MC-2: every page of tools/list is imported', async () => {
    const client = await connect([
      [{ name: 'one', inputSchema: OBJECT }],
      [{ name: 'two', inputSchema: OBJECT }],
      [{ name: 'three', inputSchema: OBJECT }],
    ]);
    const tools = await importMcpTools(client, { serverName: 'paged' });
    expect(tools.map((tool) => tool.name)).toEqual(['mcp__paged__one', 'mcp__paged__two', 'mcp__paged__three']);
  });

  it('MC-2: two remote names that would share a local name fail the server', async () => {
    const client = await connect([
      [
        { name: 'a-b', inputSchema: OBJECT },
        { name: 'a-b', inputSchema: OBJECT },
      ],
    ]);
    expect(await importError(client)).toEqual([
      'DUPLICATE_TOOL',
      "MCP server 'probe' lists 'a-b' and 'a-b', which would both be called 'mcp__probe__a-b'.",
    ]);
  });

  it('MC-2: calls reach the remote tool with the normalised arguments; remote errors stay errors', async () => {
    const seen: unknown[] = [];
    const client = await connect(
      [[{ name: 'search', inputSchema: OBJECT, annotations: { readOnlyHint: true } }]],
      (name, args) => {
        seen.push([name, args]);
        return args && (args as { q?: string }).q === 'boom'
          ? { content: [{ type: 'text', text: 'index offline' }], isError: true }
          : { content: [{ type: 'text', text: 'found 2' }] };
      },
    );
    const gate = new ToolGate({ tools: await importMcpTools(client, { trustAnnotations: true }) });
    const ok = await gate.execute(createToolUse('1', 'mcp__probe__search', { q: 'cats', page: null }));
    const failed = await gate.execute(createToolUse('2', 'mcp__probe__search', { q: 'boom' }));
    expect([ok.isError, ok.content, failed.isError, failed.content]).toEqual([false, 'found 2', true, 'index offline']);
    expect(seen).toEqual([
      ['search', { q: 'cats' }],
      ['search', { q: 'boom' }],
    ]);
  });

  it('PO-4: a remote call that never answers is cut by the gate timeout, and the server is told to cancel', async () => {
    let serverSignal: AbortSignal | undefined;
    const client = await connect([[{ name: 'slow', inputSchema: OBJECT }]], (_name, _args, signal) => {
      serverSignal = signal;
      return new Promise<CallToolResult>(() => undefined);
    });
    const gate = new ToolGate({ tools: await importMcpTools(client, { safety: () => 'READ_ONLY' }), timeoutMs: 100 });
    const result = await gate.execute(createToolUse('1', 'mcp__probe__slow', {}));
    expect([result.isError, result.metadata.timedOut]).toEqual([true, true]);
    const deadline = Date.now() + 2_000;
    while (serverSignal?.aborted !== true && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(serverSignal?.aborted).toBe(true);
  });

  it("CO-4: a remote tool's structured payload is held to its output schema by the gate", async () => {
    const outputSchema = {
      type: 'object',
      properties: { total: { type: 'integer' } },
      required: ['total'],
      additionalProperties: false,
    };
    const client = await connect([[{ name: 'count', inputSchema: OBJECT, outputSchema }]], (_name, args) => {
      const q = (args as { q?: string }).q;
      return q === 'fits'
        ? { content: [{ type: 'text', text: '3' }], structuredContent: { total: 3 } }
        : { content: [{ type: 'text', text: 'many' }], structuredContent: { total: 'many' } };
    });
    const gate = new ToolGate({ tools: await importMcpTools(client, { safety: () => 'READ_ONLY' }) });
    const fits = await gate.execute(createToolUse('1', 'mcp__probe__count', { q: 'fits' }));
    expect([fits.isError, fits.content, fits.structured]).toEqual([false, '3', { total: 3 }]);
    const broken = await gate.execute(createToolUse('2', 'mcp__probe__count', { q: 'breaks' }));
    expect([broken.isError, broken.content, broken.structured]).toEqual([
      true,
      "The tool returned a result that breaks its output schema: Field 'total' must be an integer. The result was withheld.",
      undefined,
    ]);
    // The client held alone (without a gate) checks too, in the same words.
    await expect(client.callTool({ name: 'count', arguments: { q: 'breaks' } })).rejects.toThrow(
      "Structured content does not match the tool's output schema: Field 'total' must be an integer.",
    );
  });
});
