// The grep-like input of grep-input.mjs written as a zod v4 schema, for the benchmark's zod column.
// Same wire names, same single required field (`pattern`), the same enum, integers as
// `z.number().int()`, and no other keys allowed (`z.strictObject`, like `additionalProperties: false`).
// Fields with a `default` in the JSON schema are `.optional()` here, not `.default(...)`: in the JSON
// schema `default` is an annotation that ajv does not apply (`useDefaults: false`), so both check
// the same thing. One difference that these inputs never reach: zod's `.int()` also bounds values
// to safe integers, which JSON Schema's `integer` does not.
import { z } from 'zod';

export const grepZodSchema = z.strictObject({
  pattern: z.string(),
  path: z.string().optional(),
  glob: z.string().optional(),
  output_mode: z.enum(['content', 'files_with_matches', 'count']).optional(),
  '-i': z.boolean().optional(),
  '-n': z.boolean().optional(),
  '-A': z.number().int().optional(),
  '-B': z.number().int().optional(),
  '-C': z.number().int().optional(),
  type: z.string().optional(),
  head_limit: z.number().int().optional(),
  multiline: z.boolean().optional(),
  exclude: z.array(z.string()).optional(),
});

/**
 * The parts of a JSON schema that decide validity here (types, enums, items, required, closed
 * object), without annotations (`description`, `default`), `$schema`, or zod's safe-integer bounds;
 * used to check that the zod schema and buildInputSchema(GrepInput) describe the same shape.
 */
export function validityShape(schema) {
  const shape = {};
  for (const key of ['type', 'enum', 'required', 'additionalProperties']) {
    if (schema[key] !== undefined) shape[key] = schema[key];
  }
  if (schema.items !== undefined) shape.items = validityShape(schema.items);
  if (schema.properties !== undefined) {
    shape.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [name, validityShape(property)]),
    );
  }
  return shape;
}
