import { parseArgs } from 'node:util';
import type { CliIo } from '../io/cli-io.js';
import { findDuplicateNames, loadPlugin } from '../plugin/load-plugin.js';
import { UsageError } from '../errors/usage-error.js';
import { checkTool } from './check-rules.js';

export const CHECK_HELP = `Usage: toolwright check <module>

Lints every tool the plugin module exports: names (unique, usable by every provider), descriptions
(of the tool and every parameter), additionalProperties: false on every object of each input
schema (nested properties, items, $defs, anyOf/oneOf/allOf branches; no records), and the rules
for external schemas. Exit code 1 when any tool has a problem.
`;

/** `toolwright check` (SPEC CL-2). */
export async function checkCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { positionals } = parseArgs({ args: [...args], allowPositionals: true, options: {} });
  const [specifier] = positionals;
  if (specifier === undefined || positionals.length > 1) throw new UsageError('check takes one plugin module');
  const plugin = await loadPlugin(specifier, io.cwd, { keepDuplicateNames: true });
  try {
    let problems = 0;
    for (const duplicate of findDuplicateNames(plugin)) {
      io.stdout(
        `${duplicate.name}: ${duplicate.origins.length} tools have this name (${duplicate.origins.join(', ')}); tool names must be unique\n`,
      );
      problems++;
    }
    for (const tool of plugin.tools) {
      for (const problem of checkTool(tool)) {
        io.stdout(`${tool.name}: ${problem}\n`);
        problems++;
      }
    }
    io.stdout(
      problems === 0
        ? `${count(plugin.tools.length, 'tool')} checked, no problems.\n`
        : `${count(problems, 'problem')} in ${count(plugin.tools.length, 'tool')}.\n`,
    );
    return problems === 0 ? 0 : 1;
  } finally {
    await plugin.dispose();
  }
}

/** `1 tool`, `2 tools`. */
function count(amount: number, noun: string): string {
  return `${amount} ${noun}${amount === 1 ? '' : 's'}`;
}
