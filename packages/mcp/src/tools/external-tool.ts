import {
  AbstractTool,
  compileSchemaValidator,
  ToolResult,
  ToolwrightError,
  type SchemaValidator,
  type Concurrency,
  type ExternalToolDefinition,
  type SafetyLevel,
  type ToolContext,
  type ToolInput,
  type ToolSafety,
} from '@toolwright/core';
import { formatViolations, isExternalToolDefinition, shortenText } from '@toolwright/core/internal';
import { closeOpenObjects } from './close-open-objects.js';

/** Runs one call of an external tool (an MCP `tools/call`, an HTTP request, …): the content or a full result; throw to fail. */
export type ExternalToolInvoker = (
  input: ToolInput,
  context: ToolContext,
) => Promise<ToolResult | string> | ToolResult | string;

/** How an external definition becomes a tool the gate can run. */
export interface ExternalToolOptions {
  /** The name the model calls (`^[a-zA-Z0-9_-]{1,64}$`). Default: the definition's name. */
  readonly name?: string;
  /** What the tool may do. Required: an external source's hints are not a safe guess. */
  readonly safety: SafetyLevel | ToolSafety;
  /** Parallel or exclusive; READ_ONLY defaults to PARALLEL, the others to EXCLUSIVE. */
  readonly concurrency?: Concurrency;
  /** Does the work of one call. */
  readonly invoke: ExternalToolInvoker;
  /**
   * What a key outside an open object's `properties` does (an object schema that says nothing of
   * other keys, which JSON Schema lets take any key). `'refuse'` (default): the tool's schema
   * closes such objects (`additionalProperties: false`), so the model is told, the gate's
   * validation names the key with a did-you-mean, and the tool itself refuses a call carrying
   * one whatever the gate's schema mode — its source would likely drop the key without a word.
   * `'pass'`: the schema is the source's, and such keys go through.
   */
  readonly openObjects?: 'refuse' | 'pass';
}

/**
 * An AbstractTool over an {@link ExternalToolDefinition} (SPEC MC-2, SC-2): its schemas are the
 * definition's checked copies, and only a definition made by `createExternalToolDefinition` is
 * accepted, so no path around the schema rules exists. Registered in a ToolGate like any local
 * tool, so permissions, validation, policies and limits apply to it the same way.
 */
export class ExternalTool extends AbstractTool {
  /** The checked definition this tool was made from. */
  readonly definition: ExternalToolDefinition;
  readonly #invoke: ExternalToolInvoker;

  constructor(definition: ExternalToolDefinition, options: ExternalToolOptions) {
    if (!isExternalToolDefinition(definition)) {
      throw new ToolwrightError(
        'INVALID_TOOL_DEFINITION',
        'An ExternalTool needs a definition made by createExternalToolDefinition, which checks its schemas.',
      );
    }
    super({
      name: options.name ?? definition.name,
      description: describe(definition),
      ...titleOf(definition),
      safety: options.safety,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      inputSchema: options.openObjects === 'pass' ? definition.inputSchema : closeOpenObjects(definition.inputSchema),
      ...(definition.outputSchema === undefined ? {} : { outputSchema: definition.outputSchema }),
    });
    this.definition = definition;
    this.#invoke = options.invoke;
    this.#closed = this.inputSchema !== definition.inputSchema;
  }

  /** True when this tool's schema closed objects its source left open. */
  readonly #closed: boolean;
  #keys: SchemaValidator | undefined;

  protected run(input: ToolInput, context: ToolContext): Promise<ToolResult | string> | ToolResult | string {
    if (this.#closed) {
      this.#keys ??= compileSchemaValidator(this.inputSchema);
      const unknown = this.#keys.validate(input.toJSON()).filter((violation) => violation.kind === 'unknown');
      if (unknown.length > 0) return ToolResult.error(formatViolations(unknown));
    }
    return this.#invoke(input, context);
  }
}

/** The source's title for people, when it gave a usable one: cut to 200 characters (it is untrusted text). */
function titleOf(definition: ExternalToolDefinition): { title?: string } {
  const title = definition.annotations.title?.trim();
  return title === undefined || title === '' ? {} : { title: shortenText(title, MAX_TITLE_CHARS) };
}

const MAX_TITLE_CHARS = 200;

/** The definition's description, or — when its source gave none — its title and origin, so the model has something to go on. */
function describe(definition: ExternalToolDefinition): string {
  if (definition.description.trim() !== '') return definition.description;
  return `${definition.annotations.title ?? definition.name} (a tool from ${definition.origin}; its source gives no description).`;
}
