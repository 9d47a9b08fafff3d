import {
  createExternalToolDefinition,
  ToolResult,
  ToolwrightError,
  type ExternalToolDefinition,
  type SafetyLevel,
  type SchemaProfile,
  type ToolContext,
  type ToolLogger,
  type ToolSafety,
} from '@toolwright/core';
import { DEFAULT_GATE_TIMEOUT_MS } from '@toolwright/gate/internal';
import { LOG_LEVEL_META_KEY, type Client, type Tool as McpTool } from '@modelcontextprotocol/client';
import type { McpErrorCode } from '../errors/mcp-error-code.js';
import { ExternalTool } from '../tools/external-tool.js';
import { fromCallToolResult } from './from-call-tool-result.js';
import { readTransportFailure } from '../errors/transport-failure.js';
import { forwardRemoteLog } from './remote-log.js';
import { decideRemoteSafety } from './remote-safety.js';
import { mcpToolPin, pinDifference } from './remote-tool-pin.js';
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
  /**
   * The pins of the tools to accept, by their names at the server (see {@link mcpToolPin}; a
   * connection's `pins` are what to store). A tool whose definition differs from its pin, or
   * that has none here, is imported but refuses every call, saying what changed. Default: each
   * tool is pinned as imported, so a later change (`tools/list_changed`) is refused all the same.
   */
  readonly pins?: Readonly<Record<string, string>>;
}

const MAX_PAGES = 1_000;

/**
 * Lists a connected server's tools (every page) and turns each into an {@link ExternalTool}
 * through the one constructor (SPEC MC-2, SC-2), with origin `MCP server '<name>'`. The server
 * is one bundle: one tool that breaks the schema rules fails the import with an error naming
 * the tool, the server, the schema path and the rule. Each tool's call goes to the server's
 * `tools/call` with the gate's cancellation signal, and the server's progress for it reaches
 * the tool's `context.progress` (SPEC MP-6). With `pins`, a tool whose definition differs from
 * its pin, or that has none, is imported but refuses every call, saying what changed.
 */
export async function importMcpTools(client: Client, options: McpImportOptions = {}): Promise<ExternalTool[]> {
  return (await McpToolSet.import(client, options)).tools;
}

/** A level of the server's log lines to ask for, or `'off'` for none. */
export type McpLogLevel =
  'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency' | 'off';

/**
 * The tools imported from one server, kept up to date (SPEC MP-6): a `tools/list_changed`
 * refresh adds the server's new tools, and refuses the calls of a tool whose definition no longer
 * matches its pin (or that the server no longer offers), naming what changed; the server's log
 * lines go to the logger of the call they belong to.
 */
export class McpToolSet {
  readonly #client: Client;
  readonly #options: McpImportOptions;
  readonly #origin: string;
  readonly #prefix: string;
  readonly #timeout: number;
  readonly #logLevel: McpLogLevel;
  readonly #entries = new Map<string, { readonly tool: ExternalTool; readonly pin: string }>();
  readonly #refusals = new Map<string, string>();
  readonly #names = new Map<string, string>();
  readonly #calls = new Set<ToolContext>();

  private constructor(client: Client, options: McpImportOptions, logLevel: McpLogLevel) {
    this.#client = client;
    this.#options = options;
    const serverName = options.serverName ?? client.getServerVersion()?.name ?? 'server';
    this.#origin = `MCP server '${serverName}'`;
    this.#prefix = options.prefix ?? mcpToolPrefix(serverName);
    this.#timeout = options.callTimeoutMs ?? DEFAULT_GATE_TIMEOUT_MS;
    this.#logLevel = logLevel;
  }

