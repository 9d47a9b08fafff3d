import Type, { type TUnsafe } from 'typebox';
import { ToolwrightError, type ErrorCode } from '../errors/toolwright-error.js';
import type { AnyParamOptions } from './param-options.js';
import type { ParamDeclaration } from './param-registry.js';

const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What `@ToolParam(options)` declares about `property`, the same under either kind of
 * decorator. A mistake in the options is kept as the declaration's `problem`: legacy decorators
 * throw it at once, standard ones when the class is registered (both name `Class.property`).
 */
export function declareParam(options: AnyParamOptions, property: string, designType: unknown): ParamDeclaration {
  const name = options.name ?? property;
  return {
    property,
    name,
    description: options.description,
    schema: 'schema' in options ? options.schema : enumSchema(options.enum),
    optional: options.optional === true || options.default !== undefined,
    hasDefault: options.default !== undefined,
    defaultValue: options.default,
    designType,
    problem: findProblem(name, property, options),
  };
}

function findProblem(
  name: string,
  property: string,
  options: AnyParamOptions,
): ((where: string) => ToolwrightError) | undefined {
  const problem = (code: ErrorCode, sentence: string) => (where: string) =>
    new ToolwrightError(code, `${where}${sentence}`);
  if (typeof options.description !== 'string' || options.description.trim() === '') {
    return problem(
      'MISSING_DESCRIPTION',
      " has no description. Add @ToolParam({ description: '…' }): it is what the model reads about the parameter.",
    );
  }
  if (RESERVED_NAMES.has(name) || RESERVED_NAMES.has(property)) {
    return problem(
      'RESERVED_PARAMETER_NAME',
      ` uses the reserved name '${RESERVED_NAMES.has(name) ? name : property}', which could change object prototypes. Choose another name with @ToolParam({ name: '…' }).`,
    );
  }
  if (name === '') {
    return problem(
      'RESERVED_PARAMETER_NAME',
      ' has an empty wire name. Give @ToolParam({ name }) a non-empty string, or leave it out to use the property name.',
    );
  }
  if (!('schema' in options) && !('enum' in options)) {
    return problem(
      'INVALID_INPUT_CLASS',
      " has no schema. Give @ToolParam a 'schema' (a TypeBox schema, Nested(() => Class) or a Standard Schema) or an 'enum'.",
    );
  }
  if (options.optional === true && options.default !== undefined) {
    return problem(
      'INVALID_DEFAULT',
      " is marked optional and has a default. A field with a default is never absent after binding: remove 'optional: true' and declare the field without '?'.",
    );
  }
  return undefined;
}

/** The schema of a string enum, values in the order given. */
export function enumSchema(values: readonly string[]): TUnsafe<string> {
  return Type.Unsafe<string>({ type: 'string', enum: [...values] });
}
