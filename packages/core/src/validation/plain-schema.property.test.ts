// Plain schemas are compiled only when first used, and a default that plainly conforms is not
// compiled at all: both rest on claims checked here against ajv itself, on generated schemas and
// values. A plain schema always passes both meta-schemas and compiles; `plainlyConforms` never
// says yes to a value the compiled validator refuses (and says yes often enough to matter).
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainSchema, plainlyConforms } from './plain-schema.js';
import { compileSchemaValidator, SCHEMA_COMPILE_OPTIONS } from './schema-validator.js';

const NAMES = ['a', 'b', 'id', 'tags'];
const TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] as const;
const primitive = fc.oneof(
  fc.constantFrom(...NAMES),
  fc.integer({ min: -3, max: 3 }),
  fc.boolean(),
  fc.constant(null),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -2, max: 2 }),
);

/** `arbitrary` one time in four, else absent: generated schemas stay sparse enough for values to conform. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });

const { node: plainNode } = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc
    .record({
      type: sometimes(
        fc.oneof(
          fc.constantFrom(...TYPE_NAMES),
          fc.uniqueArray(fc.constantFrom(...TYPE_NAMES), { minLength: 1, maxLength: 3 }),
        ),
      ),
      description: sometimes(fc.string({ maxLength: 5 })),
      enum: sometimes(fc.uniqueArray(primitive, { minLength: 1, maxLength: 4 })),
      const: sometimes(fc.oneof(primitive, fc.array(primitive, { maxLength: 2 }))),
      default: sometimes(fc.jsonValue({ maxDepth: 1 })),
      properties: sometimes(fc.dictionary(fc.constantFrom(...NAMES), tie('node'), { maxKeys: 3 })),
      required: sometimes(fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 })),
      additionalProperties: sometimes(fc.oneof(fc.boolean(), tie('node'))),
      items: sometimes(fc.oneof(fc.boolean(), tie('node'))),
    })
    .map((keywords) => Object.fromEntries(Object.entries(keywords).filter(([, value]) => value !== undefined))),
}));

/** A value of one JSON type, built to fit the schema's own keywords where it has them. */
function valueOfType(type: string, schema: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 3 }));
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -2, max: 2 });
    case 'integer':
      return fc.integer({ min: -3, max: 3 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items;
      const item =
        typeof items === 'object' && items !== null ? valueFor(items as Record<string, unknown>, depth + 1) : primitive;
      return fc.array(item, { maxLength: 2 });
    }
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of [...Object.keys(properties), ...((schema.required ?? []) as string[])])
        shape[name] = Object.hasOwn(properties, name) ? valueFor(properties[name]!, depth + 1) : primitive;
      return fc.record(shape, { requiredKeys: ((schema.required ?? []) as string[]).filter((name) => name in shape) });
    }
  }
}

/** A value near the schema: often one that conforms (built from its type, enum or const), sometimes any JSON. */
function valueFor(schema: Record<string, unknown>, depth = 0): fc.Arbitrary<unknown> {
  const near: fc.Arbitrary<unknown>[] = [fc.jsonValue({ maxDepth: 2 })];
  if (depth > 3) return near[0]!;
  if (Array.isArray(schema.enum)) near.push(fc.constantFrom(...(schema.enum as unknown[])));
  if (Object.hasOwn(schema, 'const')) near.push(fc.constant(schema.const));
  const types = typeof schema.type === 'string' ? [schema.type] : ((schema.type ?? TYPE_NAMES) as readonly string[]);
  for (const type of types) near.push(valueOfType(type, schema, depth));
  return fc.oneof(...near);
}

const schemaAndValue = plainNode.chain((schema) => fc.tuple(fc.constant(schema), valueFor(schema)));

const meta2020 = new Ajv2020({ strict: false, validateFormats: false });
const metaDraft07 = new Ajv({ strict: false, validateFormats: false });

describe('plain schemas', () => {
  it('every plain schema passes the 2020-12 and draft-07 meta-schemas and compiles in both dialects', () => {
    fc.assert(
      fc.property(plainNode, (schema) => {
        expect(isPlainSchema(schema)).toBe(true);
        expect(meta2020.validateSchema(schema)).toBe(true);
        expect(metaDraft07.validateSchema(schema)).toBe(true);
        expect(() => new Ajv2020(SCHEMA_COMPILE_OPTIONS).compile(schema)).not.toThrow();
        expect(() => new Ajv(SCHEMA_COMPILE_OPTIONS).compile(schema)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('plainlyConforms never says yes to a value the compiled validator refuses, and says yes to many', () => {
    let yes = 0;
    fc.assert(
      fc.property(schemaAndValue, ([schema, value]) => {
        if (!plainlyConforms(schema, value)) return;
        yes += 1;
        expect(compileSchemaValidator(schema).validate(value)).toEqual([]);
      }),
      { numRuns: 1_000 },
    );
    expect(yes).toBeGreaterThan(100);
  });
});
