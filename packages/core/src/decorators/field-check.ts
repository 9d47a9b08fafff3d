/**
 * Compile-time agreement between a field and its `@ToolParam` schema, under both kinds of
 * decorator. With `experimentalDecorators`, the decorator's `key` parameter resolves to the
 * field name when the field's declared type equals the schema's static type and its optionality
 * matches, otherwise to a sentence the compiler prints in its error. With standard (TC39)
 * decorators, the same verdict is required of the decorator context: a disagreement adds a
 * property the context lacks, named `@ToolParam` and holding the same sentence.
 */

/** True when `A` and `B` are the same type (not merely assignable). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** True when `K` is declared optional (`?`) on `T`. */
export type IsOptionalField<T, K extends keyof T> = {} extends Pick<T, K> ? true : false;

/** `U` as a single member of `U` (the last the compiler lists), for joining a union one member at a time. */
type LastOf<U> = (
  (U extends unknown ? (x: () => U) => void : never) extends (x: infer I) => void ? I : never
) extends () => infer L
  ? L
  : never;

/** A union of string literals written as TypeScript writes it: `'fast' | 'slow'`. */
type JoinLiterals<U, Written extends string = ''> = [U] extends [never]
  ? Written
  : LastOf<U> extends infer L extends string
    ? JoinLiterals<Exclude<U, L>, Written extends '' ? `'${L}'` : `'${L}' | ${Written}`>
    : Written;

/**
 * For a schema of string literals (an enum), the type the field must be declared with — an enum
 * field declared `string` is told the union it should be; nothing for other schemas.
 */
type DeclareAs<Value> = [Value] extends [string]
  ? string extends Value
    ? ''
    : `: declare it as ${JoinLiterals<Value>}`
  : '';

/** The field name when field and schema agree; otherwise the reason they do not. */
export type FieldCheck<T, K extends string, Value, Optional extends boolean> = K extends keyof T
  ? IsOptionalField<T, K> extends Optional
    ? Equals<Exclude<T[K], undefined>, Value> extends true
      ? K
      : `@ToolParam: the declared type of '${K}' differs from its schema's type${DeclareAs<Value>}`
    : Optional extends true
      ? `@ToolParam: '${K}' is optional in its schema; declare it with '?'`
      : `@ToolParam: '${K}' is required in its schema (or has a default); remove the '?'`
  : `@ToolParam: '${K}' must be a public instance field`;

/**
 * Under standard decorators: nothing more is required of the context when field and schema
 * agree; otherwise a property named `@ToolParam` holding the reason, which the context lacks.
 */
export type StandardFieldVerdict<This, Name, Value, Optional extends boolean> = Name extends string
  ? FieldCheck<This, Name, Value, Optional> extends Name
    ? unknown
    : { readonly '@ToolParam': FieldCheck<This, Name, Value, Optional> }
  : { readonly '@ToolParam': 'a field with a symbol name cannot be a parameter' };

/** The standard decorator context of a public instance field named `Name`. */
export type PublicFieldContext<This, FieldType, Name> = ClassFieldDecoratorContext<This, FieldType> & {
  readonly name: Name;
  readonly static: false;
  readonly private: false;
};

/**
 * The type of the decorator `@ToolParam(...)` returns, checked against the field it decorates:
 * the first signature is how `experimentalDecorators` call it, the second how standard (TC39)
 * decorators do.
 */
export interface ParamDecorator<Value, Optional extends boolean> {
  /** Legacy (`experimentalDecorators`) field decorator. */
  <T extends object, K extends string>(target: T, key: FieldCheck<T, K, Value, Optional>): void;
  /** Standard (TC39) field decorator. */
  <This, FieldType, Name extends string | symbol>(
    value: undefined,
    context: PublicFieldContext<This, FieldType, Name> & StandardFieldVerdict<This, Name, Value, Optional>,
  ): void;
}
