import {
  createExternalToolDefinition,
  ToolResult,
  ToolwrightError,
  type ExternalToolDefinition,
  type SafetyLevel,
  type SchemaProfile,
  type ToolSafety,
} from '@toolwright/core';
import { DEFAULT_GATE_TIMEOUT_MS } from '@toolwright/gate/internal';
import type { Client } from '@modelcontextprotocol/client';
import type { Tool as McpTool } from '@modelcontextprotocol/client';
import type { McpErrorCode } from '../errors/mcp-error-code.js';
import { ExternalTool } from '../tools/external-tool.js';
import { fromCallToolResult } from './from-call-tool-result.js';
import { readTransportFailure } from '../errors/transport-failure.js';
import { decideRemoteSafety } from './remote-safety.js';
import { mcpToolPrefix, toLocalToolName } from './remote-tool-name.js';

/** How an MCP server's tools become toolwright tools. */
export interface McpImportOptions {
  /** The server's name in tool names and messages. Default: the name it announced, else `server`. */
  readonly serverName?: string;
  /** Put before every remote name. Default `mcp__<server>__`; `''` keeps remote names (still held to 64 characters). */
  readonly prefix?: string;
  /** Take the server's `readOnlyHint`/`destructiveHint` at their word. Default false: every tool is WRITE, destructive. */
  readonly trustAnnotations?: boolean;
  /** Decides a tool's safety yourself; `undefined` falls back to the annotation rule. */
  readonly safety?: (definition: ExternalToolDefinition) => SafetyLevel | ToolSafety | undefined;
  /** The schema profile (SPEC SC-3). Default STANDARD. */
  readonly schemaProfile?: SchemaProfile;
  /** The SDK's own limit on one remote call, in ms. Default: the gate's default timeout, so the gate's limit decides. */
  readonly callTimeoutMs?: number;
  /**
   * Keys outside an open object schema's `properties` (SPEC MP-6): `'refuse'` (default) closes the
   * tool's schema and refuses such keys with a did-you-mean, whatever the gate's schema mode —
   * servers built on zod's default `z.object` drop them without a word; `'pass'` sends them.
   */
  readonly openObjects?: 'refuse' | 'pass';
}

const MAX_PAGES = 1_000;

/**
 * Lists a connected server's tools (every page) and turns each into an {@link ExternalTool}
 * through the one constructor (SPEC MC-2, SC-2), with origin `MCP server '<name>'`. The server
 * is one bundle: one tool that breaks the schema rules fails the import with an error naming
 * the tool, the server, the schema path and the rule. Each tool's call goes to the server's
 * `tools/call` with the gate's cancellation signal.
 */
export async function importMcpTools(client: Client, options: McpImportOptions = {}): Promise<ExternalTool[]> {
  const serverName = options.serverName ?? client.getServerVersion()?.name ?? 'server';
  const origin = `MCP server '${serverName}'`;
  const prefix = options.prefix ?? mcpToolPrefix(serverName);
  const timeout = options.callTimeoutMs ?? DEFAULT_GATE_TIMEOUT_MS;
  const tools: ExternalTool[] = [];
  const names = new Map<string, string>();
  for (const remote of await listAllTools(client, origin)) {
    const definition = createExternalToolDefinition(
      {
        name: remote.name,
        description: remote.description ?? '',
        inputSchema: remote.inputSchema,
        ...(remote.outputSchema === undefined ? {} : { outputSchema: remote.outputSchema }),
        annotations: { ...remote.annotations, ...(remote.title === undefined ? {} : { title: remote.title }) },
        origin,
      },
      options.schemaProfile === undefined ? {} : { profile: options.schemaProfile },
    );
    const name = toLocalToolName(prefix, definition.name);
    const taken = names.get(name);
    if (taken !== undefined) {
      throw new ToolwrightError(
        'DUPLICATE_TOOL',
        `${origin} lists '${taken}' and '${definition.name}', which would both be called '${name}'.`,
      );
    }
    names.set(name, definition.name);
    const safety = options.safety?.(definition) ?? decideRemoteSafety(definition, options.trustAnnotations === true);
    tools.push(
      new ExternalTool(definition, {
        name,
        safety,
        ...(options.openObjects === undefined ? {} : { openObjects: options.openObjects }),
        invoke: async (input, context) => {
          try {
            const result = await client.callTool(
              { name: definition.name, arguments: input.toJSON() },
              { signal: context.signal, timeout },
            );
            return fromCallToolResult(result);
          } catch (error) {
            const failure = readTransportFailure(error);
            if (failure === undefined) throw error;
            return ToolResult.error(failure);
          }
        },
      }),
    );
  }
  return tools;
}

async function listAllTools(client: Client, origin: string): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let result;
    try {
      result = await client.listTools(cursor === undefined ? {} : { cursor });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ToolwrightError<McpErrorCode>(
        'MCP_CONNECTION_FAILED',
        `Could not list the tools of ${origin}: ${reason}`,
        {
          cause: error,
        },
      );
    }
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    if (cursors.has(cursor)) break;
    cursors.add(cursor);
  }
  throw new ToolwrightError<McpErrorCode>(
    'MCP_CONNECTION_FAILED',
    `${origin} kept paging its tools/list without an end.`,
  );
}
