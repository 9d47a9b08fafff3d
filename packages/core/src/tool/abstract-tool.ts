import { ToolwrightError } from '../errors/toolwright-error.js';
import { ToolInput } from '../input/tool-input.js';
import type { JsonObject } from '../json/json.js';
import { millisecondsProblem } from '../time/milliseconds.js';
import { assertNotOverridden } from './final-members.js';
import type { PermissionSubject, SubjectSource } from './permission-subject.js';
import { Concurrency, SafetyLevel, toToolSafety, type ToolSafety } from './safety.js';
import type { ToolContext } from './tool-context.js';
import { isToolName } from './tool-name.js';
import { ToolResult } from './tool-result.js';
import type { ResourceClaim, Tool } from './tool.js';

/** How a tool describes itself to {@link AbstractTool}. */
export interface ToolDefinition {
  /** The name the model calls: 1–64 letters, digits, `_` or `-`. */
  readonly name: string;
  /** What the model reads about the tool. Non-empty. */
  readonly description: string;
  /** A name for people (an MCP client's tool list, the generated docs): `Read file`. Non-empty when given. */
  readonly title?: string;
  /**
   * What the tool may do; a level, or a level and whether it is destructive (and, when the tool can
   * say, whether a repeated call changes anything more and whether it reaches an open world).
   * Required: there is no safe guess.
   */
  readonly safety: SafetyLevel | ToolSafety;
  /** Parallel or exclusive; READ_ONLY tools default to PARALLEL, the others to EXCLUSIVE. */
  readonly concurrency?: Concurrency;
  /**
   * The longest one call may take, in whole ms (1 to 2,147,483,647), for a tool that needs more
   * (or less) than the host's general limit: the gate ends the call after it. A host's limit for
   * this tool by name (`toolTimeoutsMs`) still wins; without either, the host's `timeoutMs` applies.
   */
  readonly timeoutMs?: number;
  /** The input field permission patterns are matched against (Bash → `command`, Read → `file_path`). */
  readonly subject?: SubjectSource;
  /** The resources one call touches, for input-aware concurrency (PO-6): what it changes, or what it reads and changes. */
  readonly resourceKeys?: (input: ToolInput, cwd?: string) => readonly string[] | ResourceClaim;
  /**
   * Other tool names whose permission rules apply to this tool's calls too, as in Claude Code:
   * Grep, Glob and Ls answer to `Read(...)` rules, Write to `Edit(...)` rules.
   */
  readonly permissionAliases?: readonly string[];
  /** The JSON Schema of a structured output, when the tool has one. */
  readonly outputSchema?: JsonObject;
}

/** The definition of a tool with a hand-written input schema. */
export interface AbstractToolDefinition extends ToolDefinition {
  /** The input's JSON Schema; its top level should say `additionalProperties: false` (TC-5). */
  readonly inputSchema: JsonObject;
}

/**
 * The key of a tool's synchronous-when-possible `execute`: it returns the result itself when the
 * call finished without waiting, else a promise of it. A call that finished without waiting and
 * answered with text alone returns that text: it stands for the successful result with that
 * content and nothing else, which the caller builds (the gate builds it once, with the call's
 * duration, instead of building it and then a copy). Never throws, never rejects. The gate uses it
 * so a synchronous tool costs no promise or timer; anything else uses `execute`.
 */
export const EXECUTE_NOW = Symbol.for('toolwright.tool.executeNow');

/**
 * The base of every toolwright tool (SPEC TC-5). `execute` is final: it coerces the input,
 * calls {@link AbstractTool.run}, and turns whatever that throws or rejects (Errors and
 * non-Errors alike) into an error result, so `execute` never rejects. Extend it directly for
 * tools with a hand-written schema (a few parameters, or keys known only at run time, like MCP
 * delegation); use `GenericTool` to derive the schema from an input class.
 */
export abstract class AbstractTool implements Tool {
  readonly name: string;
  readonly description: string;
  readonly title?: string;
  readonly inputSchema: JsonObject;
  readonly outputSchema?: JsonObject;
  readonly safety: ToolSafety;
  readonly concurrency: Concurrency;
  readonly timeoutMs?: number;
  readonly permissionAliases?: readonly string[];
  readonly #subject: SubjectSource | undefined;
  readonly #resourceKeys: ((input: ToolInput, cwd?: string) => readonly string[] | ResourceClaim) | undefined;

  /** Runs one call; never throws, never rejects. Final: implement `run` (or `doExecute` in GenericTool). */
  declare readonly execute: (input: ToolInput, context: ToolContext) => Promise<ToolResult>;

  protected constructor(definition: AbstractToolDefinition) {
    assertNotOverridden(new.target.prototype as object, AbstractTool, ['execute'], 'Implement run() instead.');
    checkDefinition(definition);
    this.name = definition.name;
    this.description = definition.description;
    if (definition.title !== undefined) this.title = definition.title;
    this.inputSchema = definition.inputSchema;
    if (definition.outputSchema !== undefined) this.outputSchema = definition.outputSchema;
    this.safety = toToolSafety(definition.safety);
    this.concurrency =
      definition.concurrency ??
      (this.safety.level === SafetyLevel.READ_ONLY ? Concurrency.PARALLEL : Concurrency.EXCLUSIVE);
    if (definition.timeoutMs !== undefined) this.timeoutMs = definition.timeoutMs;
    this.#subject = definition.subject;
    if (definition.permissionAliases !== undefined && definition.permissionAliases.length > 0)
      this.permissionAliases = Object.freeze([...definition.permissionAliases]);
    this.#resourceKeys = definition.resourceKeys;
    const executeNow = (input: unknown, context: ToolContext): ToolResult | string | Promise<ToolResult> =>
      this.#executeNow(input, context);
    Object.defineProperty(this, 'execute', {
      value: (input: unknown, context: ToolContext) => {
        const outcome = executeNow(input, context);
        return Promise.resolve(typeof outcome === 'string' ? ToolResult.ok(outcome) : outcome);
      },
      enumerable: false,
      writable: false,
      configurable: false,
    });
    Object.defineProperty(this, EXECUTE_NOW, {
      value: executeNow,
      enumerable: false,
      writable: false,
      configurable: false,
    });
  }

