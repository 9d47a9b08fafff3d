import { type JsonObject } from '@toolwright/core';
import { isPlainObject, mapSchema, type SchemaNode } from '@toolwright/core/internal';
import { toNullableSchema } from './nullable-schema.js';
import { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS } from './openai-strict-keywords.js';

/**
 * The OpenAI strict-mode variant of an input schema (SPEC PR-3), from the same schema the other
 * providers get:
 * - every object lists all its properties in `required` and says `additionalProperties: false`
 *   (an object that allowed other keys now allows none: strict mode has no open objects);
 * - a property that was optional becomes nullable (`toNullableSchema`); the model then sends
 *   `null` for it, and since nulls are absence (TC-1) the tool sees exactly what it would have
 *   seen had the key been left out: `undefined`, or the field's default;
 * - keywords strict mode does not list are left out ({@link OPENAI_STRICT_KEYWORDS}); `oneOf`
 *   becomes `anyOf`; a `default` is dropped from the schema and named in the description instead,
 *   `(default: 10)`, so the model still knows what `null` stands for;
 * - a `$ref` keeps no siblings (strict mode refuses `$ref` beside `description`): they move to a
 *   wrapping `anyOf: [{ $ref }]`. `$defs` and `$ref`, root recursion `#` included, stay.
 *
 * Deterministic (the same schema gives the same bytes: keywords keep their order, `required`
 * follows `properties`), and the argument is never changed: it may be frozen, as core's are.
 * The gate still validates calls against the plain schema. For schemas toolwright generates, both
 * accept the same calls once the nulls are dropped; for hand-written ones the strict variant may
 * accept fewer (open objects are closed) or more (`allOf`, `not`, `minLength` are left out).
 */
export function toOpenAIStrictSchema(schema: JsonObject): JsonObject {
  return mapSchema(schema, (node, copy) => toStrictNode(copy(node))) as JsonObject;
}

/** One node, its subschemas already converted. */
function toStrictNode(node: SchemaNode): SchemaNode {
  const kept: [string, unknown][] = [];
  for (const keyword of Object.keys(node)) {
    const value = node[keyword];
    if (keyword === 'oneOf') {
      if (!Object.hasOwn(node, 'anyOf')) kept.push(['anyOf', value]);
    } else if (keyword === 'format') {
      if (typeof value === 'string' && OPENAI_STRICT_FORMATS.has(value)) kept.push([keyword, value]);
    } else if (OPENAI_STRICT_KEYWORDS.has(keyword)) {
      kept.push([keyword, value]);
    }
  }
  let strict = describeDefault(Object.fromEntries(kept), node.default);
  if (isObjectSchema(strict)) strict = closeObject(strict);
  if (typeof strict.$ref === 'string' && Object.keys(strict).length > 1) strict = isolateReference(strict);
  return strict;
}

/** Names a non-null default in the description, which strict mode lets the model read. */
function describeDefault(node: SchemaNode, defaultValue: unknown): SchemaNode {
  if (defaultValue === undefined || defaultValue === null) return node;
  const note = `(default: ${JSON.stringify(defaultValue)})`;
  const description = typeof node.description === 'string' && node.description !== '' ? node.description : '';
  return { ...node, description: description === '' ? note : `${description} ${note}` };
}

function isObjectSchema(node: SchemaNode): boolean {
  const type = node.type;
  if (type === 'object' || (Array.isArray(type) && type.includes('object'))) return true;
  return type === undefined && isPlainObject(node.properties);
}

/** Every property required (optional ones made nullable), `required` right after `properties`, no other keys. */
function closeObject(node: SchemaNode): SchemaNode {
  const properties = isPlainObject(node.properties) ? node.properties : undefined;
  const required: unknown[] = Array.isArray(node.required) ? node.required : [];
  const entries: [string, unknown][] = [];
  for (const keyword of Object.keys(node)) {
    if (keyword === 'required') continue;
    if (keyword === 'additionalProperties') {
      entries.push([keyword, false]);
    } else if (keyword === 'properties' && properties !== undefined) {
      const names = Object.keys(properties);
      const strictProperties = names.map((name) => {
        const property = properties[name];
        return [name, required.includes(name) ? property : toNullableSchema(property)];
      });
      entries.push([keyword, Object.fromEntries(strictProperties)], ['required', names]);
    } else {
      entries.push([keyword, node[keyword]]);
    }
  }
  if (!Object.hasOwn(node, 'additionalProperties')) entries.push(['additionalProperties', false]);
  return Object.fromEntries(entries);
}

/** `{ description, $ref }` → `{ description, anyOf: [{ $ref }] }`: the same values, a `$ref` without siblings. */
function isolateReference(node: SchemaNode): SchemaNode {
  const siblings = Object.keys(node)
    .filter((keyword) => keyword !== '$ref')
    .map((keyword) => [keyword, node[keyword]]);
  return Object.fromEntries([...siblings, ['anyOf', [{ $ref: node.$ref }]]]);
}
