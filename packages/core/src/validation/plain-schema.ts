import { isPlainObject } from '../json/json.js';

/**
 * Plain schemas: the part of JSON Schema that the decorators emit for most fields (types,
 * properties, required, enum, items, annotations), and that ajv always compiles and both
 * meta-schemas (2020-12, draft-07) always accept. For a plain schema, compiling can therefore
 * wait until a value is first checked: a tool starts without compiling anything, and an invalid
 * schema is still refused when it is declared (a schema that is not plain is compiled at once).
 */

const TYPE_NAMES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']);
const TEXT_ANNOTATIONS: ReadonlySet<string> = new Set(['description', 'title', '$comment']);
const FLAG_ANNOTATIONS: ReadonlySet<string> = new Set(['deprecated', 'readOnly', 'writeOnly']);
/** Deeper than this is not called plain: the walk stays short, and the compile decides. */
const MAX_PLAIN_DEPTH = 32;

/** True when every node of `schema` uses only the plain keywords, each with a value its meta-schema accepts. */
export function isPlainSchema(schema: unknown): boolean {
  return isPlainNode(schema, 0);
}

function isPlainNode(node: unknown, depth: number): boolean {
  if (depth > MAX_PLAIN_DEPTH || !isPlainObject(node)) return false;
  for (const [keyword, value] of Object.entries(node)) {
    if (!isPlainKeyword(keyword, value, depth)) return false;
  }
  return true;
}

function isPlainKeyword(keyword: string, value: unknown, depth: number): boolean {
  if (TEXT_ANNOTATIONS.has(keyword)) return typeof value === 'string';
  if (FLAG_ANNOTATIONS.has(keyword)) return typeof value === 'boolean';
  switch (keyword) {
    case 'default':
    case 'const':
      return true;
    case 'examples':
      return Array.isArray(value);
    case 'enum':
      // ajv refuses an empty enum, and a meta-schema repeated members; members that are objects
      // would need a deep comparison to tell, so they are left to the compile.
      return (
        Array.isArray(value) &&
        value.length > 0 &&
        value.every((member) => member === null || typeof member !== 'object') &&
        isUnique(value)
      );
    case 'type':
      return isTypeKeyword(value);
    case 'required':
      return Array.isArray(value) && value.every((name) => typeof name === 'string') && isUnique(value);
    case 'properties':
      return (
        isPlainObject(value) &&
        Object.entries(value).every(([name, property]) => name !== '__proto__' && isPlainNode(property, depth + 1))
      );
    case 'additionalProperties':
    case 'items':
      return typeof value === 'boolean' || isPlainNode(value, depth + 1);
    default:
      return false;
  }
}

function isTypeKeyword(value: unknown): boolean {
  if (typeof value === 'string') return TYPE_NAMES.has(value);
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((name) => typeof name === 'string' && TYPE_NAMES.has(name)) &&
    isUnique(value)
  );
}

function isUnique(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}

/**
 * True only when `value` certainly conforms to the plain schema `schema`; false when it does not
 * or when this cannot tell (a value that is not plain JSON, an `enum` or `const` of objects, a
 * schema that is not plain). A false answer is settled by the compiled validator, which also words
 * the violations; a true one is never wrong, so it may stand in for compiling (a default's check).
 */
export function plainlyConforms(schema: unknown, value: unknown): boolean {
  return isPlainNode(schema, 0) && conformsTo(schema as Record<string, unknown>, value, 0);
}

function conformsTo(schema: Record<string, unknown>, value: unknown, depth: number): boolean {
  if (depth > MAX_PLAIN_DEPTH || !hasJsonKind(value)) return false;
  if (Object.hasOwn(schema, 'type') && !matchesType(schema.type as string | readonly string[], value)) return false;
  if (Object.hasOwn(schema, 'const') && !isSamePrimitive(schema.const, value)) return false;
  if (Object.hasOwn(schema, 'enum') && !(schema.enum as unknown[]).some((member) => isSamePrimitive(member, value)))
    return false;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items === false) return value.length === 0;
    return (
      items === undefined ||
      items === true ||
      value.every((item) => conformsTo(items as Record<string, unknown>, item, depth + 1))
    );
  }
  if (isPlainObject(value)) return objectConforms(schema, value, depth);
  return true;
}

function objectConforms(schema: Record<string, unknown>, value: Record<string, unknown>, depth: number): boolean {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = (schema.required ?? []) as readonly string[];
  if (!required.every((name) => Object.hasOwn(value, name))) return false;
  const extra = schema.additionalProperties;
  for (const [name, member] of Object.entries(value)) {
    if (Object.hasOwn(properties, name)) {
      if (!conformsTo(properties[name]!, member, depth + 1)) return false;
    } else if (extra === false) {
      return false;
    } else if (
      extra !== undefined &&
      extra !== true &&
      !conformsTo(extra as Record<string, unknown>, member, depth + 1)
    ) {
      return false;
    }
  }
  return true;
}

/** null, a boolean, a string, a finite number, an array, or an object with no class of its own. */
function hasJsonKind(value: unknown): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) || isPlainObject(value);
}

function matchesType(type: string | readonly string[], value: unknown): boolean {
  const names = typeof type === 'string' ? [type] : type;
  return names.some((name) => {
    switch (name) {
      case 'null':
        return value === null;
      case 'boolean':
      case 'string':
        return typeof value === name;
      case 'number':
        return typeof value === 'number';
      case 'integer':
        return Number.isInteger(value);
      case 'array':
        return Array.isArray(value);
      default:
        return isPlainObject(value);
    }
  });
}

/** Equal primitives (`enum` and `const` of objects are left to the compiled validator). */
function isSamePrimitive(expected: unknown, value: unknown): boolean {
  return (expected === null || typeof expected !== 'object') && expected === value;
}
