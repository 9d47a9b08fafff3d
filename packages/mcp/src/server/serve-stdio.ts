import type { ToolGate } from '@toolwright/gate';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import { createMcpServer, type McpServerOptions } from './create-mcp-server.js';

/** Options of {@link serveStdio}. */
export interface StdioServeOptions extends McpServerOptions {
  /** Where requests come from. Default `process.stdin`. */
  readonly stdin?: Readable;
  /** Where responses go. Default `process.stdout` (so log to stderr, never stdout). */
  readonly stdout?: Writable;
}

/** A running MCP server. */
export interface McpServerHandle {
  /** The SDK server, for notifications or extra handlers. */
  readonly server: Server;
  /** Stops serving and closes the transport. */
  close(): Promise<void>;
}

/** Serves a gate's tools over stdio (SPEC MC-1, CL-5): one client, newline-delimited JSON-RPC. */
export async function serveStdio(gate: ToolGate, options: StdioServeOptions = {}): Promise<McpServerHandle> {
  const server = createMcpServer(gate, options);
  await server.connect(new StdioServerTransport(options.stdin, options.stdout));
  return { server, close: () => server.close() };
}
