import { createToolUse } from '@toolwright/core';
import type { ToolGate } from '@toolwright/gate';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { toCallToolResult } from './to-call-tool-result.js';
import { toMcpTool } from './to-mcp-tool.js';

/** The package version, announced to clients as the default server version. */
export const TOOLWRIGHT_MCP_VERSION = '0.1.0';

/** How {@link createMcpServer} presents a gate. */
export interface McpServerOptions {
  /** The server name clients see. Default `toolwright`. */
  readonly name?: string;
  /** The server version clients see. Default this package's version. */
  readonly version?: string;
  /** Instructions for the client's model, sent at initialisation. */
  readonly instructions?: string;
  /** The working directory of every call. Default: the gate's. */
  readonly cwd?: string;
}

/**
 * An MCP server (the SDK's low-level `Server`, raw JSON schemas) in front of a gate (SPEC MC-1).
 * `tools/list` offers what the gate offers under its run options; every `tools/call` goes through
 * `gate.execute` — lookup, policies, permissions, limits, validation, timeout, output limit —
 * with the client's cancellation as the call's signal. Errors are `isError` results, never
 * protocol errors, so the client's model reads the gate's sentences.
 */
export function createMcpServer(gate: ToolGate, options: McpServerOptions = {}): Server {
  const server = new Server(
    { name: options.name ?? 'toolwright', version: options.version ?? TOOLWRIGHT_MCP_VERSION },
    {
      capabilities: { tools: {} },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: gate.offeredTools().map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const toolUse = createToolUse(String(extra.requestId), request.params.name, request.params.arguments ?? {});
    const result = await gate.execute(toolUse, {
      signal: extra.signal,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    return toCallToolResult(result);
  });
  return server;
}
