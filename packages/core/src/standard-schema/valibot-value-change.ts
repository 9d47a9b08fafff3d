import type { ValueChange } from './value-change.js';

/** Valibot's transformation actions that change the value (`brand`, `flavor`, `readonly` only change its type). */
const CHANGING_ACTIONS: ReadonlySet<string> = new Set([
  'filter_items',
  'find_item',
  'map_items',
  'normalize',
  'parse_boolean',
  'parse_json',
  'raw_transform',
  'reduce_items',
  'sort_items',
  'stringify_json',
  'to_bigint',
  'to_boolean',
  'to_camel_case',
  'to_date',
  'to_kebab_case',
  'to_lower_case',
  'to_max_value',
  'to_min_value',
  'to_number',
  'to_pascal_case',
  'to_snake_case',
  'to_string',
  'to_upper_case',
  'transform',
  'trim',
  'trim_end',
  'trim_start',
]);

/**
 * The value-changing action a Valibot schema holds, read from the message `@valibot/to-json-schema`
 * throws for it (`The "trim" action cannot be converted to JSON Schema.`): a Valibot schema
 * wrapped in `toStandardJsonSchema` keeps nothing else to read. Named as a Valibot user writes it
 * (`v.trim()`, `v.toLowerCase()`, `v.transform()`).
 */
export function findValibotValueChange(conversionError: string): ValueChange | undefined {
  const action = /The "([a-z_]+)" action cannot be converted/.exec(conversionError)?.[1];
  if (action === undefined || !CHANGING_ACTIONS.has(action)) return undefined;
  const name = action.replace(/_([a-z])/g, (_underscore, letter: string) => letter.toUpperCase());
  return { at: '', by: `v.${name}()` };
}
