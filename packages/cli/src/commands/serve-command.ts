import { parseArgs } from 'node:util';
import { ToolGate, type PermissionConfig } from '@toolwright/gate';
import { serveStdio } from '@toolwright/mcp';
import type { CliIo } from '../cli-io.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { UsageError } from '../usage-error.js';

export const SERVE_HELP = `Usage: toolwright serve <module|builtin> [options]

Serves the plugin's tools over MCP on stdio; every tools/call goes through the gate.
  --allow <rule>, --deny <rule>   permission rules (repeatable); with any rule, the rest is denied
  --allow-write, --allow-bash     let WRITE or BASH tools run (and be listed)
  --cwd <dir>                     the working directory of calls
  --schema-mode <m>               OFF, WARN or ENFORCE (default ENFORCE: MCP clients get the violations)
Logs go to stderr; stdout carries the protocol.
`;

/** `toolwright serve` (SPEC CL-5, MC-1): runs until stdin closes. */
export async function serveCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      allow: { type: 'string', multiple: true },
      deny: { type: 'string', multiple: true },
      'allow-write': { type: 'boolean', default: false },
      'allow-bash': { type: 'boolean', default: false },
      cwd: { type: 'string' },
      'schema-mode': { type: 'string', default: 'ENFORCE' },
    },
  });
  const [specifier] = positionals;
  if (specifier === undefined || positionals.length > 1) throw new UsageError('serve takes one plugin module');
  const mode = values['schema-mode'].toUpperCase();
  if (mode !== 'OFF' && mode !== 'WARN' && mode !== 'ENFORCE')
    throw new UsageError(`--schema-mode must be OFF, WARN or ENFORCE, not ${values['schema-mode']}`);
  const plugin = await loadPlugin(specifier, io.cwd);
  const permissions: PermissionConfig | undefined =
    values.allow === undefined && values.deny === undefined
      ? undefined
      : { allow: values.allow ?? [], deny: values.deny ?? [] };
  const gate = new ToolGate({
    tools: plugin.tools,
    ...(permissions === undefined ? {} : { permissions }),
    schemaValidation: mode,
    runOptions: { allowWrite: values['allow-write'], allowBash: values['allow-bash'] },
    cwd: values.cwd ?? io.cwd,
  });
  const handle = await serveStdio(gate);
  io.stderr(`toolwright serve: ${plugin.tools.length} tools from ${specifier} on stdio\n`);
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await handle.close();
  await plugin.dispose();
  return 0;
}
