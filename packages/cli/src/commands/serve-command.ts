import { parseArgs } from 'node:util';
import { SafetyLevel, type Tool } from '@toolwright/core';
import { escapeControlCharacters } from '@toolwright/core/internal';
import { ToolGate } from '@toolwright/gate';
import { serveStdio } from '@toolwright/mcp';
import type { CliIo } from '../io/cli-io.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { whyNotOffered } from '../plugin/run-option-need.js';
import { UsageError } from '../errors/usage-error.js';
import { GATE_FLAG_OPTIONS, GATE_FLAGS_HELP, gateOptionsFrom, schemaModeFrom, timeoutFrom } from './gate-flags.js';
import { sandboxFor } from './sandbox-for.js';
import { SANDBOX_FLAG_OPTIONS, SANDBOX_FLAGS_HELP } from './sandbox-flags.js';
import { remoteBuiltinTools, remoteShellFrom, SHELL_FLAG_OPTIONS, SHELL_FLAGS_HELP } from './shell-flags.js';

export const SERVE_HELP = `Usage: toolwright serve <module|builtin> [options]

Serves the plugin's tools over MCP on stdio; every tools/call goes through the gate.
${GATE_FLAGS_HELP}${SHELL_FLAGS_HELP}${SANDBOX_FLAGS_HELP}The first line on stderr names the tools offered, and each tool left out with the reason.
Logs go to stderr; stdout carries the protocol.
`;

/** `toolwright serve` (SPEC CL-5, MC-1): runs until stdin closes. */
export async function serveCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { ...GATE_FLAG_OPTIONS, ...SHELL_FLAG_OPTIONS, ...SANDBOX_FLAG_OPTIONS },
  });
  const [specifier] = positionals;
  if (specifier === undefined || positionals.length > 1) throw new UsageError('serve takes one plugin module');
  schemaModeFrom(values);
  timeoutFrom(values);
  const remote = remoteShellFrom(values, specifier);
  const sandbox = sandboxFor(values, specifier, remote !== undefined, io.cwd);
  const plugin =
    remote === undefined ? await loadPlugin(specifier, io.cwd, { sandbox }) : remoteBuiltinTools(remote, sandbox);
  try {
    const gate = new ToolGate(gateOptionsFrom(values, plugin.tools, remote?.cwd ?? io.cwd));
    const handle = await serveStdio(gate);
    // Tool names come from the plugin: escaped, so the line stays one line of plain text.
    io.stderr(
      `toolwright serve: ${escapeControlCharacters(describeOffer(plugin.tools, gate.offeredTools(), specifier))}${sandboxClause(plugin.sandbox, gate.offeredTools())}\n`,
    );
    await new Promise<void>((resolve) => {
      process.stdin.once('end', resolve);
      process.stdin.once('close', resolve);
    });
    await handle.close();
    return 0;
  } finally {
    await plugin.dispose();
  }
}

/**
 * What the server offers, in one line: `2 of 3 tools from x.js on stdio: Read, Ls. Not offered:
 * Write (a WRITE tool; pass --allow-write to let it run).` — so a count never includes a tool
 * the client will not see.
 */
export function describeOffer(tools: readonly Tool[], offered: readonly Tool[], specifier: string): string {
  const names = offered.map((tool) => tool.name).join(', ');
  const hidden = tools.filter((tool) => !offered.includes(tool));
  const count = hidden.length === 0 ? `${tools.length}` : `${offered.length} of ${tools.length}`;
  const serving = `${count} tool${tools.length === 1 ? '' : 's'} from ${specifier} on stdio${names === '' ? '' : `: ${names}`}.`;
  if (hidden.length === 0) return serving;
  return `${serving} Not offered: ${hidden.map((tool) => `${tool.name} (${whyNotOffered(tool)})`).join(', ')}.`;
}

/** ` Sandbox: bubblewrap (…).` when a BASH tool is offered and its shell says which sandbox (SPEC SB-4); else nothing. */
function sandboxClause(sandbox: string | undefined, offered: readonly Tool[]): string {
  if (sandbox === undefined || !offered.some((tool) => tool.safety.level === SafetyLevel.BASH)) return '';
  return ` Sandbox: ${escapeControlCharacters(sandbox)}.`;
}
