// The official clients our server must serve (MP-1): the SDK v2 client at 2026-07-28 and at
// 2025-11-25, and the v1 client (`@modelcontextprotocol/sdk`), which knows only the 2025 revisions.
// Each is driven through one small interface, so a test runs unchanged against all three.
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, LOG_LEVEL_META_KEY, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** Where a client connects: a command over stdio, or a URL over Streamable HTTP. */
export type ClientTarget =
  | { readonly command: string; readonly args: readonly string[] }
  | { readonly url: URL; readonly headers?: Readonly<Record<string, string>> };

/** A progress update as a client reports it. */
export interface ClientProgress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** What the tests do with a client, whichever SDK and revision it is. */
export interface SdkClient {
  /** The revision the connection speaks. */
  readonly protocolVersion: string | undefined;
  /** The server's name and version. */
  readonly serverVersion: { readonly name: string; readonly version: string } | undefined;
  /** The child's pid, for a stdio client. */
  readonly pid: number | undefined;
  listTools(): Promise<{ tools: Record<string, unknown>[] }>;
  /** Calls a tool; its result without the revision's bookkeeping (`_meta` the server adds to every result). */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: { onProgress?: (progress: ClientProgress) => void; signal?: AbortSignal },
  ): Promise<Record<string, unknown>>;
  /** Log notifications received, as `{ level, logger, data }`. */
  readonly logs: Record<string, unknown>[];
  /** Asks for log lines at `level` and above. */
  setLoggingLevel(level: 'debug' | 'info' | 'warning' | 'error'): Promise<void>;
  close(): Promise<void>;
}

/** One of the clients, and how to connect it. */
export interface SdkClientKind {
  /** How the client is named in a test's title. */
  readonly label: string;
  /** The revision it must end up speaking. */
  readonly revision: '2026-07-28' | '2025-11-25';
  connect(target: ClientTarget): Promise<SdkClient>;
}

const INFO = { name: 'official-sdk-client', version: '1.0.0' };

/** The three clients. */
export const SDK_CLIENTS: readonly SdkClientKind[] = [
  { label: 'the SDK v2 client at 2026-07-28', revision: '2026-07-28', connect: (target) => connectV2(target, 'auto') },
  {
    label: 'the SDK v2 client at 2025-11-25',
    revision: '2025-11-25',
    connect: (target) => connectV2(target, 'legacy'),
  },
  { label: 'the SDK v1 client', revision: '2025-11-25', connect: connectV1 },
];

async function connectV2(target: ClientTarget, mode: 'auto' | 'legacy'): Promise<SdkClient> {
  const client = new Client(INFO, { versionNegotiation: { mode } });
  const logs: Record<string, unknown>[] = [];
  client.setNotificationHandler('notifications/message', (notification) => {
    logs.push({ ...notification.params });
  });
  const transport =
    'url' in target
      ? new StreamableHTTPClientTransport(target.url, {
          ...(target.headers === undefined ? {} : { requestInit: { headers: { ...target.headers } } }),
        })
      : new StdioClientTransport({ command: target.command, args: [...target.args] });
  await client.connect(transport);
  const pid = transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined;
  let logLevel: string | undefined;
  return {
    protocolVersion: client.getNegotiatedProtocolVersion(),
    serverVersion: client.getServerVersion(),
    pid,
    logs,
    listTools: async () => withoutMeta(await client.listTools()) as { tools: Record<string, unknown>[] },
    callTool: async (name, args, options = {}) =>
      withoutMeta(
        await client.callTool(
          { name, arguments: args, ...(logLevel === undefined ? {} : { _meta: { [LOG_LEVEL_META_KEY]: logLevel } }) },
          {
            ...(options.onProgress === undefined ? {} : { onprogress: options.onProgress }),
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          },
        ),
      ),
    // 2026-07-28 names the level in each request's envelope; the 2025 revisions set it once.
    setLoggingLevel: async (level) => {
      if (client.getProtocolEra() === 'modern') logLevel = level;
      else await client.setLoggingLevel(level);
    },
    close: () => client.close(),
  };
}

async function connectV1(target: ClientTarget): Promise<SdkClient> {
  const { LoggingMessageNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const client = new V1Client(INFO);
  const logs: Record<string, unknown>[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    logs.push({ ...notification.params });
  });
  const transport: (V1HttpTransport | V1StdioTransport) & { setProtocolVersion?: (version: string) => void } =
    'url' in target
      ? new V1HttpTransport(target.url, {
          ...(target.headers === undefined ? {} : { requestInit: { headers: { ...target.headers } } }),
        })
      : new V1StdioTransport({ command: target.command, args: [...target.args] });
  // The v1 client tells its transport the revision the server answered with, and keeps it nowhere else.
  let negotiated: string | undefined;
  const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version: string) => {
    negotiated = version;
    setProtocolVersion?.(version);
  };
  await client.connect(transport);
  const pid = transport instanceof V1StdioTransport ? (transport.pid ?? undefined) : undefined;
  return {
    protocolVersion: negotiated,
    serverVersion: client.getServerVersion(),
    pid,
    logs,
    listTools: async () => (await client.listTools()) as { tools: Record<string, unknown>[] },
    callTool: async (name, args, options = {}) =>
      (await client.callTool({ name, arguments: args }, undefined, {
        ...(options.onProgress === undefined ? {} : { onprogress: options.onProgress }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      })) as Record<string, unknown>,
    setLoggingLevel: async (level) => void (await client.setLoggingLevel(level)),
    close: () => client.close(),
  };
}

/** A result without the server identity 2026-07-28 puts in every result's `_meta` (and without `_meta` when that was all). */
function withoutMeta(result: object): Record<string, unknown> {
  const { _meta: meta, ...rest } = result as Record<string, unknown> & { _meta?: Record<string, unknown> };
  if (meta === undefined) return rest;
  const { 'io.modelcontextprotocol/serverInfo': _serverInfo, ...others } = meta;
  return Object.keys(others).length === 0 ? rest : { ...rest, _meta: others };
}
