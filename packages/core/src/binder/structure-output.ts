import type { InputClass } from '../decorators/input-class.js';
import { copyData } from '../json-schema/map-schema.js';
import type { FieldBinding } from '../schema/field-binding.js';
import { resolveInputClass } from '../schema/input-class-model.js';

/** How deep an output may nest (the same bound a call's input has). */
export const MAX_OUTPUT_DEPTH = 64;

/**
 * The structured payload of a tool's output under its output class (SPEC CO-4): the binder run
 * backwards. The output — an instance of the class or a plain object of its shape — becomes JSON
 * data with the class's wire names: each declared property is written under its wire name (nested
 * classes and arrays of them the same way), an absent one with a default gets a copy of it, and
 * every other own enumerable property is kept under its own name, for the output schema (which
 * closes every object) to refuse. Anything that is not an object is returned as it is, for the
 * schema to judge. The output itself is never changed.
 *
 * Throws a RangeError for an output nested deeper than {@link MAX_OUTPUT_DEPTH} levels of classes
 * (a cycle, say): the tool's call then fails with that sentence.
 */
export function structureOutput(outputClass: InputClass, output: unknown): unknown {
  return structureObject(outputClass, output, 0);
}

function structureObject(outputClass: InputClass, output: unknown, depth: number): unknown {
  if (typeof output !== 'object' || output === null || Array.isArray(output)) return output;
  if (depth >= MAX_OUTPUT_DEPTH)
    throw new RangeError(
      `The output of ${outputClass.name || '(anonymous class)'} is nested deeper than ${MAX_OUTPUT_DEPTH} levels.`,
    );
  const source = output as Record<string, unknown>;
  const { fields } = resolveInputClass(outputClass);
  const data: Record<string, unknown> = {};
  const declared = new Set<string>();
  for (const field of fields) {
    declared.add(field.property);
    const value = source[field.property];
    if (value !== undefined) defineData(data, field.name, convert(field.binding, value, depth));
    else if (field.hasDefault) defineData(data, field.name, copyData(field.defaultValue));
  }
  for (const key of Object.keys(source)) {
    if (declared.has(key) || Object.hasOwn(data, key)) continue;
    defineData(data, key, source[key]);
  }
  return data;
}

function convert(binding: FieldBinding, value: unknown, depth: number): unknown {
  switch (binding.kind) {
    case 'class':
      return structureObject(binding.target, value, depth + 1);
    case 'array':
      return Array.isArray(value) ? value.map((item: unknown) => convert(binding.items, item, depth + 1)) : value;
    default:
      return value;
  }
}

/** An own data property, whatever its name (`__proto__` included). */
function defineData(data: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
}
