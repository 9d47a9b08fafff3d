import { parseArgs } from 'node:util';
import { createToolUse, type ToolLogger, type ToolProgress } from '@toolwright/core';
import { SchemaValidationMode, ToolGate, type CallOptions, type PermissionConfig } from '@toolwright/gate';
import type { CliIo } from '../cli-io.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { UsageError } from '../usage-error.js';
import { findTool } from './schema-command.js';

export const CALL_HELP = `Usage: toolwright call <module|builtin> <Tool> <json> [options]

Runs one call through the gate (permissions, validation, policies, output limit).
  --allow <rule>      allow rule, e.g. 'Bash(git:*)' (repeatable); with any rule, the rest is denied
  --deny <rule>       deny rule (repeatable)
  --ask <rule>        ask rule (repeatable; there is no approver here, so it denies)
  --allow-write       let WRITE tools run
  --allow-bash        let BASH tools run
  --cwd <dir>         the call's working directory
  --schema-mode <m>   OFF, WARN (default) or ENFORCE
  --json              print {"isError", "content", "metadata"} as JSON
  --verbose           print the tool's progress and logs to stderr while it runs
Exit code: 0 for an ok result, 1 for an error result, 2 for bad usage.
`;

/** `toolwright call` (SPEC CL-4). */
export async function callCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      allow: { type: 'string', multiple: true },
      deny: { type: 'string', multiple: true },
      ask: { type: 'string', multiple: true },
      'allow-write': { type: 'boolean', default: false },
      'allow-bash': { type: 'boolean', default: false },
      cwd: { type: 'string' },
      'schema-mode': { type: 'string', default: 'WARN' },
      json: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  const [specifier, name, argumentsText] = positionals;
  if (specifier === undefined || name === undefined || argumentsText === undefined || positionals.length > 3) {
    throw new UsageError('call takes a plugin module, a tool name and the arguments as JSON');
  }
  let input: unknown;
  try {
    input = JSON.parse(argumentsText);
  } catch (error) {
    throw new UsageError(`the arguments are not valid JSON: ${(error as Error).message}`);
  }
  const mode = values['schema-mode'].toUpperCase();
  if (!Object.hasOwn(SchemaValidationMode, mode))
    throw new UsageError(`--schema-mode must be OFF, WARN or ENFORCE, not ${values['schema-mode']}`);
  const plugin = await loadPlugin(specifier, io.cwd);
  try {
    findTool(plugin.tools, name, specifier);
    const gate = new ToolGate({
      tools: plugin.tools,
      ...(permissionsFrom(values) === undefined ? {} : { permissions: permissionsFrom(values) as PermissionConfig }),
      schemaValidation: mode as SchemaValidationMode,
      runOptions: { allowWrite: values['allow-write'], allowBash: values['allow-bash'] },
      cwd: values.cwd ?? io.cwd,
    });
    const result = await gate.execute(createToolUse('cli', name, input), values.verbose ? verboseCall(io) : {});
    if (values.json) {
      const metadata = { policyDenied: false, truncated: false, ...result.metadata };
      io.stdout(`${JSON.stringify({ isError: result.isError, content: result.content, metadata })}\n`);
    } else {
      io.stdout(result.content.endsWith('\n') || result.content === '' ? result.content : `${result.content}\n`);
    }
    return result.isError ? 1 : 0;
  } finally {
    await plugin.dispose();
  }
}

/**
 * The call options of `--verbose`: the tool's progress as `[progress] 2/3 message` and its logs as
 * `[info] message {"fields":"as JSON"}`, one line each, on stderr (stdout carries the result only).
 */
function verboseCall(io: CliIo): CallOptions {
  const log =
    (level: keyof ToolLogger) =>
    (message: string, fields?: Record<string, unknown>): void =>
      io.stderr(`[${level}] ${message}${describeFields(fields)}\n`);
  return {
    onProgress: (update: ToolProgress) => io.stderr(`[progress] ${describeProgress(update)}\n`),
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
  };
}

/** `2/3 message`, `2 message` without a total, `2/3` without a message. */
function describeProgress(update: ToolProgress): string {
  const amount = update.total === undefined ? `${update.progress}` : `${update.progress}/${update.total}`;
  return update.message === undefined || update.message === '' ? amount : `${amount} ${update.message}`;
}

/** A log line's fields as ` {JSON}`; nothing when there are none or they cannot be written as JSON. */
function describeFields(fields: Record<string, unknown> | undefined): string {
  if (fields === undefined || Object.keys(fields).length === 0) return '';
  try {
    return ` ${JSON.stringify(fields)}`;
  } catch {
    return '';
  }
}

function permissionsFrom(values: { allow?: string[]; deny?: string[]; ask?: string[] }): PermissionConfig | undefined {
  if (values.allow === undefined && values.deny === undefined && values.ask === undefined) return undefined;
  return { allow: values.allow ?? [], deny: values.deny ?? [], ask: values.ask ?? [] };
}
