import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AbstractTool, ToolwrightError, type Tool } from '@toolwright/core';
import { UsageError } from '../usage-error.js';
import { builtinTools } from './builtin-tools.js';

/** The tools of one plugin module, and what to release when done. */
export interface LoadedPlugin {
  /** The module as given (`builtin`, or the path). */
  readonly name: string;
  /** Its tools, in export order. */
  readonly tools: readonly Tool[];
  /** Ends what the tools started (background commands). */
  dispose(): Promise<void>;
}

const COMPILE_HINT =
  'TypeScript plugins must be compiled with "experimentalDecorators": true and "emitDecoratorMetadata": true (tsc), then pass the compiled .js file';

/**
 * Loads a plugin module (SPEC §6): `builtin`, or a JS module (a `.ts` file through tsx where it is
 * installed) that exports tool instances or tool classes — as the default export (one or an
 * array) or as named exports. Classes are constructed without arguments.
 */
export async function loadPlugin(specifier: string, cwd: string): Promise<LoadedPlugin> {
  if (specifier === 'builtin') return builtinTools();
  const path = resolve(cwd, specifier);
  if (!existsSync(path)) throw new UsageError(`cannot find the plugin module ${specifier} (looked at ${path})`);
  if (/\.(c|m)?ts$/.test(path)) await registerTypeScript(specifier);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (ToolwrightError.isInstance(error)) throw new UsageError(`${specifier}: ${reason}`);
    throw new UsageError(
      `cannot load ${specifier}: ${reason.split('\n')[0]}${/decorator/i.test(reason) ? `. ${COMPILE_HINT}` : ''}`,
    );
  }
  const tools = collectTools(module, specifier);
  if (tools.length === 0)
    throw new UsageError(
      `${specifier} exports no tools (export tool instances or classes, or a default array of them)`,
    );
  return { name: specifier, tools, dispose: () => Promise.resolve() };
}

function collectTools(module: Record<string, unknown>, specifier: string): Tool[] {
  const found: Tool[] = [];
  const add = (value: unknown): void => {
    const tool = toTool(value, specifier);
    if (tool !== undefined && !found.some((known) => known === tool || known.name === tool.name)) found.push(tool);
  };
  const fallback = module.default;
  if (Array.isArray(fallback)) fallback.forEach(add);
  else add(fallback);
  for (const [name, value] of Object.entries(module)) if (name !== 'default') add(value);
  return found;
}

function toTool(value: unknown, specifier: string): Tool | undefined {
  if (isTool(value)) return value;
  if (typeof value === 'function' && value.prototype instanceof AbstractTool) {
    try {
      return new (value as new () => Tool)();
    } catch (error) {
      throw new UsageError(
        `${specifier}: ${value.name} could not be constructed without arguments: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return undefined;
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
    throw new UsageError(`${specifier} is TypeScript and tsx is not installed. ${COMPILE_HINT}`);
  }
}
