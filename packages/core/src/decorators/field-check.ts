/**
 * Compile-time agreement between a field and its `@ToolParam` schema. The decorator's `key`
 * parameter resolves to the field name when the field's declared type equals the schema's static
 * type and its optionality matches; otherwise to a sentence the compiler prints in its error.
 */

/** True when `A` and `B` are the same type (not merely assignable). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** True when `K` is declared optional (`?`) on `T`. */
export type IsOptionalField<T, K extends keyof T> = {} extends Pick<T, K> ? true : false;

/** The field name when field and schema agree; otherwise the reason they do not. */
export type FieldCheck<T, K extends string, Value, Optional extends boolean> = K extends keyof T
  ? IsOptionalField<T, K> extends Optional
    ? Equals<Exclude<T[K], undefined>, Value> extends true
      ? K
      : `@ToolParam: the declared type of '${K}' differs from its schema's type`
    : Optional extends true
      ? `@ToolParam: '${K}' is optional in its schema; declare it with '?'`
      : `@ToolParam: '${K}' is required in its schema (or has a default); remove the '?'`
  : `@ToolParam: '${K}' must be a public instance field`;

/** The type of the decorator `@ToolParam(...)` returns, checked against the field it decorates. */
export type ParamDecorator<Value, Optional extends boolean> = <T extends object, K extends string>(
  target: T,
  key: FieldCheck<T, K, Value, Optional>,
) => void;
