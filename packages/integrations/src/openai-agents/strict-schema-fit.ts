import { type JsonObject } from '@toolwright/core';
import { isPlainObject } from '@toolwright/core/internal';

/** Keywords that say which values a schema node accepts; a node with none of them accepts any value. */
const ACCEPTANCE_KEYWORDS = ['type', 'enum', 'const', 'anyOf', 'oneOf', '$ref', 'properties'] as const;

/** Keywords whose value maps names to subschemas that OpenAI's strict form keeps. */
const KEPT_SCHEMA_MAPS = ['properties', '$defs', 'definitions'] as const;

/** Keywords whose value is a subschema, or a list of them, that OpenAI's strict form keeps. */
const KEPT_SCHEMA_LISTS = ['items', 'anyOf', 'oneOf'] as const;

/**
 * True when the OpenAI strict variant of an input schema (the gate's `toOpenAIStrictSchema`)
 * accepts every call the schema itself accepts, once the model's `null`s for optional fields are
 * read as absent. Two things have no strict form: an open object (strict mode closes every
 * object, so keys the tool accepts without listing them could no longer be sent) and a schema that
 * accepts any value, an array without `items` included (strict mode needs each schema to say what
 * it accepts). Keywords strict mode
 * leaves out (`minLength`, `allOf`, `not`, …) only make the strict variant accept more, which the
 * gate's own validation still refuses, so they do not count against it.
 */
export function hasFaithfulStrictForm(schema: JsonObject): boolean {
  return fitsStrictForm(schema);
}

function fitsStrictForm(node: unknown): boolean {
  if (!isPlainObject(node)) return false;
  if (!ACCEPTANCE_KEYWORDS.some((keyword) => Object.hasOwn(node, keyword))) return false;
  if (hasType(node, 'array') && node.items === undefined) return false;
  if (isObjectSchema(node) && (node.additionalProperties !== false || Object.hasOwn(node, 'patternProperties'))) {
    return false;
  }
  for (const keyword of KEPT_SCHEMA_MAPS) {
    const members = node[keyword];
    if (members === undefined) continue;
    if (!isPlainObject(members) || !Object.values(members).every(fitsStrictForm)) return false;
  }
  for (const keyword of KEPT_SCHEMA_LISTS) {
    const members = node[keyword];
    if (members === undefined) continue;
    if (!(Array.isArray(members) ? members.every(fitsStrictForm) : fitsStrictForm(members))) return false;
  }
  return true;
}

/** An object schema as strict mode reads it: `type` names `object`, or there is no `type` but there are `properties`. */
function isObjectSchema(node: Record<string, unknown>): boolean {
  return hasType(node, 'object') || (node.type === undefined && isPlainObject(node.properties));
}

function hasType(node: Record<string, unknown>, name: string): boolean {
  return node.type === name || (Array.isArray(node.type) && node.type.includes(name));
}
