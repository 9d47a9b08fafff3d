import { SafetyLevel, type Tool } from '@toolwright/core';
import type { Tool as McpTool } from '@modelcontextprotocol/server';
import { mcpOutputSchema } from './mcp-output-schema.js';

/**
 * The MCP `tools/list` entry of a tool (SPEC MC-1, MP-4): its name, title, description and plain
 * input schema unchanged (PR-3: the same schema Anthropic gets), its output schema when it has one
 * (one that does not describe an object wrapped in one key, CO-4: see {@link mcpOutputSchema}),
 * and all four hints from its declared safety — `readOnlyHint` for READ_ONLY, `destructiveHint` as
 * declared, `idempotentHint` as declared (a read-only tool is idempotent; otherwise unsaid means
 * false), `openWorldHint` as declared (unsaid means open, MCP's default). Every hint is said, since
 * MCP's defaults for absent ones are the unsafe guesses.
 */
export function toMcpTool(tool: Tool): McpTool {
  const { safety } = tool;
  const readOnly = safety.level === SafetyLevel.READ_ONLY;
  const title = typeof tool.title === 'string' && tool.title !== '' ? tool.title : undefined;
  return {
    name: tool.name,
    ...(title === undefined ? {} : { title }),
    description: tool.description,
    inputSchema: tool.inputSchema as McpTool['inputSchema'],
    ...(tool.outputSchema === undefined
      ? {}
      : { outputSchema: mcpOutputSchema(tool.outputSchema).schema as McpTool['outputSchema'] }),
    annotations: {
      ...(title === undefined ? {} : { title }),
      readOnlyHint: readOnly,
      destructiveHint: safety.destructive,
      idempotentHint: safety.idempotent ?? readOnly,
      openWorldHint: safety.openWorld ?? true,
    },
  };
}
