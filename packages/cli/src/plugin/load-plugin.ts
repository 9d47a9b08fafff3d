import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ToolwrightError, type Tool } from '@toolwright/core';
import { isToolClass } from '@toolwright/core/internal';
import { UsageError } from '../errors/usage-error.js';
import type { SandboxSetting } from '@toolwright/shell';
import { builtinTools } from './builtin-tools.js';
import { describeLoadError } from './load-error-hint.js';
import type { LoadedPlugin } from './loaded-plugin.js';

/** Options of {@link loadPlugin}. */
export interface LoadPluginOptions {
  /**
   * Keep tools that share a name, for a caller that reports them (`toolwright check`). By default
   * two tools of one name are a usage error: the module could not be served or documented as it is.
   */
  readonly keepDuplicateNames?: boolean;
  /** The sandbox of the builtin Bash tools' shell (`--sandbox`, `--allow-net`, `--allow-write-path`). Default `'auto'`. */
  readonly sandbox?: SandboxSetting;
}

/** Two or more tools of a plugin that share a name. */
export interface DuplicateName {
  /** The shared name. */
  readonly name: string;
  /** Where each of the tools came from, in export order. */
  readonly origins: readonly string[];
}

/**
 * Loads a plugin module (SPEC §6): `builtin`, or a JS module (a `.ts` file through tsx where it is
 * installed) that exports tool instances or tool classes — as the default export (one or an
 * array) or as named exports. Classes are constructed without arguments. A tool exported twice
 * (the same instance, or a class next to an instance of it) counts once; two different tools of
 * one name are a usage error unless `keepDuplicateNames` is set.
 */
export async function loadPlugin(
  specifier: string,
  cwd: string,
  options: LoadPluginOptions = {},
): Promise<LoadedPlugin> {
  if (specifier === 'builtin') return builtinTools(options.sandbox ?? 'auto');
  const path = resolve(cwd, specifier);
  if (!existsSync(path)) throw new UsageError(`cannot find the plugin module ${specifier} (looked at ${path})`);
  if (/\.(c|m)?ts$/.test(path)) await registerTypeScript(specifier);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    if (ToolwrightError.isInstance(error)) throw new UsageError(`${specifier}: ${(error as Error).message}`);
    throw new UsageError(describeLoadError(specifier, error));
  }
  const origins = collectTools(module, specifier);
  const tools = [...origins.keys()];
  if (tools.length === 0)
    throw new UsageError(
      `${specifier} exports no tools (export tool instances or classes, or a default array of them)`,
    );
  const plugin = { name: specifier, tools, origins, dispose: () => Promise.resolve() };
  const [duplicate] = findDuplicateNames(plugin);
  if (duplicate !== undefined && options.keepDuplicateNames !== true) {
    throw new UsageError(
      `${specifier} exports ${duplicate.origins.length} tools named '${duplicate.name}' (${duplicate.origins.join(', ')}); tool names must be unique`,
    );
  }
  return plugin;
}

/** The names more than one of the plugin's tools have, in export order. */
export function findDuplicateNames(plugin: Pick<LoadedPlugin, 'tools' | 'origins'>): DuplicateName[] {
  const byName = new Map<string, string[]>();
  for (const tool of plugin.tools) {
    const origins = byName.get(tool.name) ?? [];
    origins.push(plugin.origins.get(tool) ?? tool.name);
    byName.set(tool.name, origins);
  }
  return [...byName].filter(([, origins]) => origins.length > 1).map(([name, origins]) => ({ name, origins }));
}

/**
 * The module's default export. A CommonJS module compiled from `export default [...]` (tsc,
 * esbuild) sets `exports.default` beside `__esModule`; Node's import gives the whole `exports`
 * object as the default, so the array is one level further down.
 */
function defaultExport(module: Record<string, unknown>): unknown {
  const fallback = module.default;
  if (isTool(fallback) || typeof fallback !== 'object' || fallback === null) return fallback;
  const exports = fallback as Record<string, unknown>;
  return exports.__esModule === true && Object.hasOwn(exports, 'default') ? exports.default : fallback;
}

/** The module's tools, each with where it came from; a class an exported instance already stands for is skipped. */
function collectTools(module: Record<string, unknown>, specifier: string): Map<Tool, string> {
  const exported: [unknown, string][] = [];
  const fallback = defaultExport(module);
  if (Array.isArray(fallback)) fallback.forEach((value, index) => exported.push([value, `default export [${index}]`]));
  else exported.push([fallback, 'default export']);
  for (const [name, value] of Object.entries(module)) if (name !== 'default') exported.push([value, `export ${name}`]);
  const instances = exported.map(([value]) => value).filter(isTool);
  const found = new Map<Tool, string>();
  const constructed = new Set<unknown>();
  for (const [value, origin] of exported) {
    if (isTool(value)) {
      if (!found.has(value)) found.set(value, origin);
    } else if (isToolClass(value) && !constructed.has(value)) {
      constructed.add(value);
      if (instances.some((instance) => Object.getPrototypeOf(instance) === value.prototype)) continue;
      found.set(construct(value, specifier), origin);
    }
  }
  return found;
}

function construct(toolClass: new () => Tool, specifier: string): Tool {
  try {
    return new toolClass();
  } catch (error) {
    throw new UsageError(
      `${specifier}: ${toolClass.name} could not be constructed without arguments: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** True for anything shaped like a Tool (from any copy of core). */
export function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Tool>;
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.execute === 'function' &&
    typeof candidate.inputSchema === 'object'
  );
}

async function registerTypeScript(specifier: string): Promise<void> {
  try {
    const tsx = (await import('tsx/esm/api' as string)) as { register: () => unknown };
    tsx.register();
  } catch {
    throw new UsageError(
      `${specifier} is TypeScript and tsx is not installed: compile the plugin (tsc, or esbuild --target=node20) and pass the compiled .js file, or install tsx`,
    );
  }
}
