import { ToolwrightError, type ToolLogger } from '@toolwright/core';
import { Client, type Tool as McpTool } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';
import type { McpErrorCode } from '../errors/mcp-error-code.js';
import { TOOLWRIGHT_MCP_VERSION } from '../mcp-version.js';
import type { ExternalTool } from '../tools/external-tool.js';
import { McpToolSet, type McpImportOptions, type McpLogLevel } from './import-mcp-tools.js';
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

/**
 * Which protocol revision a connection opens with: `'negotiate'` asks the server (`server/discover`)
 * and speaks 2026-07-28 where it is served, else falls back to the 2025 handshake; a revision
 * speaks that one or fails to connect.
 */
export type McpRevision = 'negotiate' | '2026-07-28' | '2025-11-25';

/** Options of {@link connectMcpServer}. */
export interface McpConnectOptions extends McpImportOptions {
  /**
   * The revision to speak (MP-1). Default: `'negotiate'` over HTTP, `'2025-11-25'` over stdio —
   * every stdio server speaks it, and some (the Rust SDK's) end their process on any request
   * before `initialize`, which the probe would be; pass `'negotiate'` for a server known to take it.
   */
  readonly revision?: McpRevision;
  /** How long connecting and initialising may take, in ms. Default 30,000. */
  readonly connectTimeoutMs?: number;
  /**
   * The largest message read from the server, in bytes: a line over stdio, a JSON body or one
   * event over HTTP. Default 10 MiB (the SDK's stdio buffer). An answer over it fails that call
   * alone, with a result saying so, and the connection goes on.
   */
  readonly maxMessageBytes?: number;
  /**
   * The least level of the server's log lines to ask for (SPEC MP-6). Each line goes to the logger
   * of the call it belongs to — the one call running — else to `logger`. Default `'info'`;
   * `'off'` asks for none.
   */
  readonly logLevel?: McpLogLevel;
  /** Where a server's log line goes when no single call is running to take it. Default: nowhere. */
  readonly logger?: ToolLogger;
  /**
   * Called after the server's `tools/list_changed` was taken (SPEC MP-6), with the tools as they
   * are now: new ones added (register them with your gate if you want them), changed or withdrawn
   * ones refusing their calls (see `refusals`). A refresh that fails is told to `logger`.
   */
  readonly onToolsChanged?: (tools: readonly ExternalTool[]) => void;
  /**
   * Answers the server's questions to the user (SPEC MP-6: `elicitation/create` at a 2025
   * revision, an `input_required` round at 2026-07-28), for a host that can ask its user. With
   * it the client declares form elicitation (defaults applied to fields the answer leaves out);
   * without it the client declares none, so a server does not ask, and one that asks anyway is
   * refused (`Method not found`). A URL-mode question is declined, and so is any question when
   * the handler throws.
   */
  readonly onElicitation?: McpElicitationHandler;
}

/** A question of an MCP server to the user, as {@link McpConnectOptions.onElicitation} gets it. */
export interface McpElicitation {
  /** The server that asks, as its tools' origin names it: `MCP server 'files'`. */
  readonly origin: string;
  /** What the server says to the user (untrusted text). */
  readonly message: string;
  /** The flat object schema of the answer the server wants. */
  readonly requestedSchema: Readonly<Record<string, unknown>>;
}

/** The user's answer: `accept` with the content, `decline`, or `cancel` (dismissed). */
export type McpElicitationAnswer =
  | { readonly action: 'accept'; readonly content: Record<string, string | number | boolean | string[]> }
  | { readonly action: 'decline' | 'cancel' };

/** Asks the user a server's question; see {@link McpConnectOptions.onElicitation}. */
export type McpElicitationHandler = (question: McpElicitation) => McpElicitationAnswer | Promise<McpElicitationAnswer>;

