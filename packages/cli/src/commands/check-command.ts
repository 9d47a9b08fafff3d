import { parseArgs } from 'node:util';
import type { CliIo } from '../cli-io.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { UsageError } from '../usage-error.js';
import { checkTool } from './check-rules.js';

export const CHECK_HELP = `Usage: toolwright check <module>

Lints every tool the plugin module exports: names, descriptions (of the tool and every parameter),
additionalProperties: false at the top of each input schema, and the external-schema rules.
Exit code 1 when any tool has a problem.
`;

/** `toolwright check` (SPEC CL-2). */
export async function checkCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { positionals } = parseArgs({ args: [...args], allowPositionals: true, options: {} });
  const [specifier] = positionals;
  if (specifier === undefined || positionals.length > 1) throw new UsageError('check takes one plugin module');
  const plugin = await loadPlugin(specifier, io.cwd);
  try {
    let problems = 0;
    for (const tool of plugin.tools) {
      for (const problem of checkTool(tool)) {
        io.stdout(`${tool.name}: ${problem}\n`);
        problems++;
      }
    }
    io.stdout(
      problems === 0
        ? `${plugin.tools.length} tools checked, no problems.\n`
        : `${problems} problems in ${plugin.tools.length} tools.\n`,
    );
    return problems === 0 ? 0 : 1;
  } finally {
    await plugin.dispose();
  }
}
