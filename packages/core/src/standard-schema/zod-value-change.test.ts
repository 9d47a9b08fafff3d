import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findZodValueChange } from './zod-value-change.js';

describe('findZodValueChange', () => {
  it.each([
    ['.trim()', z.string().trim(), { at: '', by: '.trim()' }],
    ['.toLowerCase()', z.string().toLowerCase(), { at: '', by: '.toLowerCase()' }],
    ['.toUpperCase()', z.string().min(1).toUpperCase(), { at: '', by: '.toUpperCase()' }],
    ['.normalize()', z.string().normalize('NFKC'), { at: '', by: '.normalize()' }],
    ['.slugify()', z.string().slugify(), { at: '', by: '.slugify()' }],
    ['.overwrite()', z.string().overwrite((text) => `${text}!`), { at: '', by: '.overwrite()' }],
    ['z.trim() in .check()', z.string().check(z.trim()), { at: '', by: '.trim()' }],
    ['.transform()', z.string().transform((text) => text.length), { at: '', by: '.transform()' }],
    ['z.preprocess()', z.preprocess((value) => value, z.string()), { at: '', by: 'z.preprocess()' }],
    ['.pipe() into a transform', z.string().pipe(z.transform((text) => text)), { at: '', by: '.transform()' }],
    [
      'a transform piped on',
      z
        .string()
        .transform((text) => text.trim())
        .pipe(z.string()),
      { at: '', by: '.transform()' },
    ],
    [
      'z.codec()',
      z.codec(z.string(), z.number(), { decode: Number, encode: String }),
      { at: '', by: 'z.codec() (or z.stringbool())' },
    ],
    ['z.stringbool()', z.stringbool(), { at: '', by: 'z.codec() (or z.stringbool())' }],
    ['z.coerce.number()', z.coerce.number(), { at: '', by: 'z.coerce.number()' }],
    ['z.coerce.string()', z.coerce.string(), { at: '', by: 'z.coerce.string()' }],
    ['z.coerce.boolean()', z.coerce.boolean(), { at: '', by: 'z.coerce.boolean()' }],
    ['.catch()', z.string().catch('x'), { at: '', by: '.catch()' }],
    ['.prefault()', z.string().prefault('x'), { at: '', by: '.prefault()' }],
    ['z.success()', z.success(z.string()), { at: '', by: 'z.success()' }],
  ])('AU-3: %s is found by name', (_name, schema, change) => {
    expect(findZodValueChange(schema)).toEqual(change);
  });

  it.each([
    ['an object property', z.object({ name: z.string().trim() }), { at: 'name', by: '.trim()' }],
    ['array items', z.array(z.string().toLowerCase()), { at: '[]', by: '.toLowerCase()' }],
    [
      'deep inside',
      z.object({ filters: z.array(z.object({ value: z.coerce.number() })) }),
      { at: 'filters[].value', by: 'z.coerce.number()' },
    ],
    [
      'an optional, nullable property',
      z.object({ a: z.string().trim().nullable().optional() }),
      { at: 'a', by: '.trim()' },
    ],
    ['a union branch', z.union([z.number(), z.string().trim()]), { at: '', by: '.trim()' }],
    [
      'an intersection',
      z.intersection(z.object({ a: z.string() }), z.object({ b: z.string().trim() })),
      { at: 'b', by: '.trim()' },
    ],
    ['a tuple item', z.tuple([z.number(), z.string().trim()]), { at: '[1]', by: '.trim()' }],
    ['a tuple rest', z.tuple([z.number()], z.string().trim()), { at: '[]', by: '.trim()' }],
    ['record keys', z.record(z.string().trim(), z.number()), { at: '(key)', by: '.trim()' }],
    ['record values', z.record(z.string(), z.string().toUpperCase()), { at: '*', by: '.toUpperCase()' }],
    ['a catchall', z.object({ a: z.string() }).catchall(z.string().trim()), { at: '*', by: '.trim()' }],
    ['a lazy schema', z.lazy(() => z.object({ a: z.string().trim() })), { at: 'a', by: '.trim()' }],
    ['a readonly object', z.object({ a: z.string().trim() }).readonly(), { at: 'a', by: '.trim()' }],
    ['under the field default', z.string().trim().default('x'), { at: '', by: '.trim()' }],
    [
      'a default inside an object',
      z.object({ page: z.number().default(1) }),
      { at: 'page', by: '.default() inside the schema' },
    ],
    ['a default in array items', z.array(z.string().default('x')), { at: '[]', by: '.default() inside the schema' }],
    [
      'a default in a union branch',
      z.union([z.string().default('x'), z.number()]),
      { at: '', by: '.default() inside the schema' },
    ],
    ['a catch inside an object', z.object({ a: z.number().catch(0) }), { at: 'a', by: '.catch()' }],
  ])('AU-3: a value change in %s is found, with its path', (_name, schema, change) => {
    expect(findZodValueChange(schema)).toEqual(change);
  });

  it('AU-3: a recursive schema is walked once, and a change deep in it is found', () => {
    const Node = z.object({
      name: z.string(),
      get children(): z.ZodOptional<z.ZodArray<typeof Node>> {
        return z.array(Node).optional();
      },
    });
    expect(findZodValueChange(Node)).toBeUndefined();
    const Trimmed = z.object({
      get children(): z.ZodArray<typeof Trimmed> {
        return z.array(Trimmed);
      },
      label: z.string().trim(),
    });
    expect(findZodValueChange(Trimmed)).toEqual({ at: 'label', by: '.trim()' });
  });

  it('AU-3: a z.lazy() whose getter builds its schema anew at each call is walked once, to its change', () => {
    let builds = 0;
    const Linked: z.ZodType = z.lazy(
      () => (builds++, z.object({ label: z.string().toLowerCase(), next: Linked.optional() })),
    );
    expect(findZodValueChange(Linked)).toEqual({ at: 'label', by: '.toLowerCase()' });
    const Plain: z.ZodType = z.lazy(() => z.object({ label: z.string(), next: Plain.optional() }));
    expect(findZodValueChange(Plain)).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('AU-3: schemas that only check are not changes, the field default included', () => {
    const checking = [
      z.string().min(1).max(5).regex(/^a/),
      z.email(),
      z.number().int().positive(),
      z.object({ a: z.string().optional(), b: z.array(z.enum(['x', 'y'])), c: z.literal(1).nullable() }),
      z.string().refine((text) => text.length > 0),
      z.number().int().default(1),
      z.object({ a: z.string() }).default({ a: 'x' }),
      z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]),
      z.strictObject({ a: z.string() }),
      z.record(z.string(), z.number()),
      z.json(),
    ];
    expect(checking.map((schema) => findZodValueChange(schema))).toEqual(checking.map(() => undefined));
  });

  it('AU-3: reading the schema runs none of its functions: no default, catch, transform or preprocess', () => {
    const calls: string[] = [];
    const schema = z.object({
      a: z.string().default(() => (calls.push('default'), 'x')),
      b: z.string().catch(() => (calls.push('catch'), 'y')),
      c: z.string().transform((text) => (calls.push('transform'), text)),
      d: z.preprocess((value) => (calls.push('preprocess'), value), z.string()),
      e: z.string().refine((text) => (calls.push('refine'), text !== '')),
    });
    expect(findZodValueChange(schema)).toEqual({ at: 'a', by: '.default() inside the schema' });
    expect(findZodValueChange(schema.shape.e)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('AU-3: anything that is not a zod schema has nothing to read', () => {
    for (const value of [undefined, null, 1, 'text', {}, { _zod: null }, { _zod: { def: 1 } }, () => 1]) {
      expect(findZodValueChange(value)).toBeUndefined();
    }
  });
});
