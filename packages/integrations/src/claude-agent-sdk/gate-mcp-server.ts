import type { ToolGate } from '@toolwright/gate';
import { createMcpServer, type McpServerOptions } from '@toolwright/mcp';
import type { McpSdkServerConfigWithInstance } from '@anthropic-ai/claude-agent-sdk';

/** How {@link toClaudeAgentSdkServer} presents a gate to the SDK. */
export type ClaudeAgentSdkServerOptions = McpServerOptions & {
  /** The key the server is given under in the SDK's `mcpServers`: its tools are `mcp__<name>__<tool>`. Default `toolwright`. */
  readonly name?: string;
};

/**
 * A gate's tools as the SDK's in-process MCP server (SPEC FW-3): the value of one entry of the
 * SDK's `mcpServers` option, `{ type: 'sdk', name, instance }`, as `createSdkMcpServer` makes it —
 * but the instance is the gate's own MCP server (`createMcpServer` of `@toolwright/mcp`), so the
 * model is offered each tool's JSON Schema exactly (no Zod shape in between) and every call goes
 * through `gate.execute`: unknown parameters get the did-you-mean sentence, the permission rules
 * and the output limit apply, errors are `isError` results the model reads. The SDK only connects
 * the instance to its transport, which any MCP server does.
 */
export function toClaudeAgentSdkServer(
  gate: ToolGate,
  options: ClaudeAgentSdkServerOptions = {},
): McpSdkServerConfigWithInstance {
  const name = options.name ?? 'toolwright';
  const server = createMcpServer(gate, { ...options, name });
  // The SDK types the instance as the MCP SDK's `McpServer`; it calls only `connect(transport)` on it.
  return { type: 'sdk', name, instance: server as unknown as McpSdkServerConfigWithInstance['instance'] };
}
