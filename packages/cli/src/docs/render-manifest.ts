import type { Tool } from '@toolwright/core';
import { toMcpTool } from '@toolwright/mcp/internal';

/**
 * A `tools/list`-shaped manifest of a plugin's tools (`toolwright docs --format json`), deterministic:
 * each tool as an MCP server lists it (output schema included when it has one), plus its `safety` level.
 */
export function renderManifest(tools: readonly Tool[]): string {
  const manifest = { tools: tools.map((tool) => ({ ...toMcpTool(tool), safety: tool.safety.level })) };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
