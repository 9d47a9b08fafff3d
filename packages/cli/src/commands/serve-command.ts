import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SafetyLevel, type Tool } from '@toolwright/core';
import { escapeControlCharacters } from '@toolwright/core/internal';
import { ToolGate } from '@toolwright/gate';
import { serveHttp, serveStdio } from '@toolwright/mcp';
import type { CliIo } from '../io/cli-io.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { whyNotOffered } from '../plugin/run-option-need.js';
import { UsageError } from '../errors/usage-error.js';
import { checkHttpFlagsNeedHttp, HTTP_FLAG_OPTIONS, HTTP_FLAGS_HELP, httpServeOptionsFrom } from './http-flags.js';
import {
  GATE_FLAG_OPTIONS,
  GATE_FLAGS_HELP,
  gateOptionsFrom,
  schemaModeFrom,
  settingsFrom,
  timeoutFrom,
} from './gate-flags.js';
import { sandboxFor } from './sandbox-for.js';
import { SANDBOX_FLAG_OPTIONS, SANDBOX_FLAGS_HELP } from './sandbox-flags.js';
import { remoteBuiltinTools, remoteShellFrom, SHELL_FLAG_OPTIONS, SHELL_FLAGS_HELP } from './shell-flags.js';

export const SERVE_HELP = `Usage: toolwright serve <module|builtin> [options]

Serves the plugin's tools over MCP, on stdio or (--http) Streamable HTTP; every tools/call goes
through the gate.
${GATE_FLAGS_HELP}${HTTP_FLAGS_HELP}${SHELL_FLAGS_HELP}${SANDBOX_FLAGS_HELP}The first line on stderr names where it serves, the tools offered, and each tool left out with
the reason. Logs go to stderr; on stdio, stdout carries the protocol.
`;

/** `toolwright serve` (SPEC CL-5, MC-1, MP-2): on stdio until stdin closes; with `--http` until SIGINT or SIGTERM. */
export async function serveCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { ...GATE_FLAG_OPTIONS, ...HTTP_FLAG_OPTIONS, ...SHELL_FLAG_OPTIONS, ...SANDBOX_FLAG_OPTIONS },
  });
  const [specifier] = positionals;
  if (specifier === undefined || positionals.length > 1) throw new UsageError('serve takes one plugin module');
  schemaModeFrom(values);
  timeoutFrom(values);
  checkHttpFlagsNeedHttp(values);
  const http = values.http ? httpServeOptionsFrom(values, io.cwd) : undefined;
  const remote = remoteShellFrom(values, specifier);
  const settings = settingsFrom(values, io, resolve(io.cwd, values.cwd ?? '.'));
  const sandbox = sandboxFor(values, specifier, remote !== undefined, io.cwd, settings);
  const plugin =
    remote === undefined ? await loadPlugin(specifier, io.cwd, { sandbox }) : remoteBuiltinTools(remote, sandbox);
  try {
    const gate = new ToolGate(gateOptionsFrom(values, plugin.tools, remote?.cwd ?? io.cwd, settings));
    const served = http === undefined ? undefined : await serveHttp(gate, http);
    const handle = served ?? (await serveStdio(gate));
    const where = served === undefined ? 'stdio' : served.url.href;
    // Tool names come from the plugin: escaped, so the line stays one line of plain text.
    io.stderr(
      `toolwright serve: ${escapeControlCharacters(describeOffer(plugin.tools, gate.offeredTools(), specifier, where))}${sandboxClause(plugin.sandbox, gate.offeredTools())}\n`,
    );
    await (http === undefined ? stdinEnds() : signalled());
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
export function describeOffer(
  tools: readonly Tool[],
  offered: readonly Tool[],
  specifier: string,
  where = 'stdio',
): string {
  const names = offered.map((tool) => tool.name).join(', ');
  const hidden = tools.filter((tool) => !offered.includes(tool));
  const count = hidden.length === 0 ? `${tools.length}` : `${offered.length} of ${tools.length}`;
  const serving = `${count} tool${tools.length === 1 ? '' : 's'} from ${specifier} on ${where}${names === '' ? '' : `: ${names}`}.`;
  if (hidden.length === 0) return serving;
  return `${serving} Not offered: ${hidden.map((tool) => `${tool.name} (${whyNotOffered(tool)})`).join(', ')}.`;
}

function stdinEnds(): Promise<void> {
  return new Promise((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
}

/** Resolves at the first SIGINT or SIGTERM, which then no longer end the process by themselves. */
function signalled(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop).once('SIGTERM', stop);
  });
}

/** ` Sandbox: bubblewrap (…).` when a BASH tool is offered and its shell says which sandbox (SPEC SB-4); else nothing. */
function sandboxClause(sandbox: string | undefined, offered: readonly Tool[]): string {
  if (sandbox === undefined || !offered.some((tool) => tool.safety.level === SafetyLevel.BASH)) return '';
  return ` Sandbox: ${escapeControlCharacters(sandbox)}.`;
}
