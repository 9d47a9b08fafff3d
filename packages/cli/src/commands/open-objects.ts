import {
  isPlainObject,
  LIST_SUBSCHEMA_KEYWORDS,
  MAP_SUBSCHEMA_KEYWORDS,
  SINGLE_SUBSCHEMA_KEYWORDS,
} from '@toolwright/core/internal';

/** One object schema that accepts keys no field reads. */
export interface OpenObject {
  /** Where, as a JSON Pointer (RFC 6901) inside the schema: `''` is the root. */
  readonly pointer: string;
  /** What makes it open and what to write instead: one clause, no trailing full stop. */
  readonly problem: string;
}

/**
 * Every object schema in `schema` that is not closed with `additionalProperties: false` (SPEC
 * TC-8: closed objects at every level), in document order: the root (always an object: it holds
 * the arguments), then every subschema the keyword tables name — `properties`, `items`,
 * `prefixItems`, `$defs`, `anyOf`/`oneOf`/`allOf` branches, … A node is an object schema when its
 * `type` is or includes `object`, or when it has no `type` but describes properties. An explicit
 * `additionalProperties: true`, a schema as `additionalProperties` and `patternProperties` (what
 * `Type.Record` emits) are open too, each said in its own words. Each node is visited once, so a
 * schema built with shared or cyclic objects still ends.
 */
export function findOpenObjects(schema: unknown): OpenObject[] {
  const open: OpenObject[] = [];
  const seen = new Set<object>();
  const pending: [unknown, readonly (string | number)[]][] = [[schema, []]];
  while (pending.length > 0) {
    const [node, path] = pending.pop() as [unknown, readonly (string | number)[]];
    if (!isPlainObject(node) || seen.has(node)) continue;
    seen.add(node);
    const problem = path.length === 0 || isObjectSchema(node) ? openness(node) : undefined;
    if (problem !== undefined) open.push({ pointer: toJsonPointer(path), problem });
    // Reversed onto the stack, so the first subschema is looked at next: document order.
    pending.push(...subschemas(node, path).reverse());
  }
  return open;
}

function isObjectSchema(node: Record<string, unknown>): boolean {
  const { type } = node;
  if (type === 'object' || (Array.isArray(type) && type.includes('object'))) return true;
  return (
    type === undefined &&
    (Object.hasOwn(node, 'properties') ||
      Object.hasOwn(node, 'patternProperties') ||
      Object.hasOwn(node, 'additionalProperties'))
  );
}

/** Why an object schema is open, or `undefined` when it is closed. */
function openness(node: Record<string, unknown>): string | undefined {
  const closeIt = 'list the keys as properties and say additionalProperties: false';
  if (isPlainObject(node.patternProperties) && Object.keys(node.patternProperties).length > 0)
    return `accepts any key that matches a pattern (patternProperties: a record, as Type.Record makes); ${closeIt}`;
  const { additionalProperties } = node;
  if (additionalProperties === false) return undefined;
  if (additionalProperties === true)
    return 'says additionalProperties: true, so it accepts keys no field reads; say additionalProperties: false';
  if (isPlainObject(additionalProperties))
    return `accepts any key (additionalProperties is a schema: a record); ${closeIt}`;
  return 'does not say additionalProperties: false, so it accepts keys no field reads';
}

/** The subschemas of a node, with their paths, in document order. */
function subschemas(
  node: Record<string, unknown>,
  path: readonly (string | number)[],
): [unknown, readonly (string | number)[]][] {
  const children: [unknown, readonly (string | number)[]][] = [];
  for (const keyword of Object.keys(node)) {
    const value = node[keyword];
    if (LIST_SUBSCHEMA_KEYWORDS.has(keyword) && Array.isArray(value)) {
      value.forEach((item, index) => children.push([item, [...path, keyword, index]]));
    } else if (SINGLE_SUBSCHEMA_KEYWORDS.has(keyword)) {
      children.push([value, [...path, keyword]]);
    } else if (MAP_SUBSCHEMA_KEYWORDS.has(keyword) && isPlainObject(value)) {
      for (const name of Object.keys(value)) children.push([value[name], [...path, keyword, name]]);
    }
  }
  return children;
}

/** The JSON Pointer of a path: `~` becomes `~0` and `/` becomes `~1` in each segment (RFC 6901). */
function toJsonPointer(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
