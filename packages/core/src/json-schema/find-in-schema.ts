import { isPlainObject } from '../json/json.js';
import type { SchemaNode } from './map-schema.js';
import { LIST_SUBSCHEMA_KEYWORDS, MAP_SUBSCHEMA_KEYWORDS, SINGLE_SUBSCHEMA_KEYWORDS } from './schema-keywords.js';

/** Looks at one schema node, reached by `path` from the root; returns something to stop the walk. */
export type SchemaNodeVisitor<Found> = (node: SchemaNode, path: readonly (string | number)[]) => Found | undefined;

/**
 * Visits every subschema of `schema` in document order — the root, then what the keyword tables
 * name as subschemas (`properties`, `$defs`, `items`, `anyOf`, …) — and returns the first thing
 * `visit` finds. Data (`enum`, `const`, `default`, unknown keywords, property *names*) is never
 * taken for schema, the same rule `mapSchema` follows. Recursive: run it only on a schema that
 * passed `checkSchemaLimits`, whose depth is bounded.
 */
export function findInSchema<Found>(schema: unknown, visit: SchemaNodeVisitor<Found>): Found | undefined {
  return isPlainObject(schema) ? findInNode(schema, [], visit) : undefined;
}

function findInNode<Found>(
  node: SchemaNode,
  path: (string | number)[],
  visit: SchemaNodeVisitor<Found>,
): Found | undefined {
  const found = visit(node, path);
  if (found !== undefined) return found;
  for (const keyword of Object.keys(node)) {
    const value = node[keyword];
    const inKeyword = findInKeyword(keyword, value, [...path, keyword], visit);
    if (inKeyword !== undefined) return inKeyword;
  }
  return undefined;
}

function findInKeyword<Found>(
  keyword: string,
  value: unknown,
  path: (string | number)[],
  visit: SchemaNodeVisitor<Found>,
): Found | undefined {
  // A single subschema adds no segment of its own (`/items`); list and map members add theirs.
  const children: [string | number | undefined, unknown][] = [];
  if (LIST_SUBSCHEMA_KEYWORDS.has(keyword) && Array.isArray(value)) {
    value.forEach((item, index) => children.push([index, item]));
  } else if (SINGLE_SUBSCHEMA_KEYWORDS.has(keyword)) {
    children.push([undefined, value]);
  } else if (MAP_SUBSCHEMA_KEYWORDS.has(keyword) && isPlainObject(value)) {
    for (const name of Object.keys(value)) children.push([name, value[name]]);
  }
  for (const [key, child] of children) {
    if (!isPlainObject(child)) continue;
    const found = findInNode(child, key === undefined ? path : [...path, key], visit);
    if (found !== undefined) return found;
  }
  return undefined;
}
