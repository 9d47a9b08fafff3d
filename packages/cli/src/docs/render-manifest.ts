import type { Tool } from '@toolwright/core';

/** A `tools/list`-shaped manifest of a plugin's tools (`toolwright docs --format json`), deterministic. */
export function renderManifest(tools: readonly Tool[]): string {
  const manifest = {
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: tool.safety.level === 'READ_ONLY', destructiveHint: tool.safety.destructive },
      safety: tool.safety.level,
    })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
