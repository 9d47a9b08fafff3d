import type { StandardJsonSchema } from '../standard-schema/standard-schema.js';
import type { InputClass } from './input-class.js';
import type { FieldSchema, FieldValue } from './param-options.js';

/** What every `@ToolParam` shorthand takes besides its description. */
export interface ShorthandOptions<Value, Optional extends boolean> {
  /** The wire name the model sees (`file_path`, `-i`); defaults to the property name. Never converted. */
  readonly name?: string;
  /** The model may leave it out; the field must then be declared with `?`. */
  readonly optional?: Optional;
  /** Filled in (after validation) when the model leaves it out; the field is then declared without `?`. */
  readonly default?: Value;
}

/** Options of `ToolParam.string`: the string keywords of JSON Schema. */
export interface StringShorthandOptions<Optional extends boolean> extends ShorthandOptions<string, Optional> {
  /** The fewest characters. */
  readonly minLength?: number;
  /** The most characters. */
  readonly maxLength?: number;
  /** A regular expression the value matches (checked on the linear-time engine). */
  readonly pattern?: string;
  /** A format name for the model (`date-time`, `uri`, …); never asserted. */
  readonly format?: string;
}

/** Options of `ToolParam.integer` and `ToolParam.number`: the numeric keywords of JSON Schema. */
export interface NumberShorthandOptions<Optional extends boolean> extends ShorthandOptions<number, Optional> {
  /** The smallest value allowed. */
  readonly minimum?: number;
  /** The largest value allowed. */
  readonly maximum?: number;
  /** Every value must be greater. */
  readonly exclusiveMinimum?: number;
  /** Every value must be smaller. */
  readonly exclusiveMaximum?: number;
  /** Every value is a multiple of this. */
  readonly multipleOf?: number;
}

/** Options of `ToolParam.array`: the array keywords of JSON Schema. */
export interface ArrayShorthandOptions<Item, Optional extends boolean> extends ShorthandOptions<Item[], Optional> {
  /** The fewest items. */
  readonly minItems?: number;
  /** The most items. */
  readonly maxItems?: number;
  /** No two items are equal. */
  readonly uniqueItems?: boolean;
}

/** The field kinds a shorthand names by a word. */
export type ShorthandKind = 'string' | 'integer' | 'number' | 'boolean';

/**
 * What the items of `ToolParam.array` are: a kind (`'string'`, `'integer'`, `'number'`,
 * `'boolean'`), a class thunk (`() => Filter`) for an array of nested objects, or any field
 * schema (TypeBox or Standard Schema).
 */
export type ArrayItems = ShorthandKind | (() => InputClass) | FieldSchema;

/** The type of one item of `ToolParam.array(items, …)`. */
export type ArrayItemValue<Items> = Items extends 'string'
  ? string
  : Items extends 'integer' | 'number'
    ? number
    : Items extends 'boolean'
      ? boolean
      : Items extends StandardJsonSchema
        ? FieldValue<Items>
        : Items extends () => InputClass<infer Item>
          ? Item
          : FieldValue<Items>;
