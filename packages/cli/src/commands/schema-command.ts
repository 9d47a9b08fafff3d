import { parseArgs } from 'node:util';
import { type Tool } from '@toolwright/core';
import { suggestName } from '@toolwright/core/internal';
import { toAnthropicTool, toOpenAIChatTool } from '@toolwright/gate/providers';
import { toMcpTool } from '@toolwright/mcp/internal';
import type { CliIo } from '../io/cli-io.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { UsageError } from '../errors/usage-error.js';

export const SCHEMA_HELP = `Usage: toolwright schema <module> <Tool> [--provider anthropic|openai|openai-strict|mcp]

Prints one tool's definition as the provider expects it (default: anthropic).
`;

// A Map, so that `--provider constructor` is refused rather than finding Object's own member.
const PROVIDERS: ReadonlyMap<string, (tool: Tool) => unknown> = new Map<string, (tool: Tool) => unknown>([
  ['anthropic', (tool) => toAnthropicTool(tool)],
  ['openai', (tool) => toOpenAIChatTool(tool)],
  ['openai-strict', (tool) => toOpenAIChatTool(tool, { strict: true })],
  ['mcp', (tool) => toMcpTool(tool)],
]);

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
  const provider = PROVIDERS.get(values.provider);
  if (provider === undefined)
    throw new UsageError(`--provider must be one of ${[...PROVIDERS.keys()].join(', ')}, not ${values.provider}`);
  const plugin = await loadPlugin(specifier, io.cwd);
  try {
    io.stdout(`${JSON.stringify(provider(findTool(plugin.tools, name, specifier)), null, 2)}\n`);
    return 0;
  } finally {
    await plugin.dispose();
  }
}

/** The tool with this name, or a usage error naming the likely one (a did-you-mean, as for parameters) and the ones there are. */
export function findTool(tools: readonly Tool[], name: string, specifier: string): Tool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool !== undefined) return tool;
  const names = tools.map((candidate) => candidate.name);
  const guess = suggestName(name, names);
  throw new UsageError(
    `${specifier} has no tool named ${name}${guess === undefined ? '' : `; did you mean ${guess}?`} (it has: ${names.join(', ')})`,
  );
}
