import { ToolwrightError } from '@toolwright/core';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';
import type { McpErrorCode } from '../errors/mcp-error-code.js';
import { TOOLWRIGHT_MCP_VERSION } from '../mcp-version.js';
import type { ExternalTool } from '../tools/external-tool.js';
import { importMcpTools, type McpImportOptions } from './import-mcp-tools.js';
import { limitHttpMessages } from './limit-http-messages.js';
import { linearJsonSchemaValidator } from './linear-json-schema-validator.js';
import { ResilientStdioTransport } from './stdio/resilient-stdio-transport.js';
import type { StdioServerTarget } from './stdio/stdio-server-target.js';

export type { StdioServerTarget } from './stdio/stdio-server-target.js';

/** An MCP server to reach over Streamable HTTP. */
export interface HttpServerTarget {
  /** The endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string | URL;
  /** Headers sent with every request (authorisation, …). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The default of `maxMessageBytes`: 10 MiB, the SDK's own stdio buffer. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Options of {@link connectMcpServer}. */
export interface McpConnectOptions extends McpImportOptions {
  /** How long connecting and initialising may take, in ms. Default 30,000. */
  readonly connectTimeoutMs?: number;
  /**
   * The largest message read from the server, in bytes: a line over stdio, a JSON body or one
   * event over HTTP. Default 10 MiB (the SDK's stdio buffer). An answer over it fails that call
   * alone, with a result saying so, and the connection goes on.
   */
  readonly maxMessageBytes?: number;
}

/** A connected MCP server and its tools. */
export interface McpConnection {
  /** The SDK client, connected. */
  readonly client: Client;
  /** The server's tools as toolwright tools, ready for a ToolGate. */
  readonly tools: readonly ExternalTool[];
  /** Disconnects (and ends a stdio server's process). */
  close(): Promise<void>;
}

/**
 * Connects to an MCP server — a command over stdio or a URL over Streamable HTTP — with the SDK
 * client, and imports its tools (SPEC MC-2). The client validates output schemas on core's
 * linear-time validator. A server that cannot be reached or initialised throws
 * `MCP_CONNECTION_FAILED`; a tool that breaks the schema rules fails the whole server
 * (`INVALID_EXTERNAL_SCHEMA`); either way the connection is closed first.
 */
export async function connectMcpServer(
  target: StdioServerTarget | HttpServerTarget,
  options: McpConnectOptions = {},
): Promise<McpConnection> {
  const client = new Client(
    { name: 'toolwright', version: TOOLWRIGHT_MCP_VERSION },
    { jsonSchemaValidator: linearJsonSchemaValidator },
  );
  const label = 'url' in target ? String(target.url) : target.command;
  try {
    await client.connect(createTransport(target, options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES), {
      timeout: options.connectTimeoutMs ?? 30_000,
    });
  } catch (error) {
    await client.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolwrightError<McpErrorCode>(
      'MCP_CONNECTION_FAILED',
      `Could not connect to the MCP server ${label}: ${reason}`,
      {
        cause: error,
      },
    );
  }
  try {
    const tools = await importMcpTools(client, options);
    return { client, tools, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

function createTransport(target: StdioServerTarget | HttpServerTarget, maxMessageBytes: number): Transport {
  if ('url' in target) {
    return new StreamableHTTPClientTransport(new URL(target.url), {
      fetch: limitHttpMessages(maxMessageBytes),
      ...(target.headers === undefined ? {} : { requestInit: { headers: { ...target.headers } } }),
    });
  }
  return new ResilientStdioTransport(target, maxMessageBytes);
}
