import { binderFor, bindWith, type InputBinder } from '../binder/bind-input.js';
import { checkConformanceWith } from '../binder/conforming-inputs.js';
import { structureOutput } from '../binder/structure-output.js';
import type { InputClass } from '../decorators/input-class.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { ToolInput } from '../input/tool-input.js';
import { buildInputSchema } from '../schema/build-input-schema.js';
import { formatViolations, type Violation } from '../validation/violation.js';
import { AbstractTool, isThenable, type ToolDefinition } from './abstract-tool.js';
import { assertNotOverridden } from './final-members.js';
import type { ToolContext } from './tool-context.js';
import { ToolResult } from './tool-result.js';

/**
 * How a {@link GenericTool} describes itself: a tool definition plus its input class, and the
 * class of its output when the output is structured.
 */
export interface GenericToolDefinition<Input extends object, Output = unknown> extends ToolDefinition {
  /** The class whose `@ToolParam` fields are the tool's parameters: the one source of schema and binding. */
  readonly input: InputClass<Input>;
  /**
   * The class whose `@ToolParam` fields describe what `doExecute` returns (SPEC CO-4): the one
   * source of the tool's `outputSchema` and of its results' structured payload. Its instances must
   * be `Output`s, so it can be given only when `Output` is an object type; use the class itself as
   * `Output`. Not together with `outputSchema`.
   */
  readonly output?: OutputClass<Output>;
}

/** The output class a tool whose `doExecute` returns `Output` may declare: none unless `Output` is an object type. */
export type OutputClass<Output> = [Output] extends [object] ? new () => Output : never;

/**
 * A tool whose schema and binding both come from one input class (SPEC TC-6). `execute` and
 * `run` are final: the input is bound to a real `Input` instance (violations come back as one
 * error result, in the gate's sentences), then `doExecute` runs and `render` turns its output
 * into the text the model reads. Whatever `doExecute` or `render` throws becomes an error result.
 * Business rules (ranges, ReDoS guards) belong in `doExecute`.
 *
 * With an output class (`output: SearchOutput`, SPEC CO-4) the tool also has an `outputSchema`,
 * derived as the input schema is, and each successful result carries the output as its structured
 * payload (wire names, defaults filled in), which a gate checks against that schema.
 *
 * @example
 * class SearchTool extends GenericTool<SearchInput, string[]> {
 *   constructor() {
 *     super({ name: 'search', description: 'Searches the catalogue', safety: SafetyLevel.READ_ONLY, input: SearchInput });
 *   }
 *   protected doExecute(input: SearchInput) { return catalogue.find(input.query); }
 *   protected render(hits: string[]) { return hits.join('\n'); }
 * }
 */
export abstract class GenericTool<Input extends object, Output = string> extends AbstractTool {
  /** The input class the schema and the binding come from. */
  readonly inputClass: InputClass<Input>;
  /** The output class the output schema and the structured payload come from, when the tool has one. */
  readonly outputClass?: OutputClass<Output>;
  /** How calls are bound: the class's schema check (whatever a subclass does to `inputSchema`), model and copier. */
  readonly #binder: InputBinder<Input>;

  /**
   * The violations binding `input` would report for `tool`, without running it, when `tool` is a
   * GenericTool whose `inputSchema` is the one its binding checks; `undefined` for any other tool.
   * A ToolInput found conforming here is not checked again when this call is bound (a gate's
   * ENFORCE check is then the call's one validation). Nothing but this check can mark an input
   * conforming, so a tool or a model cannot claim it.
   */
  static checkInput(tool: unknown, input: ToolInput): readonly Violation[] | undefined {
    if (typeof tool !== 'object' || tool === null || !(#binder in tool)) return undefined;
    const check = tool.#binder.check;
    if ((tool as { inputSchema?: unknown }).inputSchema !== check.schema || !ToolInput.isInstance(input))
      return undefined;
    return checkConformanceWith(check, input);
  }

  protected constructor(definition: GenericToolDefinition<Input, Output>) {
    const outputClass = checkOutputClass(definition);
    super({
      ...definition,
      inputSchema: buildInputSchema(definition.input),
      ...(outputClass === undefined ? {} : { outputSchema: buildInputSchema(outputClass) }),
    });
    assertNotOverridden(
      new.target.prototype as object,
      GenericTool,
      ['run'],
      'Implement doExecute() and render() instead.',
    );
    this.#binder = binderFor(definition.input);
    checkSubject(definition, this.inputSchema);
    this.inputClass = definition.input;
    if (outputClass !== undefined) this.outputClass = outputClass as OutputClass<Output>;
  }

  /** Does the work with the bound input. Throw or reject to fail; the call still yields a result. */
  protected abstract doExecute(input: Input, context: ToolContext): Promise<Output> | Output;

  /** Turns the output into the text the model reads, or into a full result (to mark an error or add metadata). */
  protected abstract render(output: Output): string | ToolResult;

  /**
   * Final: binds, then `doExecute`, then `render`. Answers without waiting when `doExecute` does,
   * so a synchronous tool costs its caller no promise.
   */
  protected override run(input: ToolInput, context: ToolContext): Promise<ToolResult | string> | ToolResult | string {
    const bound = bindWith(this.#binder, input);
    if (!bound.ok)
      return ToolResult.error(formatViolations(bound.violations), { metadata: { violations: bound.violations } });
    const output = this.doExecute(bound.value, context);
    return isThenable(output) ? this.#finishLater(output) : this.#finish(output);
  }

  /** Finishes an output that had to be waited for (a method apart: a synchronous call makes no closure). */
  #finishLater(output: PromiseLike<Output>): Promise<ToolResult | string> {
    return Promise.resolve(output).then((settled) => this.#finish(settled));
  }

  /**
   * The result of an output: its rendering and, for a tool with an output class, the structured
   * payload on a successful result that has none of its own (an error result carries none).
   */
  #finish(output: Output): ToolResult | string {
    const outputClass = this.outputClass;
    if (outputClass === undefined) return this.render(output);
    const structured = structureOutput(outputClass, output);
    const rendered = this.render(output);
    if (typeof rendered === 'string') return ToolResult.ok(rendered, { structured });
    if (!ToolResult.isToolResult(rendered) || rendered.isError || rendered.structured !== undefined) return rendered;
    return ToolResult.derive(rendered, { structured });
  }
}

/** The definition's output class, when it names one: a class, and not beside a hand-written output schema. */
function checkOutputClass(definition: GenericToolDefinition<object, unknown>): InputClass | undefined {
  const outputClass: unknown = definition.output;
  if (outputClass === undefined) return undefined;
  if (typeof outputClass !== 'function')
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      `Tool '${definition.name}' has an output that is not a class; give the class whose @ToolParam fields describe the output.`,
    );
  if (definition.outputSchema !== undefined)
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      `Tool '${definition.name}' has both an output class and an outputSchema; the class is the one source of the schema, so give only the class.`,
    );
  return outputClass as InputClass;
}

function checkSubject(definition: GenericToolDefinition<object, unknown>, inputSchema: object): void {
  const parameter = definition.subject?.parameter;
  if (parameter === undefined) return;
  const properties = (inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
  if (!Object.hasOwn(properties, parameter)) {
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      `Tool '${definition.name}' takes its permission subject from '${parameter}', which ${definition.input.name} does not declare. Name one of its wire names: ${Object.keys(properties).join(', ')}.`,
    );
  }
}
