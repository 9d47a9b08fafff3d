import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createToolUse, type ToolLogger, type ToolProgress } from '@toolwright/core';
import { DEFAULT_RUN_OPTIONS, escapeControlCharacters } from '@toolwright/core/internal';
import { ToolGate, type CallOptions } from '@toolwright/gate';
import type { CliIo } from '../io/cli-io.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { UsageError } from '../errors/usage-error.js';
import { readCallArguments } from './call-arguments.js';
import { formatCallResult, withFlagHint } from './call-output.js';
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
import { findTool } from './schema-command.js';

export const CALL_HELP = `Usage: toolwright call <module|builtin> <Tool> <json|@file|-> [options]

Runs one call through the gate (permissions, validation, policies, timeout, output limit).
The arguments are inline JSON, @args.json (a JSON file), or - (JSON on standard input).
${GATE_FLAGS_HELP}${SHELL_FLAGS_HELP}${SANDBOX_FLAGS_HELP}  --json              print {"isError", "content", "structured"?, "metadata"} as JSON
  --verbose           print the tool's progress and logs to stderr while it runs
Exit code: 0 for an ok result, 1 for an error result, 2 for bad usage.
`;

/** `toolwright call` (SPEC CL-4). */
export async function callCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      ...GATE_FLAG_OPTIONS,
      ...SHELL_FLAG_OPTIONS,
      ...SANDBOX_FLAG_OPTIONS,
      json: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  const [specifier, name, argumentsText] = positionals;
  if (specifier === undefined || name === undefined || argumentsText === undefined || positionals.length > 3) {
    throw new UsageError('call takes a plugin module, a tool name and the arguments (JSON, @file or -)');
  }
  schemaModeFrom(values);
  timeoutFrom(values);
  const input = await readCallArguments(argumentsText, io);
  const remote = remoteShellFrom(values, specifier);
  const settings = settingsFrom(values, io, resolve(io.cwd, values.cwd ?? '.'));
  const sandbox = sandboxFor(values, specifier, remote !== undefined, io.cwd, settings);
  const plugin =
    remote === undefined ? await loadPlugin(specifier, io.cwd, { sandbox }) : remoteBuiltinTools(remote, sandbox);
  try {
    const tool = findTool(plugin.tools, name, specifier);
    const gate = new ToolGate(gateOptionsFrom(values, plugin.tools, remote?.cwd ?? io.cwd, settings));
    // Which sandbox the builtin Bash's command runs in, said before it runs (SPEC SB-4); stdout carries the result only.
    if (plugin.sandbox !== undefined && tool.name === 'Bash' && gate.offeredTools().includes(tool))
      io.stderr(`toolwright call: sandbox: ${escapeControlCharacters(plugin.sandbox)}\n`);
    const executed = await gate.execute(createToolUse('cli', name, input), values.verbose ? verboseCall(io) : {});
    const runOptions = { ...DEFAULT_RUN_OPTIONS, allowWrite: values['allow-write'], allowBash: values['allow-bash'] };
    const result = withFlagHint(executed, tool, runOptions);
    io.stdout(formatCallResult(result, values.json));
    return result.isError ? 1 : 0;
  } finally {
    await plugin.dispose();
  }
}

/**
 * The call options of `--verbose`: the tool's progress as `[progress] 2/3 message` and its logs as
 * `[info] message {"fields":"as JSON"}`, one line each, on stderr (stdout carries the result only).
 * What the tool wrote is printed with its control characters escaped (`\n`, `\u001b`, `\u009b`,
 * `\u2028`, `\u202e`), so one report is one line, and no text of a tool moves the cursor, recolours
 * the terminal, sets its title or forges a line of its own.
 */
function verboseCall(io: CliIo): CallOptions {
  const line = (text: string): void => io.stderr(`${escapeControlCharacters(text)}\n`);
  const log =
    (level: keyof ToolLogger) =>
    (message: string, fields?: Record<string, unknown>): void =>
      line(`[${level}] ${describeMessage(message)}${describeFields(fields)}`);
  return {
    onProgress: (update: ToolProgress) => line(`[progress] ${describeProgress(update)}`),
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
  };
}

/** A log message as text, whatever a plugin passed (a message that cannot become text is said to be so). */
function describeMessage(message: unknown): string {
  try {
    return String(message);
  } catch {
    return '(a message that cannot be shown as text)';
  }
}

/** `2/3 message`, `2 message` without a total, `2/3` without a message. */
function describeProgress(update: ToolProgress): string {
  const amount = update.total === undefined ? `${update.progress}` : `${update.progress}/${update.total}`;
  return update.message === undefined || update.message === '' ? amount : `${amount} ${update.message}`;
}

/** A log line's fields as ` {JSON}`; nothing when there are none or they cannot be written as JSON. */
function describeFields(fields: Record<string, unknown> | undefined): string {
  try {
    if (fields === undefined || Object.keys(fields).length === 0) return '';
    return ` ${JSON.stringify(fields)}`;
  } catch {
    return '';
  }
}
