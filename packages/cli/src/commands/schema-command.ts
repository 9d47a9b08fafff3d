import { parseArgs } from 'node:util';
import type { Tool } from '@toolwright/core';
import { toAnthropicTool, toOpenAIChatTool } from '@toolwright/gate';
import type { CliIo } from '../cli-io.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { UsageError } from '../usage-error.js';

export const SCHEMA_HELP = `Usage: toolwright schema <module> <Tool> [--provider anthropic|openai|openai-strict|mcp]

Prints one tool's definition as the provider expects it (default: anthropic).
`;

const PROVIDERS = {
  anthropic: (tool: Tool) => toAnthropicTool(tool),
  openai: (tool: Tool) => toOpenAIChatTool(tool),
  'openai-strict': (tool: Tool) => toOpenAIChatTool(tool, { strict: true }),
  mcp: (tool: Tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: { readOnlyHint: tool.safety.level === 'READ_ONLY', destructiveHint: tool.safety.destructive },
  }),
} as const;

/** `toolwright schema` (SPEC CL-3). */
export async function schemaCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { provider: { type: 'string', default: 'anthropic' } },
  });
  const [specifier, name] = positionals;
  if (specifier === undefined || name === undefined || positionals.length > 2)
    throw new UsageError('schema takes a plugin module and a tool name');
  const provider = PROVIDERS[values.provider as keyof typeof PROVIDERS];
  if (provider === undefined)
    throw new UsageError(`--provider must be one of ${Object.keys(PROVIDERS).join(', ')}, not ${values.provider}`);
  const plugin = await loadPlugin(specifier, io.cwd);
  try {
    io.stdout(`${JSON.stringify(provider(findTool(plugin.tools, name, specifier)), null, 2)}\n`);
    return 0;
  } finally {
    await plugin.dispose();
  }
}

/** The tool with this name, or a usage error naming the ones there are. */
export function findTool(tools: readonly Tool[], name: string, specifier: string): Tool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined)
    throw new UsageError(
      `${specifier} has no tool named ${name} (it has: ${tools.map((candidate) => candidate.name).join(', ')})`,
    );
  return tool;
}
