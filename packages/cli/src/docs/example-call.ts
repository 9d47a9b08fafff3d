import { isPlainObject, resolveLocalRef } from '@toolwright/core/internal';

/** A plausible, deterministic call for documentation: required parameters only, defaults and first enum values where given. */
export function exampleCall(
  schema: Record<string, unknown>,
  root: unknown = schema,
  depth = 0,
): Record<string, unknown> {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  // Null prototype: a parameter named `__proto__` is a key like any other.
  const call: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const name of required) {
    if (typeof name !== 'string' || !Object.hasOwn(properties, name)) continue;
    const property = properties[name];
    if (isPlainObject(property)) call[name] = exampleValue(property, root, name, depth);
  }
  return call;
}

function exampleValue(schema: Record<string, unknown>, root: unknown, name: string, depth: number): unknown {
  if (Object.hasOwn(schema, 'default')) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Object.hasOwn(schema, 'const')) return schema.const;
  if (typeof schema.$ref === 'string') {
    const target = resolveLocalRef(root, schema.$ref);
    return depth < 3 && isPlainObject(target) ? exampleCall(target, root, depth + 1) : {};
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return `<${name}>`;
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1.5;
    case 'boolean':
      return true;
    case 'array':
      return isPlainObject(schema.items) ? [exampleValue(schema.items, root, name, depth + 1)] : [];
    case 'object':
      return depth < 3 ? exampleCall(schema, root, depth + 1) : {};
    default:
      return null;
  }
}
