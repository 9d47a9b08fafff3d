import { createToolUse } from '@toolwright/core';
import type { CallOptions, ToolGate } from '@toolwright/gate';
import {
  ProtocolErrorCode,
  Server,
  specTypeSchemas,
  type JSONRPCRequest,
  type LoggingLevel,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { NotifyingRequest } from './call-notifications.js';
import { LOG_LEVELS } from './session-log-levels.js';
import { TOOLWRIGHT_MCP_VERSION } from '../mcp-version.js';
import { CallChannel } from './call-channel.js';
import { clientApprover, DEFAULT_CLIENT_APPROVAL_TIMEOUT_MS } from './client-approver.js';
import { inputRequiredStep } from './input-required-approval.js';
import { readToolsCall, type ToolsCall } from './read-tools-call.js';
import { toCallToolResult } from './to-call-tool-result.js';
import { toMcpTool } from './to-mcp-tool.js';

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
  /**
   * Whether an ask rule asks the MCP client's user, when its client can be asked (SPEC MP-5: it
   * declared form elicitation — at 2026-07-28 through an `input_required` round trip, at a 2025
   * revision over a connection that keeps the client's capabilities, stdio). Default true; false
   * leaves ask rules to the gate's approver, as for a client that cannot be asked.
   */
  readonly askClient?: boolean;
  /** How long the client's user has to answer, in ms. Default 5 minutes; then the call is denied. */
  readonly askTimeoutMs?: number;
}

/**
 * An MCP server (the SDK's low-level `Server`, raw JSON schemas) in front of a gate (SPEC MC-1).
 * `tools/list` offers what the gate offers under its run options; every `tools/call` goes through
 * `gate.execute` — lookup, policies, permissions, limits, validation, timeout, output limit —
 * with the client's cancellation as the call's signal. Errors are `isError` results, never
 * protocol errors, so the client's model reads the gate's sentences.
 *
 * While a call runs, the tool's `context.progress(...)` reaches the client as
 * `notifications/progress` when the request asked for progress (`_meta.progressToken`), and the
 * tool's logger as `notifications/message` (the server declares `logging` and honours the
 * client's `logging/setLevel`); both are sent before the call's result (SPEC IN-6).
 *
 * The gate gets the arguments exactly as the client sent them. A handler registered with
 * `setRequestHandler` would receive them rebuilt by the SDK's schema, which drops an own
 * `__proto__` key (a JSON parse keeps it as data): the call would run without it, where the CLI
 * refuses it as an unknown parameter. So `tools/call` is answered by the fallback handler, which
 * receives the request as the transport parsed it, after the same check of its shape.
 */
export function createMcpServer(gate: ToolGate, options: McpServerOptions = {}): Server {
  return createGateServer(gate, options, {});
}

/** What the HTTP server knows of a request that the SDK's server, made for that request alone, does not. */
export interface ServedRequest {
  /** Stops the call beside the SDK's own signal: a client that went away, a cancellation the SDK cannot route. */
  readonly stop?: AbortSignal;
  /** The log level the client's session asked for with `logging/setLevel` (2025 revisions). */
  readonly logLevel?: LoggingLevel;
}

/** {@link createMcpServer} for one request the HTTP server serves: its stop signal and its session's log level. */
export function createGateServer(gate: ToolGate, options: McpServerOptions, served: ServedRequest): Server {
  const { stop, logLevel } = served;
  const server = new Server(
    { name: options.name ?? 'toolwright', version: options.version ?? TOOLWRIGHT_MCP_VERSION },
    {
      capabilities: { tools: {}, logging: {} },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  const askClient = options.askClient ?? true;
  const askTimeoutMs = options.askTimeoutMs ?? DEFAULT_CLIENT_APPROVAL_TIMEOUT_MS;
  server.setRequestHandler('tools/list', () => ({ tools: gate.offeredTools().map(toMcpTool) }));
  server.fallbackRequestHandler = async (request, context) => {
    // What the SDK answers for a method without a handler, word for word.
    if (request.method !== 'tools/call') throw protocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    const { name, progressToken } = readToolsCall(request) ?? checkedToolsCall(request);
    const toolUse = createToolUse(String(context.mcpReq.id), name, rawArguments(request) ?? {});
    const channel = new CallChannel(logLevel === undefined ? context : atLevel(context, logLevel), name, progressToken);
    const onProgress = channel.onProgress;
    const call: CallOptions = {
      signal: stop === undefined ? context.mcpReq.signal : AbortSignal.any([context.mcpReq.signal, stop]),
      logger: channel,
      ...(onProgress === undefined ? {} : { onProgress }),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    };
    let approver = askClient ? clientApprover(server, context, askTimeoutMs) : undefined;
    // Only a 2026-07-28 request (it carries an envelope) can be asked through input_required.
    if (askClient && approver === undefined && context.mcpReq.envelope !== undefined) {
      const step = await inputRequiredStep(gate, context, toolUse, call, askTimeoutMs);
      if (step.kind === 'ask') return step.result;
      approver = step.approver;
    }
    const result = await gate.execute(toolUse, approver === undefined ? call : { ...call, approver });
    // Progress and logs of the call go out before its result: a client drops progress for a finished request.
    const sent = CallChannel.sent(channel);
    if (sent !== undefined) await sent;
    return toCallToolResult(result, gate.registry.resolve(name));
  };
  return server;
}

/** The request's notifications, its log lines below `least` left out (the SDK's server never saw the level set). */
function atLevel(context: ServerContext, least: LoggingLevel): NotifyingRequest {
  const floor = LOG_LEVELS.indexOf(least);
  return {
    mcpReq: {
      notify: (notification) => context.mcpReq.notify(notification),
      log: (level, data, logger) =>
        LOG_LEVELS.indexOf(level) < floor ? Promise.resolve() : context.mcpReq.log(level, data, logger),
    },
  };
}

/** A `tools/call` request checked with the SDK's own schema; throws its invalid-params error. */
function checkedToolsCall(request: JSONRPCRequest): ToolsCall {
  const checked = specTypeSchemas.CallToolRequest['~standard'].validate(request);
  if (checked.issues !== undefined) {
    const problems = checked.issues.map((issue) => `${(issue.path ?? []).map(pathKey).join('.')}: ${issue.message}`);
    throw protocolError(ProtocolErrorCode.InvalidParams, `Invalid tools/call request: ${problems.join('; ')}`);
  }
  const { name, _meta: meta } = checked.value.params;
  return meta?.progressToken === undefined ? { name } : { name, progressToken: meta.progressToken };
}

function pathKey(segment: PropertyKey | { readonly key: PropertyKey }): string {
  return String(typeof segment === 'object' ? segment.key : segment);
}

/** An error the SDK answers with as a JSON-RPC error: this code, this message. */
function protocolError(code: ProtocolErrorCode, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** A `tools/call` request's arguments as the transport parsed them (own `__proto__` keys included). */
function rawArguments(request: JSONRPCRequest): unknown {
  const params: unknown = request.params;
  return typeof params === 'object' && params !== null && Object.hasOwn(params, 'arguments')
    ? (params as { arguments?: unknown }).arguments
    : undefined;
}
