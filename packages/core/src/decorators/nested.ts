import Type, { type TUnsafe } from 'typebox';
import type { InputClass } from './input-class.js';

const NESTED = Symbol.for('toolwright.nested');

/**
 * A schema standing for another input class, resolved through a thunk when the schema is built,
 * so forward and circular references work: `schema: Nested(() => Address)` for one object,
 * `schema: Type.Array(Nested(() => LineItem))` for a list. The bound value is a real instance.
 */
export function Nested<Input extends object>(resolve: () => InputClass<Input>): TUnsafe<Input> {
  const schema = Type.Unsafe<Input>({});
  Object.defineProperty(schema, NESTED, { value: resolve, enumerable: false });
  return schema;
}

/** The thunk of a {@link Nested} schema, or `undefined` for any other schema. */
export function nestedThunk(schema: unknown): (() => unknown) | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const thunk = (schema as Record<symbol, unknown>)[NESTED];
  return typeof thunk === 'function' ? (thunk as () => unknown) : undefined;
}

/**
 * Types a field whose class is declared later in the same module (or reached through a circular
 * import): `inner!: Forward<Inner>`. It is `T` to the compiler, but `emitDecoratorMetadata`
 * records `Object` for it instead of evaluating `Inner` before its declaration (which throws
 * "Cannot access 'Inner' before initialization"). Arrays (`Inner[]`) never need it.
 */
export type Forward<T> = T;
