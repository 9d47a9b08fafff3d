import { describeJsonType, isPlainObject } from '../json/json.js';

/**
 * The type a schema expects, in the words of the "is required (…)" sentence: `string`,
 * `integer`, `object`, `string or integer`; `any` when the schema does not say.
 * Local `$ref`s are followed within `root`.
 */
export function describeSchemaType(schema: unknown, root: unknown, seen: Set<unknown> = new Set()): string {
  if (!isPlainObject(schema) || seen.has(schema)) return 'any';
  seen.add(schema);
  if (typeof schema.$ref === 'string') return describeSchemaType(resolveLocalRef(root, schema.$ref), root, seen);
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type))
    return joinTypes(type.filter((name): name is string => typeof name === 'string' && name !== 'null'));
  if ('const' in schema) return describeJsonType(schema.const);
  if (Array.isArray(schema.enum)) return joinTypes(schema.enum.map(describeJsonType));
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) return joinTypes(branches.map((branch) => describeSchemaType(branch, root, seen)));
  }
  if (isPlainObject(schema.properties)) return 'object';
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return 'array';
  return 'any';
}

/** Follows a `#…` JSON pointer inside `root`; anything else resolves to `undefined`. */
export function resolveLocalRef(root: unknown, reference: string): unknown {
  if (!reference.startsWith('#')) return undefined;
  const pointer = decodeURIComponent(reference.slice(1));
  if (pointer === '') return root;
  let node: unknown = root;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function joinTypes(types: readonly string[]): string {
  const unique = [...new Set(types)];
  if (unique.length === 0 || unique.includes('any')) return 'any';
  return unique.join(' or ');
}