/** A connected MCP server and its tools. */
export interface McpConnection {
  /** The SDK client, connected. */
  readonly client: Client;
  /** The server's tools as toolwright tools, ready for a ToolGate; after a `tools/list_changed`, as they are now. */
  readonly tools: readonly ExternalTool[];
  /** The pin of each tool, by its name at the server: store them, and pass them as `pins` next time. */
  readonly pins: Readonly<Record<string, string>>;
  /** Why each refused tool refuses its calls (not pinned, changed since pinned, withdrawn), by its local name. */
  readonly refusals: ReadonlyMap<string, string>;
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
  const revision = options.revision ?? ('url' in target ? 'negotiate' : '2025-11-25');
  const label = 'url' in target ? String(target.url) : target.command;
  const timeout = options.connectTimeoutMs ?? 30_000;
  let client: Client;
  // What the client's handlers reach once the tools are imported.
  const hooks: ClientHooks = {};
  try {
    client = await connectClient(target, options, revision, timeout, hooks).catch(async (error: unknown) => {
      // A server that cannot take the probe (it fails, or stays silent, on a method it does not
      // know) may still speak a 2025 revision; a refusal of the caller is no such sign.
      if (revision !== 'negotiate' || isAuthRefusal(error)) throw error;
      return connectClient(target, options, '2025-11-25', timeout, hooks);
    });
  } catch (error) {
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
    const logLevel = options.logLevel ?? 'info';
    const set = await McpToolSet.import(client, options, logLevel);
    hooks.log = (params) => set.log(params, options.logger);
    hooks.toolsChanged = (listed) => {
      const tools = set.refresh(listed, (error) =>
        options.logger?.warn(`A new tool of the MCP server ${label} was left out`, {
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
      options.onToolsChanged?.(tools);
    };
    // The 2025 revisions set the level once, for the session; 2026-07-28 asks in each call.
    if (logLevel !== 'off' && client.getProtocolEra() !== 'modern' && client.getServerCapabilities()?.logging) {
      await client.setLoggingLevel(logLevel).catch(() => undefined);
    }
    return {
      client,
      get tools() {
        return set.tools;
      },
      get pins() {
        return set.pins;
      },
      get refusals() {
        return set.refusals;
      },
      close: () => client.close(),
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** What a connection's client hands on: the server's log lines, and its changed tool listing. */
interface ClientHooks {
  log?: (params: unknown) => void;
  toolsChanged?: (tools: McpTool[]) => void;
}

/** A client connected at `revision`; closed again when connecting fails. */
async function connectClient(
  target: StdioServerTarget | HttpServerTarget,
  options: McpConnectOptions,
  revision: McpRevision,
  timeout: number,
  hooks: ClientHooks,
): Promise<Client> {
  const client = new Client(
    { name: 'toolwright', version: TOOLWRIGHT_MCP_VERSION },
    {
      jsonSchemaValidator: linearJsonSchemaValidator,
      versionNegotiation: { mode: NEGOTIATION[revision], probe: { timeoutMs: Math.min(timeout, PROBE_TIMEOUT_MS) } },
      ...(options.onElicitation === undefined
        ? {}
        : { capabilities: { elicitation: { form: { applyDefaults: true } } } }),
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (error === null && tools !== null) hooks.toolsChanged?.(tools);
          },
        },
      },
    },
  );
  client.setNotificationHandler('notifications/message', (notification) => hooks.log?.(notification.params));
  const onElicitation = options.onElicitation;
  if (onElicitation !== undefined) {
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as { mode?: string; message: string; requestedSchema?: Record<string, unknown> };
      if (params.mode === 'url' || params.requestedSchema === undefined) return { action: 'decline' };
      const origin = `MCP server '${options.serverName ?? client.getServerVersion()?.name ?? 'server'}'`;
      try {
        return await onElicitation({ origin, message: params.message, requestedSchema: params.requestedSchema });
      } catch {
        return { action: 'decline' };
      }
    });
  }
  try {
    await client.connect(createTransport(target, options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES), { timeout });
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/**
 * How long the `server/discover` probe waits. A server slower than this is spoken to at a 2025
 * revision, which it serves too; a server that never answers a method it does not know costs no more.
 */
const PROBE_TIMEOUT_MS = 5_000;

/** True for an HTTP 401 or 403: the server refused the caller, whatever its revision. */
function isAuthRefusal(error: unknown): boolean {
  const data: unknown = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  const status = typeof data === 'object' && data !== null ? (data as { status?: unknown }).status : undefined;
  return status === 401 || status === 403;
}

/** The SDK's negotiation mode for each revision choice. */
const NEGOTIATION = {
  negotiate: 'auto',
  '2026-07-28': { pin: '2026-07-28' },
  '2025-11-25': 'legacy',
} as const;

function createTransport(target: StdioServerTarget | HttpServerTarget, maxMessageBytes: number): Transport {
  if ('url' in target) {
    return new StreamableHTTPClientTransport(new URL(target.url), {
      fetch: limitHttpMessages(maxMessageBytes),
      ...(target.headers === undefined ? {} : { requestInit: { headers: { ...target.headers } } }),
    });
  }
  return new ResilientStdioTransport(target, maxMessageBytes);
}