  /** Imports the server's tools; `logLevel` is what each call asks for at revision 2026-07-28. */
  static async import(client: Client, options: McpImportOptions, logLevel: McpLogLevel = 'off'): Promise<McpToolSet> {
    const set = new McpToolSet(client, options, logLevel);
    for (const remote of await listAllTools(client, set.#origin)) set.#add(remote, true);
    return set;
  }

  /** The tools, in the order the server first listed them. */
  get tools(): ExternalTool[] {
    return [...this.#entries.values()].map((entry) => entry.tool);
  }

  /** The pin of each tool, by its name at the server: what to store and pass as `pins` next time. */
  get pins(): Record<string, string> {
    return Object.fromEntries([...this.#entries].map(([name, entry]) => [name, entry.pin]));
  }

  /** Why each refused tool refuses its calls, by its local name. */
  get refusals(): ReadonlyMap<string, string> {
    return new Map([...this.#refusals].map(([remote, reason]) => [this.#entries.get(remote)!.tool.name, reason]));
  }

  /**
   * Takes the server's new listing: a tool whose definition differs from its pin, or that is no
   * longer listed, refuses its calls from now on; one that is back as pinned is served again; a
   * new tool is added (refused if `pins` were given, as it has none). A new tool that breaks the
   * schema rules is left out, its failure told to `onError`. Returns the tools after the change.
   */
  refresh(listed: readonly McpTool[], onError?: (error: unknown) => void): ExternalTool[] {
    const seen = new Set<string>();
    for (const remote of listed) {
      seen.add(remote.name);
      const entry = this.#entries.get(remote.name);
      if (entry === undefined) {
        try {
          this.#add(remote, false);
        } catch (error) {
          onError?.(error);
        }
        continue;
      }
      const pin = mcpToolPin(remote);
      if (pin === entry.pin) this.#refusals.delete(remote.name);
      else this.#refusals.set(remote.name, this.#changed(remote.name, entry.pin, pin));
    }
    for (const name of this.#entries.keys()) {
      if (!seen.has(name))
        this.#refusals.set(name, `${this.#origin} no longer offers the tool '${name}': it was not called.`);
    }
    return this.tools;
  }

  /** A log line of the server: to the logger of the one call running, else to `fallback`. */
  log(params: unknown, fallback: ToolLogger | undefined): void {
    const [only, ...others] = this.#calls;
    const logger = only !== undefined && others.length === 0 ? only.logger : fallback;
    if (logger !== undefined) forwardRemoteLog(params, this.#origin, logger);
  }

  #changed(name: string, pinned: string, now: string): string {
    return `${this.#origin} changed the tool '${name}' since it was pinned (${pinDifference(pinned, now)} differ): it is refused until it is pinned again, and was not called. Its pin now is ${now}.`;
  }

  #add(remote: McpTool, atImport: boolean): void {
    const options = this.#options;
    const definition = createExternalToolDefinition(
      {
        name: remote.name,
        description: remote.description ?? '',
        inputSchema: remote.inputSchema,
        ...(remote.outputSchema === undefined ? {} : { outputSchema: remote.outputSchema }),
        annotations: { ...remote.annotations, ...(remote.title === undefined ? {} : { title: remote.title }) },
        origin: this.#origin,
      },
      options.schemaProfile === undefined ? {} : { profile: options.schemaProfile },
    );
    const name = toLocalToolName(this.#prefix, definition.name);
    const taken = this.#names.get(name);
    if (taken !== undefined) {
      throw new ToolwrightError(
        'DUPLICATE_TOOL',
        `${this.#origin} lists '${taken}' and '${definition.name}', which would both be called '${name}'.`,
      );
    }
    this.#names.set(name, definition.name);
    const pin = mcpToolPin(remote);
    const pinned =
      options.pins === undefined
        ? undefined
        : Object.hasOwn(options.pins, remote.name)
          ? options.pins[remote.name]
          : null;
    if (pinned === null)
      this.#refusals.set(
        remote.name,
        `The tool '${remote.name}' of ${this.#origin} is not pinned${atImport ? '' : ' (the server added it)'}: it is refused until it is pinned, and was not called. Its pin is ${pin}.`,
      );
    else if (pinned !== undefined && pinned !== pin)
      this.#refusals.set(remote.name, this.#changed(remote.name, pinned, pin));
    const safety = options.safety?.(definition) ?? decideRemoteSafety(definition, options.trustAnnotations === true);
    // The definition the SDK client calls with: the one imported (and pinned), but without its output
    // schema, so the payload reaches the gate, whose output check judges it in its own words (CO-4).
    const { outputSchema: _checkedByTheGate, ...unchecked } = remote;
    const tool = new ExternalTool(definition, {
      name,
      safety,
      ...(options.openObjects === undefined ? {} : { openObjects: options.openObjects }),
      invoke: (input, context) => this.#call(definition.name, input.toJSON(), context, unchecked),
    });
    this.#entries.set(remote.name, { tool, pin: pinned ?? pin });
  }

  async #call(
    name: string,
    args: Record<string, unknown>,
    context: ToolContext,
    toolDefinition: McpTool,
  ): Promise<ToolResult> {
    const refusal = this.#refusals.get(name);
    if (refusal !== undefined) return ToolResult.error(refusal);
    const askLogs = this.#logLevel !== 'off' && this.#client.getProtocolEra() === 'modern';
    this.#calls.add(context);
    try {
      const result = await this.#client.callTool(
        { name, arguments: args, ...(askLogs ? { _meta: { [LOG_LEVEL_META_KEY]: this.#logLevel } } : {}) },
        {
          toolDefinition,
          signal: context.signal,
          timeout: this.#timeout,
          onprogress: ({ progress, total, message }) =>
            context.progress({
              progress,
              ...(total === undefined ? {} : { total }),
              ...(message === undefined ? {} : { message }),
            }),
        },
      );
      return fromCallToolResult(result);
    } catch (error) {
      const failure = readTransportFailure(error);
      if (failure === undefined) throw error;
      return ToolResult.error(failure);
    } finally {
      this.#calls.delete(context);
    }
  }
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
