import Type, { type TSchema } from 'typebox';
import { isStandardSchema } from '../standard-schema/standard-schema.js';
import { enumSchema } from './declare-param.js';
import type { InputClass } from './input-class.js';
import { Nested } from './nested.js';
import { createParamDecorator, type RuntimeParamDecorator } from './param-decorator.js';
import type { ShorthandKind, ShorthandOptions } from './shorthand-options.js';

const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format'] as const;
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;
const ARRAY_KEYWORDS = ['minItems', 'maxItems', 'uniqueItems'] as const;

type Options = ShorthandOptions<unknown, boolean> & Record<string, unknown>;

/**
 * The runtime of the `@ToolParam` shorthands (`ToolParam.string(…)`, `.integer`, `.number`,
 * `.boolean`, `.choice` (also `.enum`), `.array`, `.nested`): each builds the field's schema from its kind and
 * keyword options, then declares the field exactly as `@ToolParam({ … })` would. Their types live
 * on {@link ToolParamFactory}.
 */
export const shorthands = {
  string(description: string, options: Options = {}): RuntimeParamDecorator {
    return declare(description, options, Type.String(pick(options, STRING_KEYWORDS)));
  },
  integer(description: string, options: Options = {}): RuntimeParamDecorator {
    return declare(description, options, Type.Integer(pick(options, NUMBER_KEYWORDS)));
  },
  number(description: string, options: Options = {}): RuntimeParamDecorator {
    return declare(description, options, Type.Number(pick(options, NUMBER_KEYWORDS)));
  },
  boolean(description: string, options: Options = {}): RuntimeParamDecorator {
    return declare(description, options, Type.Boolean());
  },
  choice(values: readonly string[], description: string, options: Options = {}): RuntimeParamDecorator {
    return declare(description, options, enumSchema(values));
  },
  enum(values: readonly string[], description: string, options: Options = {}): RuntimeParamDecorator {
    return declare(description, options, enumSchema(values));
  },
  array(items: unknown, description: string, options: Options = {}): RuntimeParamDecorator {
    return declare(description, options, { type: 'array', items: itemSchema(items), ...pick(options, ARRAY_KEYWORDS) });
  },
  nested(resolve: () => InputClass, description: string, options: Options = {}): RuntimeParamDecorator {
    return declare(description, options, Nested(resolve));
  },
};

function declare(description: string, options: Options, schema: unknown): RuntimeParamDecorator {
  return createParamDecorator({
    ...(options.name === undefined ? {} : { name: options.name }),
    description,
    schema: schema as TSchema,
    ...(options.optional === undefined ? {} : { optional: options.optional }),
    ...(options.default === undefined ? {} : { default: options.default }),
  });
}

const KIND_SCHEMAS: Readonly<Record<ShorthandKind, () => TSchema>> = {
  string: () => Type.String(),
  integer: () => Type.Integer(),
  number: () => Type.Number(),
  boolean: () => Type.Boolean(),
};

/** A kind word, a class thunk or a schema, as the schema of array items. */
function itemSchema(items: unknown): unknown {
  if (typeof items === 'string' && Object.hasOwn(KIND_SCHEMAS, items)) return KIND_SCHEMAS[items as ShorthandKind]();
  if (isStandardSchema(items)) return items;
  if (typeof items === 'function') return Nested(items as () => InputClass);
  return items;
}

function pick(options: Options, keywords: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const keyword of keywords) if (options[keyword] !== undefined) picked[keyword] = options[keyword];
  return picked;
}