  /** Does the work of one call: return the content (or a full result); throw to fail. */
  protected abstract run(input: ToolInput, context: ToolContext): Promise<ToolResult | string> | ToolResult | string;

  /** The subject from the declared input field: its fallback when absent, `''` when not a string (PM-5 denies). */
  permissionSubject(input: ToolInput): PermissionSubject | undefined {
    if (this.#subject === undefined) return undefined;
    const value = input.get(this.#subject.parameter);
    const tree = this.#subject.tree === true ? { tree: true } : {};
    if (value === undefined) return { kind: this.#subject.kind, value: this.#subject.fallback ?? '', ...tree };
    return { kind: this.#subject.kind, value: typeof value === 'string' ? value : '', ...tree };
  }

  /** The resources one call touches; none declared means the tool's concurrency alone decides. */
  resourceKeys(input: ToolInput, cwd?: string): readonly string[] | ResourceClaim {
    return this.#resourceKeys?.(input, cwd) ?? [];
  }

  /**
   * Runs one call: the result itself (or, for text alone, the text: see {@link EXECUTE_NOW}) when
   * `run` answered without waiting, else a promise of the result. Never throws.
   */
  #executeNow(input: unknown, context: ToolContext): ToolResult | string | Promise<ToolResult> {
    try {
      // No arguments at all (null or undefined) means an empty input, as a JSON null does anywhere (TC-1).
      const output = this.run(input === null || input === undefined ? ToolInput.EMPTY : ToolInput.of(input), context);
      if (isThenable(output)) return this.#settle(output);
      return typeof output === 'string' ? output : this.#toResult(output);
    } catch (thrown) {
      return this.#failure(thrown);
    }
  }

  async #settle(pending: PromiseLike<ToolResult | string>): Promise<ToolResult> {
    try {
      return this.#toResult(await pending);
    } catch (thrown) {
      return this.#failure(thrown);
    }
  }

  #toResult(output: unknown): ToolResult {
    if (typeof output === 'string') return ToolResult.ok(output);
    if (ToolResult.isToolResult(output)) return output;
    return ToolResult.error(`Tool '${this.name}' returned neither text nor a tool result.`);
  }

  #failure(thrown: unknown): ToolResult {
    try {
      return ToolResult.fromException(this.name, thrown);
    } catch {
      return ToolResult.error(`Tool '${this.name}' failed.`);
    }
  }
}

/**
 * Marks AbstractTool and, through static inheritance, every class that extends it, in a way any
 * copy of core recognises: a plugin's tool classes come from the plugin's own copy of core, which
 * need not be the one that loads them (the `toolwright` command is a bundle with a copy of its own).
 */
const TOOL_CLASS = Symbol.for('toolwright.toolClass');
Object.defineProperty(AbstractTool, TOOL_CLASS, {
  value: true,
  enumerable: false,
  writable: false,
  configurable: false,
});

/** True for every class that extends AbstractTool (not AbstractTool itself), from any copy of core. */
export function isToolClass(value: unknown): value is (new () => Tool) & { readonly prototype: object } {
  return (
    typeof value === 'function' &&
    (value as unknown as Record<symbol, unknown>)[TOOL_CLASS] === true &&
    !Object.hasOwn(value, TOOL_CLASS)
  );
}

/** True for a promise or any object with a `then` method (what `await` would wait for). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function checkDefinition(definition: AbstractToolDefinition): void {
  const name = String(definition.name);
  if (!isToolName(name)) {
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      `Tool name '${name}' is not usable: providers accept 1 to 64 letters, digits, '_' or '-'.`,
    );
  }
  if (typeof definition.description !== 'string' || definition.description.trim() === '') {
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      `Tool '${name}' has no description; the model needs one to choose it.`,
    );
  }
  const level = typeof definition.safety === 'string' ? definition.safety : definition.safety?.level;
  if (!Object.values(SafetyLevel).includes(level as SafetyLevel)) {
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      `Tool '${name}' must declare its safety: READ_ONLY, WRITE or BASH.`,
    );
  }
  if (typeof definition.safety === 'object') {
    for (const hint of ['idempotent', 'openWorld'] as const) {
      const value: unknown = definition.safety[hint];
      if (value !== undefined && typeof value !== 'boolean')
        throw new ToolwrightError(
          'INVALID_TOOL_DEFINITION',
          `Tool '${name}' has safety.${hint} ${JSON.stringify(value) ?? String(value)}; it must be true or false, or left out.`,
        );
    }
  }
  if (definition.title !== undefined && (typeof definition.title !== 'string' || definition.title.trim() === ''))
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      `Tool '${name}' has an empty or non-text title; give a short name for people, or leave it out.`,
    );
  const timeoutProblem =
    definition.timeoutMs === undefined
      ? undefined
      : millisecondsProblem(`Tool '${name}': timeoutMs`, definition.timeoutMs);
  if (timeoutProblem !== undefined) throw new ToolwrightError('INVALID_TOOL_DEFINITION', timeoutProblem);
  if (
    typeof definition.inputSchema !== 'object' ||
    definition.inputSchema === null ||
    Array.isArray(definition.inputSchema)
  ) {
    throw new ToolwrightError('INVALID_TOOL_DEFINITION', `Tool '${name}' needs an input schema object.`);
  }
}
