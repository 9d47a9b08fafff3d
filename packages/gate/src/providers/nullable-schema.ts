import { isPlainObject, type SchemaNode } from '@toolwright/core/internal';

/** Keywords that only describe; they stay on the outside when a schema is wrapped in `anyOf`. */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set(['title', 'description']);

/** Types that become nullable by adding `'null'` to `type`; objects and arrays are wrapped instead. */
const SCALAR_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * A schema that also accepts `null`, how OpenAI's strict mode writes an optional field (PR-3).
 * A scalar type gains `'null'` (`'string'` → `['string', 'null']`) and an `enum` gains `null`; an
 * `anyOf` gains a `{ type: 'null' }` branch; anything else (a `$ref`, an object, an array, a
 * `const`) becomes `anyOf: [schema, { type: 'null' }]`, its `title` and `description` kept on the
 * outside. A schema that already accepts `null` is returned as it is. Never changes its argument.
 */
export function toNullableSchema(schema: unknown): unknown {
  if (!isPlainObject(schema)) return schema;
  if (isScalarType(schema.type) && !Object.hasOwn(schema, 'const')) return withNullType(schema);
  if (branchesAcceptNull(schema.anyOf) || schema.type === 'null') return schema;
  const outside: [string, unknown][] = [];
  const inside: [string, unknown][] = [];
  for (const keyword of Object.keys(schema)) {
    (ANNOTATION_KEYWORDS.has(keyword) ? outside : inside).push([keyword, schema[keyword]]);
  }
  const [onlyKeyword, onlyValue] = inside.length === 1 ? (inside[0] as [string, unknown]) : [];
  const branches =
    onlyKeyword === 'anyOf' && Array.isArray(onlyValue)
      ? [...onlyValue, { type: 'null' }]
      : [Object.fromEntries(inside), { type: 'null' }];
  return Object.fromEntries([...outside, ['anyOf', branches]]);
}

function withNullType(schema: SchemaNode): SchemaNode {
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const values = schema.enum;
  if (types.includes('null') && (!Array.isArray(values) || values.includes(null))) return schema;
  return Object.fromEntries(
    Object.keys(schema).map((keyword) => {
      if (keyword === 'type') return [keyword, types.includes('null') ? schema.type : [...types, 'null']];
      if (keyword === 'enum' && Array.isArray(values) && !values.includes(null)) return [keyword, [...values, null]];
      return [keyword, schema[keyword]];
    }),
  );
}

function isScalarType(type: unknown): boolean {
  if (Array.isArray(type)) return type.length > 0 && type.every((member) => SCALAR_TYPES.has(member));
  return typeof type === 'string' && SCALAR_TYPES.has(type);
}

function branchesAcceptNull(branches: unknown): boolean {
  return Array.isArray(branches) && branches.some((branch) => isPlainObject(branch) && branch.type === 'null');
}
