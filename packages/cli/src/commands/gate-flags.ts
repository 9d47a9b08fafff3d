import { resolve } from 'node:path';
import type { Tool } from '@toolwright/core';
import {
  permissionsFromClaudeSettings,
  SchemaValidationMode,
  type ClaudeSandboxSettings,
  type PermissionConfig,
  type ToolGateOptions,
} from '@toolwright/gate';
import { escapeControlCharacters, millisecondsProblem } from '@toolwright/core/internal';
import { UsageError } from '../errors/usage-error.js';
import type { CliIo } from '../io/cli-io.js';

/**
 * The gate flags `toolwright call` and `toolwright serve` share, as `node:util` `parseArgs`
 * options: one definition, so the two commands cannot drift apart.
 */
export const GATE_FLAG_OPTIONS = {
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  ask: { type: 'string', multiple: true },
  settings: { type: 'string', multiple: true },
  'allow-write': { type: 'boolean', default: false },
  'allow-bash': { type: 'boolean', default: false },
  cwd: { type: 'string' },
  'schema-mode': { type: 'string', default: SchemaValidationMode.ENFORCE },
  timeout: { type: 'string' },
} as const;

/** The help lines of the gate flags, for both commands' `--help`. */
export const GATE_FLAGS_HELP = `  --allow <rule>      allow rule, e.g. 'Bash(git:*)' (repeatable); with any rule, the rest is denied
  --deny <rule>       deny rule (repeatable)
  --ask <rule>        ask rule (repeatable; nobody answers here, so it denies)
  --settings <file>   a Claude Code settings file (.claude/settings.json, ~/.claude/settings.json):
                      its permissions lists are added to the rule flags, its sandbox block to the
                      sandbox flags; what cannot be followed is named on stderr (repeatable: the
                      lists of every file are joined, as Claude Code joins its settings files)
  --allow-write       let WRITE tools run (and be offered)
  --allow-bash        let BASH tools run (and be offered)
  --cwd <dir>         the working directory of calls
  --schema-mode <m>   what invalid arguments do: ENFORCE (default) refuses the call and tells the
                      model every violation, so it learns from its mistake; WARN runs the tool
                      anyway (a migration mode); OFF does not check
  --timeout <ms>      the longest one call may take, for every tool (default: the tool's own
                      timeoutMs, else 660000)
`;

/** The values `parseArgs` gives for {@link GATE_FLAG_OPTIONS}. */
export interface GateFlagValues {
  readonly allow?: string[] | undefined;
  readonly deny?: string[] | undefined;
  readonly ask?: string[] | undefined;
  readonly settings?: string[] | undefined;
  readonly 'allow-write': boolean;
  readonly 'allow-bash': boolean;
  readonly cwd?: string | undefined;
  readonly 'schema-mode': string;
  readonly timeout?: string | undefined;
}

/** The schema mode a `--schema-mode` value names (any case), or a usage error. Checked before the plugin loads. */
export function schemaModeFrom(values: GateFlagValues): SchemaValidationMode {
  const mode = values['schema-mode'].toUpperCase();
  if (!Object.hasOwn(SchemaValidationMode, mode))
    throw new UsageError(`--schema-mode must be OFF, WARN or ENFORCE, not ${values['schema-mode']}`);
  return mode as SchemaValidationMode;
}

/** The milliseconds a `--timeout` value names, or a usage error; `undefined` without the flag. */
export function timeoutFrom(values: GateFlagValues): number | undefined {
  if (values.timeout === undefined) return undefined;
  // Digits only: `1e3` or ` 5` is shown as it was typed, not read as a number.
  const milliseconds = /^\d+$/.test(values.timeout) ? Number(values.timeout) : values.timeout;
  const problem = millisecondsProblem('--timeout', milliseconds);
  if (problem !== undefined) throw new UsageError(problem);
  return milliseconds as number;
}

/** The rule flags alone, for a command that reads rules and nothing else of the gate's flags. */
export type RuleFlagValues = Pick<GateFlagValues, 'allow' | 'deny' | 'ask' | 'settings'>;

