import type { ToolGate } from '@toolwright/gate';
import { serveStdio as serveSdkStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
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
  /** Stops serving and closes the transport. */
  close(): Promise<void>;
}

/**
 * Serves a gate's tools over stdio (SPEC MC-1, CL-5, MP-1): one client, newline-delimited
 * JSON-RPC, at the revision the client opens with — 2026-07-28 (`server/discover`) or a 2025 one
 * (`initialize`). The connection keeps that revision for its life.
 */
export async function serveStdio(gate: ToolGate, options: StdioServeOptions = {}): Promise<McpServerHandle> {
  const handle = serveSdkStdio(() => createMcpServer(gate, options), {
    transport: new StdioServerTransport(options.stdin, options.stdout),
  });
  return Promise.resolve({ close: () => handle.close() });
}
