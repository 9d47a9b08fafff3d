import type { JsonObject } from '@toolwright/core';
import { deepFreeze, isPlainObject } from '@toolwright/core/internal';

/** Keywords whose subschemas combine with their parent's: closing one of them would refuse what a sibling allows. */
const COMBINING = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'dependencies']);

/** Keywords that decide, beside `properties`, which keys an object may have. */
const DECIDING = ['additionalProperties', 'patternProperties', 'unevaluatedProperties', 'propertyNames'];

/** Keywords whose value is one subschema that stands alone (its keys are its own). */
const ALONE_SINGLE = new Set(['items', 'additionalItems', 'contains', 'additionalProperties', 'unevaluatedItems']);

/** Keywords whose value maps names to subschemas that stand alone. */
const ALONE_MAP = new Set(['properties', 'patternProperties']);

/**
 * The schema with every open object closed (SPEC MP-6): an object schema that lists `properties`
 * and says nothing else about other keys (no `additionalProperties`, `patternProperties`,
 * `unevaluatedProperties` or `propertyNames`) gets `additionalProperties: false`. JSON Schema
 * lets such an object take any key, and a server built on zod's default `z.object` drops the
 * keys it does not know without a word — a model's `limt` would run as if unsaid. Left open:
 * an object that combines with others (`allOf`, `$ref`, …, or inside one of them, or a `$defs`
 * entry, which a reference may combine), where closing would refuse keys a sibling allows.
 * Returns the same object when nothing was open.
 */
export function closeOpenObjects(schema: JsonObject): JsonObject {
  const closed = close(schema, true);
  return closed === schema ? schema : (deepFreeze(closed) as JsonObject);
}

function close(node: JsonObject, closable: boolean): JsonObject {
  let changed: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown): void => {
    changed ??= { ...node };
    changed[key] = value;
  };
  const combines = '$ref' in node || [...COMBINING].some((keyword) => keyword in node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (ALONE_SINGLE.has(key) && isPlainObject(value)) {
      const child = close(value as JsonObject, true);
      if (child !== value) set(key, child);
    } else if (ALONE_MAP.has(key) && isPlainObject(value)) {
      let map: Record<string, unknown> | undefined;
      for (const name of Object.keys(value)) {
        const entry = value[name];
        if (!isPlainObject(entry)) continue;
        const child = close(entry as JsonObject, true);
        if (child !== entry) defineData((map ??= { ...value }), name, child);
      }
      if (map !== undefined) set(key, map);
    } else if ((key === 'prefixItems' || key === 'items') && Array.isArray(value)) {
      let list: unknown[] | undefined;
      value.forEach((entry, index) => {
        if (!isPlainObject(entry)) return;
        const child = close(entry as JsonObject, true);
        if (child !== entry) (list ??= [...value])[index] = child;
      });
      if (list !== undefined) set(key, list);
    }
  }
  const open =
    closable && !combines && isPlainObject(node.properties) && DECIDING.every((keyword) => !(keyword in node));
  if (open) set('additionalProperties', false);
  return (changed as JsonObject | undefined) ?? node;
}

/** Sets an own data property, whatever its name (`__proto__` included, which `=` would treat as the prototype). */
function defineData(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
