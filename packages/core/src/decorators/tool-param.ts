import type { ParamDecorator } from './field-check.js';
import type { InputClass } from './input-class.js';
import { createParamDecorator } from './param-decorator.js';
import type {
  AnyParamOptions,
  EnumParamOptions,
  FieldSchema,
  FieldValue,
  SchemaAdmitsUndefined,
  SchemaParamOptions,
} from './param-options.js';
import type {
  ArrayItems,
  ArrayItemValue,
  ArrayShorthandOptions,
  NumberShorthandOptions,
  ShorthandOptions,
  StringShorthandOptions,
} from './shorthand-options.js';
import { shorthands } from './shorthands.js';

/**
 * `@ToolParam` and its shorthands. Every form declares one input field as a tool parameter with
 * an explicit schema, and the compiler checks that the field's TypeScript type equals the
 * schema's static type, optional fields included — under legacy decorators
 * (`experimentalDecorators`, with or without `emitDecoratorMetadata`) and under standard (TC39)
 * decorators alike.
 */
export interface ToolParamFactory {
  /** `@ToolParam({ description, schema })`: a TypeBox schema, `Nested(() => Inner)` or a Standard Schema. */
  <Schema extends FieldSchema, Optional extends boolean = false>(
    options: SchemaParamOptions<Schema, Optional>,
  ): ParamDecorator<FieldValue<Schema>, Optional extends true ? true : SchemaAdmitsUndefined<Schema>>;
  /** `@ToolParam({ description, enum: [...] })`: a string enum. */
  <const Values extends readonly [string, ...string[]], Optional extends boolean = false>(
    options: EnumParamOptions<Values, Optional>,
  ): ParamDecorator<Values[number], Optional>;
  /** `@ToolParam.string('Text to look for', { minLength: 1 })` — a `string` field. */
  string<Optional extends boolean = false>(
    description: string,
    options?: StringShorthandOptions<Optional>,
  ): ParamDecorator<string, Optional>;
  /** `@ToolParam.integer('Max results', { minimum: 1, default: 10 })` — a `number` field holding whole numbers. */
  integer<Optional extends boolean = false>(
    description: string,
    options?: NumberShorthandOptions<Optional>,
  ): ParamDecorator<number, Optional>;
  /** `@ToolParam.number('Ratio', { maximum: 1 })` — a `number` field. */
  number<Optional extends boolean = false>(
    description: string,
    options?: NumberShorthandOptions<Optional>,
  ): ParamDecorator<number, Optional>;
  /** `@ToolParam.boolean('Ignore case', { default: false })` — a `boolean` field. */
  boolean<Optional extends boolean = false>(
    description: string,
    options?: ShorthandOptions<boolean, Optional>,
  ): ParamDecorator<boolean, Optional>;
  /**
   * `@ToolParam.choice(['open', 'closed'], 'State')` — a string enum; the field is typed as the
   * union of the values. The same as {@link ToolParamFactory.enum}, under a name every compiler
   * accepts after `@`.
   */
  choice<const Values extends readonly [string, ...string[]], Optional extends boolean = false>(
    values: Values,
    description: string,
    options?: ShorthandOptions<Values[number], Optional>,
  ): ParamDecorator<Values[number], Optional>;
  /**
   * `@ToolParam.enum(['open', 'closed'], 'State')` — the same as {@link ToolParamFactory.choice}.
   * `enum` is a reserved word, which esbuild (and so tsx) refuses after `@` under standard
   * decorators; tsc, Vite and esbuild with `experimentalDecorators` accept it.
   */
  enum<const Values extends readonly [string, ...string[]], Optional extends boolean = false>(
    values: Values,
    description: string,
    options?: ShorthandOptions<Values[number], Optional>,
  ): ParamDecorator<Values[number], Optional>;
  /** `@ToolParam.array('string', 'Labels')`, `.array(() => Filter, 'Filters')`, `.array(schema, '…')` — an array field. */
  array<const Items extends ArrayItems, Optional extends boolean = false>(
    items: Items,
    description: string,
    options?: ArrayShorthandOptions<ArrayItemValue<Items>, Optional>,
  ): ParamDecorator<ArrayItemValue<Items>[], Optional>;
  /** `@ToolParam.nested(() => Address, 'Ship to')` — a field holding another input class, resolved lazily. */
  nested<Input extends object, Optional extends boolean = false>(
    resolve: () => InputClass<Input>,
    description: string,
    options?: ShorthandOptions<Input, Optional>,
  ): ParamDecorator<Input, Optional>;
}

/**
 * Declares one input field as a tool parameter. The field's schema is explicit, and the compiler
 * checks that the field's TypeScript type equals the schema's static type, optional fields
 * included. Works under legacy decorators (`experimentalDecorators`; `emitDecoratorMetadata`
 * adds a runtime cross-check) and under standard (TC39) decorators (TypeScript's default, esbuild
 * with a target, tsx, Vite, Bun).
 *
 * @example
 * class SearchInput {
 *   @ToolParam.string('Text to look for', { minLength: 1 })
 *   query!: string;
 *   @ToolParam({ name: '-i', description: 'Ignore case', schema: Type.Boolean(), default: false })
 *   ignoreCase!: boolean;
 *   @ToolParam.choice(['open', 'closed'], 'State', { optional: true })
 *   state?: 'open' | 'closed';
 * }
 */
export const ToolParam: ToolParamFactory = Object.assign(
  (options: AnyParamOptions) => createParamDecorator(options),
  shorthands,
) as unknown as ToolParamFactory;
