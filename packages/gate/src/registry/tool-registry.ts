import { ToolwrightError, type RunOptions, type Tool } from '@toolwright/core';
import { isOffered } from '../policy/safety-policy.js';
import { ToolEntry } from './tool-entry.js';

const PROVIDER_PREFIX = 'functions.';

/**
 * The tools a gate can run, by name (case-sensitive). Registering a second tool under a taken
 * name throws. Called names are read as providers send them: a `functions.` prefix (some OpenAI
 * models add it) is removed first (SPEC PR-2).
 */
export class ToolRegistry {
  readonly #tools = new Map<string, ToolEntry>();

  constructor(tools: Iterable<Tool> = []) {
    for (const tool of tools) this.register(tool);
  }

  /** Adds a tool. Throws `DUPLICATE_TOOL` when the name is taken, `INVALID_TOOL_DEFINITION` when it has none. */
  register(tool: Tool): this {
    if (typeof tool?.name !== 'string' || tool.name === '' || typeof tool.execute !== 'function') {
      throw new ToolwrightError('INVALID_TOOL_DEFINITION', 'A tool needs a non-empty name and an execute function.');
    }
    if (this.#tools.has(tool.name)) {
      throw new ToolwrightError(
        'DUPLICATE_TOOL',
        `A tool named '${tool.name}' is already registered; tool names must be unique.`,
      );
    }
    this.#tools.set(tool.name, new ToolEntry(tool));
    return this;
  }

  /** The tool a model called, after removing a `functions.` prefix; `undefined` when there is none. */
  resolve(calledName: string): Tool | undefined {
    return this.#tools.get(normalizeToolName(calledName))?.tool;
  }

  /** The entry of the tool a model called (the tool and what the gate keeps for it), as {@link resolve} finds it. */
  entry(calledName: string): ToolEntry | undefined {
    return this.#tools.get(normalizeToolName(calledName));
  }

  /** Every registered tool, in registration order. */
  all(): Tool[] {
    return Array.from(this.#tools.values(), (entry) => entry.tool);
  }

  /** The tools offered to the model under the run options: WRITE needs allowWrite, BASH allowBash (SPEC PO-2). */
  offered(options: Pick<RunOptions, 'allowWrite' | 'allowBash'> & Partial<RunOptions>): Tool[] {
    return this.all().filter((tool) => isOffered(tool, options));
  }
}

/** A called tool name as the registry reads it: without a leading `functions.`. */
export function normalizeToolName(calledName: string): string {
  return calledName.startsWith(PROVIDER_PREFIX) ? calledName.slice(PROVIDER_PREFIX.length) : calledName;
}
