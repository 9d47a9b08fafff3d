import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindInput } from '../binder/bind-input.js';
import { ToolParam } from '../decorators/tool-param.js';
import { buildInputSchema } from '../schema/build-input-schema.js';
import type { StandardJsonSchema } from './standard-schema.js';
import { thrownToolwrightError as thrown } from '../../test/fixtures/thrown-toolwright-error.js';

/** A class with one field `value` declared by `@ToolParam({ description: 'Value', schema })`. */
function inputWith(schema: StandardJsonSchema, options: { optional?: true; default?: unknown } = {}) {
  class StandardInput {
    @ToolParam({ description: 'Value', schema: schema as StandardJsonSchema<unknown, unknown>, ...options })
    value?: unknown;
  }
  return StandardInput;
}

/** A Standard JSON Schema written by hand: its converter returns `document` and counts its calls. */
function handWritten(document: Record<string, unknown>) {
  const calls = { input: 0, output: 0 };
  const schema: StandardJsonSchema<string> = {
    '~standard': {
      version: 1,
      vendor: 'handwritten',
      validate: (value) => (typeof value === 'string' ? { value } : { issues: [{ message: 'not a string' }] }),
      jsonSchema: {
        input: () => (calls.input++, document),
        output: () => (calls.output++, document),
      },
    },
  };
  return { schema, calls };
}