/** What the `--settings` files say, read once: their rules joined, and their sandbox blocks joined. */
export interface SettingsFiles {
  readonly permissions: PermissionConfig;
  /** Absent when no file has a sandbox block. */
  readonly sandbox?: ClaudeSandboxSettings;
}

/**
 * Reads every `--settings` file (relative to the directory the command runs in), in order, with
 * `gateCwd` (the gate's working directory) as where their relative folders lie, and prints each
 * warning to stderr as `toolwright: <file>: <warning>`. The lists of all files are joined, as
 * Claude Code joins the user's, the project's and the local settings: a deny rule of any file
 * wins. `undefined` without the flag. A file that cannot be used throws (a usage error, exit 2).
 */
export function settingsFrom(values: RuleFlagValues, io: CliIo, gateCwd: string): SettingsFiles | undefined {
  const files = values.settings ?? [];
  if (files.length === 0) return undefined;
  const lists: Required<Record<'allow' | 'deny' | 'ask', string[]>> = { allow: [], deny: [], ask: [] };
  let sandbox: ClaudeSandboxSettings | undefined;
  for (const file of files) {
    if (file === '') throw new UsageError('--settings takes a file, not an empty name');
    const read = permissionsFromClaudeSettings(resolve(io.cwd, file), { cwd: gateCwd });
    for (const warning of read.warnings) io.stderr(`toolwright: ${escapeControlCharacters(file)}: ${warning}\n`);
    for (const list of ['allow', 'deny', 'ask'] as const) lists[list].push(...(read.permissions[list] ?? []));
    if (read.sandbox !== undefined)
      sandbox = sandbox === undefined ? read.sandbox : joinSandboxes(sandbox, read.sandbox);
  }
  return { permissions: lists, ...(sandbox === undefined ? {} : { sandbox }) };
}

function joinSandboxes(first: ClaudeSandboxSettings, second: ClaudeSandboxSettings): ClaudeSandboxSettings {
  return {
    required: first.required || second.required,
    writable: [...first.writable, ...second.writable],
    readOnly: [...first.readOnly, ...second.readOnly],
    readDenied: [...first.readDenied, ...second.readDenied],
    allowedDomains: [...first.allowedDomains, ...second.allowedDomains],
    allowUnixSockets: first.allowUnixSockets || second.allowUnixSockets,
  };
}

/**
 * The permission lists of the `--settings` files and the rule flags, the files' rules first;
 * `undefined` when there are neither (the gate's default confinement applies).
 */
export function permissionsFrom(values: RuleFlagValues, settings?: SettingsFiles): PermissionConfig | undefined {
  if (values.allow === undefined && values.deny === undefined && values.ask === undefined && settings === undefined)
    return undefined;
  const from = settings?.permissions ?? {};
  return {
    allow: [...(from.allow ?? []), ...(values.allow ?? [])],
    deny: [...(from.deny ?? []), ...(values.deny ?? [])],
    ask: [...(from.ask ?? []), ...(values.ask ?? [])],
  };
}

/**
 * The gate set-up the flags describe, for these tools. Every flag is checked first, so a mistake
 * is a usage error before anything runs. `--timeout` is the user's word for every call: it is
 * given per tool, so it wins over a tool's own `timeoutMs` too.
 */
export function gateOptionsFrom(
  values: GateFlagValues,
  tools: readonly Tool[],
  cwd: string,
  settings?: SettingsFiles,
): ToolGateOptions {
  const schemaValidation = schemaModeFrom(values);
  const timeoutMs = timeoutFrom(values);
  const permissions = permissionsFrom(values, settings);
  return {
    tools,
    ...(permissions === undefined ? {} : { permissions }),
    schemaValidation,
    runOptions: { allowWrite: values['allow-write'], allowBash: values['allow-bash'] },
    cwd: values.cwd ?? cwd,
    ...(timeoutMs === undefined
      ? {}
      : { timeoutMs, toolTimeoutsMs: Object.fromEntries(tools.map((tool) => [tool.name, timeoutMs])) }),
  };
}
