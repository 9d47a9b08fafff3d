import { SafetyLevel, type Tool } from '@toolwright/core';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/**
 * The MCP `tools/list` entry of a tool (SPEC MC-1): its name, description and plain input
 * schema unchanged (PR-3: the same schema Anthropic gets), its output schema when it has one, and
 * annotations from its declared safety — `readOnlyHint` for READ_ONLY, `destructiveHint` from
 * the declaration (always said, since MCP's default for an absent hint is `true`).
 */
export function toMcpTool(tool: Tool): McpTool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as McpTool['inputSchema'],
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema as McpTool['outputSchema'] }),
    annotations: {
      readOnlyHint: tool.safety.level === SafetyLevel.READ_ONLY,
      destructiveHint: tool.safety.destructive,
    },
  };
}
