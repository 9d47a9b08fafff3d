import 'reflect-metadata';
import Type, { type Static, type TSchema, type TUnsafe } from 'typebox';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ParamDecorator } from './field-check.js';
import { fieldName, type InputClass } from './input-class.js';
import { addParam } from './param-registry.js';

/** Options every `@ToolParam` takes. */
interface ParamOptionsBase {
  /** The wire name the model sees (`file_path`, `-i`); defaults to the property name. Never converted. */
  readonly name?: string;
  /** What the model reads about the parameter. Required and non-empty. */
  readonly description: string;
}

/** `@ToolParam` with an explicit schema (TypeBox, or `Nested(() => Inner)`). */
export interface SchemaParamOptions<Schema extends TSchema, Optional extends boolean> extends ParamOptionsBase {
  /** The parameter's schema; its static type must equal the field's declared type. */
  readonly schema: Schema;
  /** The model may leave it out; the field must then be declared with `?`. */
  readonly optional?: Optional;
  /** Filled in (after validation) when the model leaves it out; the field is then declared without `?`. */
  readonly default?: Static<Schema>;
}

/** `@ToolParam` for a string enum: the schema is `{ type: 'string', enum: [...] }`. */
export interface EnumParamOptions<
  Values extends readonly [string, ...string[]],
  Optional extends boolean,
> extends ParamOptionsBase {
  /** The allowed values, in the order the model reads them. */
  readonly enum: Values;
  /** The model may leave it out; the field must then be declared with `?`. */
  readonly optional?: Optional;
  /** Filled in (after validation) when the model leaves it out. */
  readonly default?: Values[number];
}

const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Declares one input field as a tool parameter. The field's schema is explicit, and the compiler
 * checks that the field's TypeScript type equals the schema's static type, optional fields
 * included. Requires `"experimentalDecorators": true` and `"emitDecoratorMetadata": true`.
 *
 * @example
 * class SearchInput {
 *   @ToolParam({ description: 'Text to look for', schema: Type.String() })
 *   query!: string;
 *   @ToolParam({ name: '-i', description: 'Ignore case', schema: Type.Boolean(), default: false })
 *   ignoreCase!: boolean;
 * }
 */
export function ToolParam<Schema extends TSchema, Optional extends boolean = false>(
  options: SchemaParamOptions<Schema, Optional>,
): ParamDecorator<Static<Schema>, Optional>;
export function ToolParam<const Values extends readonly [string, ...string[]], Optional extends boolean = false>(
  options: EnumParamOptions<Values, Optional>,
): ParamDecorator<Values[number], Optional>;
export function ToolParam(
  options: SchemaParamOptions<TSchema, boolean> | EnumParamOptions<readonly [string, ...string[]], boolean>,
): (target: unknown, key: unknown) => unknown {
  return (target: unknown, key: unknown) => {
    if (isStandardDecoratorContext(key)) return standardDecoratorTrap(key);
    if (typeof target !== 'object' || target === null || typeof key !== 'string') {
      const owner = typeof target === 'function' ? (target as InputClass) : { name: '(unknown class)' };
      throw new ToolwrightError(
        'INVALID_INPUT_CLASS',
        `${fieldName(owner, String(key))}: @ToolParam belongs on a public instance field, not on a static member or method.`,
      );
    }
    const owner = target.constructor as InputClass;
    const where = fieldName(owner, key);
    const name = options.name ?? key;
    checkOptions(where, name, key, options);
    addParam(owner, {
      owner,
      property: key,
      name,
      description: options.description,
      schema: 'schema' in options ? options.schema : enumSchema(options.enum),
      optional: options.optional === true || options.default !== undefined,
      hasDefault: options.default !== undefined,
      defaultValue: options.default,
      designType: Reflect.getMetadata('design:type', target, key),
    });
    return undefined;
  };
}

function checkOptions(
  where: string,
  name: string,
  property: string,
  options: SchemaParamOptions<TSchema, boolean> | EnumParamOptions<readonly [string, ...string[]], boolean>,
): void {
  if (typeof options.description !== 'string' || options.description.trim() === '') {
    throw new ToolwrightError(
      'MISSING_DESCRIPTION',
      `${where} has no description. Add @ToolParam({ description: '…' }): it is what the model reads about the parameter.`,
    );
  }
  if (RESERVED_NAMES.has(name) || RESERVED_NAMES.has(property)) {
    throw new ToolwrightError(
      'RESERVED_PARAMETER_NAME',
      `${where} uses the reserved name '${RESERVED_NAMES.has(name) ? name : property}', which could change object prototypes. Choose another name with @ToolParam({ name: '…' }).`,
    );
  }
  if (name === '') {
    throw new ToolwrightError(
      'RESERVED_PARAMETER_NAME',
      `${where} has an empty wire name. Give @ToolParam({ name }) a non-empty string, or leave it out to use the property name.`,
    );
  }
  if (!('schema' in options) && !('enum' in options)) {
    throw new ToolwrightError(
      'INVALID_INPUT_CLASS',
      `${where} has no schema. Give @ToolParam a 'schema' (a TypeBox schema, or Nested(() => Class)) or an 'enum'.`,
    );
  }
  if (options.optional === true && options.default !== undefined) {
    throw new ToolwrightError(
      'INVALID_DEFAULT',
      `${where} is marked optional and has a default. A field with a default is never absent after binding: remove 'optional: true' and declare the field without '?'.`,
    );
  }
}

function enumSchema(values: readonly string[]): TUnsafe<string> {
  return Type.Unsafe<string>({ type: 'string', enum: [...values] });
}

interface StandardDecoratorContext {
  readonly kind: string;
  readonly name: string | symbol;
}

function isStandardDecoratorContext(value: unknown): value is StandardDecoratorContext {
  return typeof value === 'object' && value !== null && 'kind' in value && 'name' in value;
}

const STANDARD_DECORATORS_FIX =
  'toolwright reads TypeScript\'s legacy decorators: set "experimentalDecorators": true and "emitDecoratorMetadata": true in the tsconfig.json that compiles this file, then rebuild.';

/**
 * Under standard (TC39) decorators a field decorator never sees its class. The initializer it
 * returns runs on construction, when the class is known, and refuses there; registration
 * constructs each input class once, so the mistake surfaces when the tool is created.
 */
function standardDecoratorTrap(context: StandardDecoratorContext): (this: unknown) => never {
  const property = String(context.name);
  if (context.kind !== 'field') {
    throw new ToolwrightError(
      'STANDARD_DECORATORS',
      `@ToolParam on '${property}' was compiled as a standard (TC39) ${context.kind} decorator. ${STANDARD_DECORATORS_FIX}`,
    );
  }
  return function (this: unknown): never {
    const owner =
      typeof this === 'object' && this !== null ? (this.constructor as { name: string }) : { name: '(unknown class)' };
    throw new ToolwrightError(
      'STANDARD_DECORATORS',
      `${fieldName(owner, property)}: @ToolParam was compiled as a standard (TC39) decorator. ${STANDARD_DECORATORS_FIX}`,
    );
  };
}
