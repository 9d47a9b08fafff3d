import type { Static, TSchema } from 'typebox';
import type { StandardJsonSchema, StandardSchemaOutput } from '../standard-schema/standard-schema.js';

/**
 * A field's schema: a TypeBox schema (`Type.String()`, `Nested(() => Inner)`), or a Standard
 * Schema with a JSON Schema form (zod 4, ArkType, Valibot through `toStandardJsonSchema`).
 */
export type FieldSchema = TSchema | StandardJsonSchema;

/**
 * The type a field with this schema holds: TypeBox's static type, or a Standard Schema's output
 * type without `undefined` (a schema that accepts `undefined` makes the field optional instead).
 * A Standard Schema without a JSON Schema form matches no field type.
 */
export type FieldValue<Schema> = Schema extends StandardJsonSchema
  ? Exclude<StandardSchemaOutput<Schema>, undefined>
  : Schema extends { readonly '~standard': unknown }
    ? 'a Standard Schema without a JSON Schema form (~standard.jsonSchema)'
    : Schema extends TSchema
      ? Static<Schema>
      : never;

/** True when the schema itself lets the model leave the field out (a Standard Schema whose output admits `undefined`). */
export type SchemaAdmitsUndefined<Schema> = Schema extends StandardJsonSchema
  ? undefined extends StandardSchemaOutput<Schema>
    ? true
    : false
  : false;

/** Options every `@ToolParam` takes. */
export interface ParamOptionsBase {
  /** The wire name the model sees (`file_path`, `-i`); defaults to the property name. Never converted. */
  readonly name?: string;
  /** What the model reads about the parameter. Required and non-empty. */
  readonly description: string;
}

/** `@ToolParam` with an explicit schema (TypeBox, `Nested(() => Inner)`, or a Standard Schema). */
export interface SchemaParamOptions<Schema extends FieldSchema, Optional extends boolean> extends ParamOptionsBase {
  /** The parameter's schema; its static (or output) type must equal the field's declared type. */
  readonly schema: Schema;
  /** The model may leave it out; the field must then be declared with `?`. */
  readonly optional?: Optional;
  /** Filled in (after validation) when the model leaves it out; the field is then declared without `?`. */
  readonly default?: FieldValue<Schema>;
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

/** Either form of `@ToolParam` options, as the runtime sees them. */
export type AnyParamOptions =
  SchemaParamOptions<FieldSchema, boolean> | EnumParamOptions<readonly [string, ...string[]], boolean>;
