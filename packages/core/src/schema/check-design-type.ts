import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPlainObject } from '../json/json.js';
import type { FieldBinding } from './field-binding.js';

const PRIMITIVE_DESIGN_TYPES = new Map<unknown, readonly string[]>([
  [String, ['string']],
  [Number, ['number', 'integer']],
  [Boolean, ['boolean']],
  [Array, ['array']],
]);

/**
 * The runtime cross-check of a field against its schema: where the compiler emitted a
 * `design:type` (String, Number, Boolean, Array or a class) that contradicts the schema,
 * registration refuses. `Object` (unions, `any`) and missing metadata say nothing and pass.
 *
 * Only `tsc` (and Vite/vitest's transform) with `experimentalDecorators` and
 * `emitDecoratorMetadata` emit `design:type`. Without it — legacy decorators without
 * `emitDecoratorMetadata`, standard (TC39) decorators, esbuild, tsx, Bun — this check is the one
 * thing lost: a field whose declared type contradicts its schema while the compiler was kept
 * from saying so (plain JavaScript, a field typed `any`, `@ts-ignore`, or a build that strips
 * types without checking them, as esbuild and tsx do) is then accepted at registration, and the
 * binder fills it with what the schema describes. The schema, the binding and every other
 * registration check do not depend on it, and the compile-time check holds under both kinds of
 * decorator wherever the project is type-checked (`tsc --noEmit`).
 */
export function checkDesignType(where: string, designType: unknown, schema: unknown, binding: FieldBinding): void {
  if (typeof designType !== 'function' || designType === Object) return;
  if (binding.kind === 'class') {
    if (designType === binding.target || binding.target.prototype instanceof designType) return;
    throw mismatch(where, designType, `the class ${binding.target.name}`);
  }
  const declared = PRIMITIVE_DESIGN_TYPES.get(designType) ?? ['object'];
  const described = schemaTypes(schema);
  if (described.length === 0 || described.some((type) => declared.includes(type))) return;
  throw mismatch(where, designType, described.join(' or '));
}

function mismatch(where: string, designType: Function, described: string): ToolwrightError {
  return new ToolwrightError(
    'TYPE_MISMATCH',
    `${where} is declared as ${designType.name} but its schema describes ${described}. Make the field's type and its @ToolParam schema agree.`,
  );
}

/** The JSON types a schema admits, or none when it does not say plainly. */
function schemaTypes(schema: unknown): string[] {
  if (!isPlainObject(schema)) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  const values = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values !== undefined)
    return [
      ...new Set(values.map((value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value))),
    ];
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) {
      const types = branches.map(schemaTypes);
      return types.some((list) => list.length === 0) ? [] : [...new Set(types.flat())];
    }
  }
  return [];
}
