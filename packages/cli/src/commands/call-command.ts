import { parseArgs } from 'node:util';
import { createToolUse } from '@toolwright/core';
import { SchemaValidationMode, ToolGate, type PermissionConfig } from '@toolwright/gate';
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
    const result = await gate.execute(createToolUse('cli', name, input));
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

function permissionsFrom(values: { allow?: string[]; deny?: string[]; ask?: string[] }): PermissionConfig | undefined {
  if (values.allow === undefined && values.deny === undefined && values.ask === undefined) return undefined;
  return { allow: values.allow ?? [], deny: values.deny ?? [], ask: values.ask ?? [] };
}