describe('Standard Schema fields', () => {
  it('AU-3: a zod schema becomes the field schema: $schema dropped, objects closed, the @ToolParam description first', () => {
    const Filter = z.object({ field: z.enum(['label', 'author']).describe('What to match'), value: z.string() });
    class ZodInput {
      @ToolParam({ description: 'Filters', schema: z.array(Filter).describe('ignored') }) filters!: z.output<
        typeof Filter
      >[];
      @ToolParam({ description: 'Limit', schema: z.number().int().min(1).max(50) }) limit!: number;
    }
    expect(buildInputSchema(ZodInput)).toEqual({
      type: 'object',
      properties: {
        filters: {
          type: 'array',
          description: 'Filters',
          items: {
            type: 'object',
            properties: {
              field: { type: 'string', enum: ['label', 'author'], description: 'What to match' },
              value: { type: 'string' },
            },
            required: ['field', 'value'],
            additionalProperties: false,
          },
        },
        limit: { type: 'integer', description: 'Limit', minimum: 1, maximum: 50 },
      },
      required: ['filters', 'limit'],
      additionalProperties: false,
    });
  });

  it('AU-3: a Valibot schema (through toStandardJsonSchema) and an ArkType schema convert the same way', () => {
    class OtherLibraries {
      @ToolParam({ description: 'Name', schema: toStandardJsonSchema(v.pipe(v.string(), v.maxLength(20))) })
      name!: string;
      @ToolParam({ description: 'Point', schema: type({ x: 'number', 'y?': 'number' }) }) point!: {
        x: number;
        y?: number;
      };
    }
    expect(buildInputSchema(OtherLibraries).properties).toEqual({
      name: { type: 'string', description: 'Name', maxLength: 20 },
      point: {
        type: 'object',
        description: 'Point',
        properties: { x: { type: 'number' }, y: { type: 'number' } },
        required: ['x'],
        additionalProperties: false,
      },
    });
  });

  it('AU-3: a schema that accepts undefined makes the field optional; one with a default fills it', () => {
    class Absences {
      @ToolParam({ description: 'Note', schema: z.string().optional() }) note?: string;
      @ToolParam({ description: 'Page', schema: z.number().int().default(1) }) page!: number;
      @ToolParam({ description: 'Size', schema: toStandardJsonSchema(v.optional(v.number(), 20)) }) size!: number;
      @ToolParam({ description: 'Sort', schema: z.enum(['new', 'old']).default('new'), default: 'old' }) sort!:
        'new' | 'old';
    }
    const schema = buildInputSchema(Absences);
    expect(schema.required).toBeUndefined();
    expect(schema.properties).toEqual({
      note: { type: 'string', description: 'Note' },
      page: {
        type: 'integer',
        description: 'Page',
        default: 1,
        minimum: -9007199254740991,
        maximum: 9007199254740991,
      },
      size: { type: 'number', description: 'Size', default: 20 },
      sort: { type: 'string', description: 'Sort', default: 'old', enum: ['new', 'old'] },
    });
    expect(bindInput(Absences, {})).toEqual({
      ok: true,
      value: Object.assign(new Absences(), { page: 1, size: 20, sort: 'old' }),
    });
  });

  it('AU-3: a recursive zod schema is placed under $defs, its references moved along, and binds', () => {
    const Outline = z.object({
      title: z.string(),
      get sections(): z.ZodOptional<z.ZodArray<typeof Outline>> {
        return z.array(Outline).optional();
      },
    });
    class Document {
      @ToolParam({ description: 'The outline', schema: Outline }) outline!: z.output<typeof Outline>;
    }
    const schema = buildInputSchema(Document);
    expect(schema.properties).toEqual({ outline: { description: 'The outline', $ref: '#/$defs/Document.outline' } });
    expect(schema.$defs).toEqual({
      'Document.outline': {
        type: 'object',
        properties: {
          title: { type: 'string' },
          sections: { type: 'array', items: { $ref: '#/$defs/Document.outline' } },
        },
        required: ['title'],
        additionalProperties: false,
      },
    });
    const outline = { title: 'A', sections: [{ title: 'B', sections: [{ title: 'C' }] }] };
    expect(bindInput(Document, { outline })).toEqual({ ok: true, value: Object.assign(new Document(), { outline }) });
    expect(bindInput(Document, { outline: { title: 'A', sections: [{ sections: [], extra: 1 }] } })).toEqual({
      ok: false,
      violations: [
        expect.objectContaining({
          message: "Parameter 'outline.sections[0].title' is required (string). The tool was not executed.",
        }),
        expect.objectContaining({
          message: "Unknown parameter 'outline.sections[0].extra'. The tool was not executed.",
        }),
      ],
    });
  });

  it('AU-3: a schema is converted once, when its class is registered', () => {
    const { schema, calls } = handWritten({ type: 'string' });
    const Counted = inputWith(schema);
    expect(calls).toEqual({ input: 0, output: 0 });
    buildInputSchema(Counted);
    buildInputSchema(Counted);
    bindInput(Counted, { value: 'x' });
    expect(calls).toEqual({ input: 1, output: 1 });
  });

  const CHANGES =
    "changes the value it validates (%s), but toolwright binds the JSON the model sent as it is, so the tool would read the value unchanged. Keep the schema to checks and change the value in doExecute; a default belongs on the field's own schema or in @ToolParam({ default }).";

  it.each([
    ['zod', z.string().trim(), '.trim()'],
    ['zod', z.object({ user: z.object({ email: z.email().toLowerCase() }) }), '.toLowerCase() at user.email'],
    ['zod', z.array(z.string().toUpperCase()), '.toUpperCase() at []'],
    ['zod', z.string().normalize(), '.normalize()'],
    ['zod', z.string().overwrite((text) => text.replaceAll(' ', '')), '.overwrite()'],
    ['zod', z.preprocess((value) => String(value).trim(), z.string()), 'z.preprocess()'],
    ['zod', z.string().transform((text) => text.length), '.transform()'],
    [
      'zod',
      z
        .string()
        .transform((text) => text.trim())
        .pipe(z.string().min(1)),
      '.transform()',
    ],
    ['zod', z.object({ count: z.coerce.number().int() }), 'z.coerce.number() at count'],
    ['zod', z.string().catch('unknown'), '.catch()'],
    ['zod', z.object({ page: z.number().default(1) }), '.default() inside the schema at page'],
    [
      'zod',
      z.string().check((context) => void (context.value = context.value.trim())),
      "'  Mixed Case  ' became 'Mixed Case'",
    ],
    ['valibot', toStandardJsonSchema(v.pipe(v.string(), v.trim())), 'v.trim()'],
    ['valibot', toStandardJsonSchema(v.object({ tag: v.pipe(v.string(), v.toLowerCase()) })), 'v.toLowerCase()'],
    [
      'valibot',
      toStandardJsonSchema(
        v.pipe(
          v.string(),
          v.transform((text) => text.length),
        ),
      ),
      'v.transform()',
    ],
    ['valibot', toStandardJsonSchema(v.fallback(v.string(), 'none')), "12 became 'none'"],
    ['valibot', toStandardJsonSchema(v.object({ page: v.optional(v.number(), 1) })), '{} became {"page":1}'],
    ['arktype', type('string.trim'), 'string.trim'],
    ['arktype', type({ tags: 'string.lower[]' }), 'string.lower at tags[]'],
    ['arktype', type('string.numeric.parse'), 'string.numeric.parse'],
    ['arktype', type('string').pipe((text) => text.trim(), type('string')), 'a morph: (In: string) => To<string>'],
    ['arktype', type({ page: 'number = 1' }), 'a default (= 1) inside the schema at page'],
  ])(
    'AU-3: a %s schema that changes values is refused, naming the field and what changes it (%#)',
    (library, schema, change) => {
      expect(thrown(() => buildInputSchema(inputWith(schema as StandardJsonSchema)))).toEqual({
        code: 'INVALID_SCHEMA',
        message: `StandardInput.value: the ${library} schema ${CHANGES.replace('%s', change)}`,
      });
    },
  );

  it('AU-3: a value-changing schema as the items of an array field is refused too', () => {
    class Tagged {
      @ToolParam.array(z.string().trim(), 'Tags') tags!: string[];
    }
    expect(thrown(() => buildInputSchema(Tagged))).toEqual({
      code: 'INVALID_SCHEMA',
      message: `Tagged.tags: the zod schema ${CHANGES.replace('%s', '.trim()')}`,
    });
  });

  it('AU-3: registration runs none of the functions a refused schema would change values with', () => {
    const calls: string[] = [];
    const schemas = [
      z.string().transform((text) => (calls.push('transform'), text)),
      z.preprocess((value) => (calls.push('preprocess'), value), z.string()),
      z.string().catch(() => (calls.push('catch'), 'x')),
      z.object({ a: z.string().default(() => (calls.push('default'), 'x')) }),
      z.string().overwrite((text) => (calls.push('overwrite'), text)),
    ];
    for (const schema of schemas) expect(thrown(() => buildInputSchema(inputWith(schema))).code).toBe('INVALID_SCHEMA');
    expect(calls).toEqual([]);
  });

  it('AU-3: a schema whose JSON Schemas for input and output differ is refused, whatever made them differ', () => {
    const schema: StandardJsonSchema = {
      '~standard': {
        version: 1,
        vendor: 'handwritten',
        validate: (value) => ({ value }),
        jsonSchema: { input: () => ({ type: 'string' }), output: () => ({ type: 'number' }) },
      },
    };
    expect(thrown(() => buildInputSchema(inputWith(schema)))).toEqual({
      code: 'INVALID_SCHEMA',
      message:
        "StandardInput.value: the handwritten schema changes the value it validates: its JSON Schemas for input and output differ (a transform, a coercion, or a default inside an object). toolwright binds the JSON the model sent, so the field's type would not hold; use a schema that keeps values as they are, and declare the field's default on the schema itself or with @ToolParam({ default }).",
    });
  });

  it('AU-3: a schema without a JSON Schema form is refused with the fix', () => {
    expect(thrown(() => buildInputSchema(inputWith(v.string() as unknown as StandardJsonSchema)))).toEqual({
      code: 'INVALID_SCHEMA',
      message:
        'StandardInput.value: the valibot schema has no JSON Schema form (~standard.jsonSchema). Use a zod 4 or ArkType 2 schema, wrap a Valibot schema in toStandardJsonSchema(…) from @valibot/to-json-schema, or write a TypeBox schema.',
    });
    expect(thrown(() => buildInputSchema(inputWith(z.date())))).toEqual({
      code: 'INVALID_SCHEMA',
      message:
        'StandardInput.value: the zod schema has no JSON Schema form (Date cannot be represented in JSON Schema). Use only what JSON Schema can describe: toolwright validates each call with it.',
    });
  });

  it.each([
    [
      'a remote reference',
      { type: 'object', properties: { next: { $ref: 'https://example.com/node.json' } } },
      "breaks a rule of field schemas (references): $ref must start with '#' (a reference inside the schema), not 'https://example.com/node.json', at /properties/next/$ref.",
    ],
    [
      'a reference to nothing',
      { type: 'object', properties: { next: { $ref: '#/$defs/missing' } } },
      "breaks a rule of field schemas (references): $ref '#/$defs/missing' does not resolve inside the schema, at /properties/next/$ref.",
    ],
    [
      'an $id',
      { $id: 'https://example.com/value', type: 'string' },
      'breaks a rule of field schemas (references): $id may not appear in a field schema, at /$id.',
    ],
    [
      'another dialect',
      { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' },
      'converted to the dialect "http://json-schema.org/draft-07/schema#"; toolwright asked for JSON Schema 2020-12.',
    ],
    [
      'a value that is not JSON',
      { type: 'string', default: Number.NaN },
      'breaks a rule of field schemas (limits): the schema holds a value that is not JSON data (NaN), at /default.',
    ],
  ])('AU-3: a converted schema is held to the rules of field schemas: %s', (_case, document, reason) => {
    expect(thrown(() => buildInputSchema(inputWith(handWritten(document).schema)))).toEqual({
      code: 'INVALID_SCHEMA',
      message: `StandardInput.value: the handwritten schema ${reason}`,
    });
  });

  it('AU-3: optional in the schema and a default in the options (or the reverse) is refused', () => {
    const message =
      "StandardInput.value is both optional and given a default (by its schema and its @ToolParam options). A field with a default is never absent after binding: keep the default, drop the optional, and declare the field without '?'.";
    expect(thrown(() => buildInputSchema(inputWith(z.string().optional(), { default: 'x' })))).toEqual({
      code: 'INVALID_DEFAULT',
      message,
    });
    expect(thrown(() => buildInputSchema(inputWith(z.string().default('x'), { optional: true })))).toEqual({
      code: 'INVALID_DEFAULT',
      message,
    });
  });
});
