import { isPlainObject, resolveLocalRef } from '@toolwright/core/internal';
import { describeConstraints } from './describe-constraints.js';

/** One row of a parameter table. */
export interface ParameterRow {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly defaultValue?: unknown;
  readonly allowed?: readonly unknown[];
  /** What the schema asks beyond the type (`1 to 50`, `` matches `^a` ``); empty when nothing. */
  readonly constraints: readonly string[];
  readonly description: string;
}

/** A nested object type a table refers to, to be documented under its own heading. */
export interface NestedType {
  /** `customer`, `items[]`, or a `$defs` name. */
  readonly title: string;
  readonly schema: Record<string, unknown>;
}

/**
 * The rows of an object schema's parameter table, in declaration order, and the nested object
 * types they refer to (inline objects, array items, `$defs` references).
 */
export function parameterRows(
  schema: Record<string, unknown>,
  root: unknown,
  path = '',
  rootName = 'the whole input',
): { rows: ParameterRow[]; nested: NestedType[] } {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const rows: ParameterRow[] = [];
  const nested: NestedType[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const property = isPlainObject(raw) ? raw : {};
    const [type, child] = describe(property, root, path === '' ? name : `${path}.${name}`, rootName);
    if (child !== undefined) nested.push(child);
    rows.push({
      name,
      type,
      required: required.has(name),
      ...(Object.hasOwn(property, 'default') ? { defaultValue: property.default } : {}),
      ...(Array.isArray(property.enum) ? { allowed: property.enum } : {}),
      constraints: describeConstraints(property),
      description: typeof property.description === 'string' ? property.description : '',
    });
  }
  return { rows, nested };
}

function describe(
  schema: Record<string, unknown>,
  root: unknown,
  path: string,
  rootName: string,
): [string, NestedType | undefined] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref === '#' ? rootName : schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
    const target = resolveLocalRef(root, schema.$ref);
    return [
      `object (${name})`,
      schema.$ref !== '#' && isPlainObject(target) ? { title: name, schema: target } : undefined,
    ];
  }
  if (schema.type === 'object' && isPlainObject(schema.properties)) return ['object', { title: path, schema }];
  if (schema.type === 'array' && isPlainObject(schema.items)) {
    const [itemType, child] = describe(schema.items, root, `${path}[]`, rootName);
    return [`array of ${itemType}`, child];
  }
  if (Array.isArray(schema.type)) return [schema.type.join(' or '), undefined];
  if (typeof schema.type === 'string') return [schema.type, undefined];
  if (Array.isArray(schema.anyOf)) return ['one of several forms', undefined];
  return ['any', undefined];
}
