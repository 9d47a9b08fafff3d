import type { Tool } from '@toolwright/core';
import { SchemaValidationMode, type PermissionConfig, type ToolGateOptions } from '@toolwright/gate';
import { millisecondsProblem } from '@toolwright/core/internal';
import { UsageError } from '../errors/usage-error.js';

/**
 * The gate flags `toolwright call` and `toolwright serve` share, as `node:util` `parseArgs`
 * options: one definition, so the two commands cannot drift apart.
 */
export const GATE_FLAG_OPTIONS = {
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  ask: { type: 'string', multiple: true },
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

/** The permission lists of the rule flags; `undefined` when none is given (the gate's default confinement applies). */
export function permissionsFrom(values: GateFlagValues): PermissionConfig | undefined {
  if (values.allow === undefined && values.deny === undefined && values.ask === undefined) return undefined;
  return { allow: values.allow ?? [], deny: values.deny ?? [], ask: values.ask ?? [] };
}

/**
 * The gate set-up the flags describe, for these tools. Every flag is checked first, so a mistake
 * is a usage error before anything runs. `--timeout` is the user's word for every call: it is
 * given per tool, so it wins over a tool's own `timeoutMs` too.
 */
export function gateOptionsFrom(values: GateFlagValues, tools: readonly Tool[], cwd: string): ToolGateOptions {
  const schemaValidation = schemaModeFrom(values);
  const timeoutMs = timeoutFrom(values);
  const permissions = permissionsFrom(values);
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
