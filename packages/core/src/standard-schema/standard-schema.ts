/**
 * The Standard Schema (v1) and Standard JSON Schema (v1) interfaces, written out structurally as
 * their specifications intend (https://standardschema.dev): zod 4, ArkType 2 and Valibot (through
 * `toStandardJsonSchema` from `@valibot/to-json-schema`) implement them, and toolwright depends on
 * none of these libraries.
 */

/** The static types a Standard Schema carries, for inference only. */
export interface StandardSchemaTypes<Input = unknown, Output = Input> {
  /** The type the schema accepts. */
  readonly input: Input;
  /** The type the schema produces. */
  readonly output: Output;
}

/** One problem a Standard Schema reports. */
export interface StandardSchemaIssue {
  /** What is wrong, in the library's words. */
  readonly message: string;
  /** Where, from the validated value's root. */
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What a Standard Schema's `validate` returns: the output value, or the issues. */
export type StandardSchemaResult<Output> =
  { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardSchemaIssue> };

/** The target dialect a Standard JSON Schema converter is asked for. */
export type StandardJsonSchemaTarget = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {});

/** The options of a Standard JSON Schema conversion. */
export interface StandardJsonSchemaOptions {
  /** The JSON Schema dialect to write. */
  readonly target: StandardJsonSchemaTarget;
  /** Options only the library understands. */
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** Converts a schema to JSON Schema; either function may throw when the schema has no JSON form. */
export interface StandardJsonSchemaConverter {
  /** The JSON Schema of what the schema accepts. */
  readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
  /** The JSON Schema of what the schema produces. */
  readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
}

/** The `~standard` properties of a schema that has a JSON Schema form. */
export interface StandardJsonSchemaProps<Input = unknown, Output = Input> {
  /** The version of the Standard interfaces: 1. */
  readonly version: 1;
  /** The library that made the schema (`zod`, `arktype`, `valibot`). */
  readonly vendor: string;
  /**
   * Validates a value (Standard Schema). toolwright calls it only at registration: on sample values,
   * to see that it keeps them as they are, and on `undefined` when no default is declared, to learn
   * whether the field may be left out; never during a call.
   */
  readonly validate?: (
    value: unknown,
    options?: { readonly libraryOptions?: Record<string, unknown> | undefined },
  ) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>;
  /** The schema's static types, for inference only. */
  readonly types?: StandardSchemaTypes<Input, Output> | undefined;
  /** The JSON Schema forms of the schema (Standard JSON Schema). */
  readonly jsonSchema: StandardJsonSchemaConverter;
}

/**
 * A schema from another library that a `@ToolParam` field may use: a Standard Schema with a JSON
 * Schema form (the Standard JSON Schema interface) — a zod 4 or ArkType schema as it is, a
 * Valibot schema wrapped in `toStandardJsonSchema(...)`.
 */
export interface StandardJsonSchema<Input = unknown, Output = Input> {
  /** The Standard properties. */
  readonly '~standard': StandardJsonSchemaProps<Input, Output>;
}

/** The output type of a Standard Schema (what its field holds). */
export type StandardSchemaOutput<Schema extends StandardJsonSchema> = NonNullable<
  Schema['~standard']['types']
>['output'];

/** True for a value that carries the Standard properties (`~standard`), with or without a JSON Schema form. */
export function isStandardSchema(value: unknown): value is { readonly '~standard': Record<string, unknown> } {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as Record<string, unknown>)['~standard'];
  return typeof props === 'object' && props !== null;
}

/** True for a Standard Schema with a JSON Schema converter (`~standard.jsonSchema.input`). */
export function hasJsonSchemaForm(value: unknown): value is StandardJsonSchema {
  if (!isStandardSchema(value)) return false;
  const converter = value['~standard'].jsonSchema as Partial<StandardJsonSchemaConverter> | undefined;
  return typeof converter === 'object' && converter !== null && typeof converter.input === 'function';
}
