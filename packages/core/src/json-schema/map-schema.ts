import { isPlainObject, setDataProperty } from '../json/json.js';
import { LIST_SUBSCHEMA_KEYWORDS, MAP_SUBSCHEMA_KEYWORDS, SINGLE_SUBSCHEMA_KEYWORDS } from './schema-keywords.js';

/** A schema node as a plain record. */
export type SchemaNode = Record<string, unknown>;

/** Decides, for one schema node, what the rebuilt node is; `copy` gives the default rebuild. */
export type SchemaNodeMapper = (node: SchemaNode, copy: (node: SchemaNode) => SchemaNode) => unknown;

/** What {@link mapSchema} keeps. */
export interface MapSchemaOptions {
  /** Return false to leave a keyword out of the rebuilt node. */
  readonly keepKeyword?: (keyword: string) => boolean;
}

/**
 * Rebuilds a schema tree. Every subschema (as named by the keyword tables) goes through `mapNode`;
 * every other keyword's value is copied as plain JSON data. Only own enumerable string keys are
 * copied, so non-enumerable markers (TypeBox's `~kind`) and symbols are left behind.
 */
export function mapSchema(schema: unknown, mapNode: SchemaNodeMapper, options: MapSchemaOptions = {}): unknown {
  const keep = options.keepKeyword ?? (() => true);
  const visit = (value: unknown): unknown => (isPlainObject(value) ? mapNode(value, copy) : copyData(value));
  const copy = (node: SchemaNode): SchemaNode => {
    const entries: [string, unknown][] = [];
    for (const keyword of Object.keys(node)) {
      if (!keep(keyword)) continue;
      entries.push([keyword, copyKeyword(keyword, node[keyword], visit)]);
    }
    return Object.fromEntries(entries);
  };
  return visit(schema);
}

function copyKeyword(keyword: string, value: unknown, visit: (value: unknown) => unknown): unknown {
  if (LIST_SUBSCHEMA_KEYWORDS.has(keyword) && Array.isArray(value)) return value.map(visit);
  if (SINGLE_SUBSCHEMA_KEYWORDS.has(keyword)) return visit(value);
  if (MAP_SUBSCHEMA_KEYWORDS.has(keyword) && isPlainObject(value)) {
    return Object.fromEntries(
      Object.keys(value).map((name) => [name, Array.isArray(value[name]) ? copyData(value[name]) : visit(value[name])]),
    );
  }
  return copyData(value);
}

/** A deep copy of JSON data (own enumerable string keys only; `__proto__` stays a plain key). */
export function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setDataProperty(copy, key, copyData(value[key]));
    return copy;
  }
  return value;
}
