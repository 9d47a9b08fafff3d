import { describe, expect, it } from 'vitest';
import { compileSchemaValidator } from '../validation/schema-validator.js';
import { checkSchemaPatterns, MAX_SCHEMA_PATTERN_SIZE, SchemaProfile } from './check-schema-patterns.js';
import { createExternalToolDefinition } from './external-tool-definition.js';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

const HOSTILE_CHARACTERS = 100_000;

/** [pattern, an input of 100 KB built to make a backtracking engine explode, an input that matches]. */
const REDOS: [string, string, string][] = [
  ['(a+)+$', `${'a'.repeat(HOSTILE_CHARACTERS - 1)}!`, 'aaa'],
  ['^(a|a)*$', `${'a'.repeat(HOSTILE_CHARACTERS - 1)}!`, 'aaaa'],
  ['a*a*a*a*a*b', 'a'.repeat(HOSTILE_CHARACTERS), 'aaab'],
  // The P comes first, so an engine cannot stop early for want of the literal.
  ['(.*,){11}P', `P${','.repeat(HOSTILE_CHARACTERS - 1)}`, `${'x,'.repeat(11)}P`],
];

describe('SC-3 patterns', () => {
  it.each(REDOS)(
    'SC-3: the pattern %s from an external schema runs in linear time on a 100 KB hostile input',
    (pattern, hostile, matching) => {
      const definition = createExternalToolDefinition({
        name: 'probe',
        description: 'Probes',
        inputSchema: object({ q: { type: 'string', pattern } }),
        origin: 'manifest probe.json',
      });
      const validator = compileSchemaValidator(definition.inputSchema);
      const started = performance.now();
      const violations = validator.validate({ q: hostile });
      const elapsedMs = performance.now() - started;
      expect(violations.map((violation) => violation.message)).toEqual([
        `Parameter 'q' must match the pattern ${pattern}. The tool was not executed.`,
      ]);
      // A generous bound: V8's backtracking engine needs over 20 s for (a+)+$ on 28 characters.
      expect(elapsedMs).toBeLessThan(2_000);
      expect(validator.validate({ q: matching })).toEqual([]);
    },
  );

  /** Twenty patterns like `a{2,1000}b{2,1000}…`: 2.2 KB that once took seconds to admit and seconds again to use. */
  const UNROLLING = Array.from(
    { length: 20 },
    (_, index) => [...'abcdefghijk'].map((letter) => `${letter}{2,1000}`).join('') + String(index),
  );

  it('SC-3: patterns that unroll to huge programs are refused at the constructor, before anything compiles them', () => {
    const properties = Object.fromEntries(
      UNROLLING.map((pattern, index) => [`p${index}`, { type: 'string', pattern }]),
    );
    expect(JSON.stringify(properties).length).toBeGreaterThan(2_200);
    expect(() =>
      createExternalToolDefinition({
        name: 'probe',
        description: 'Probes',
        inputSchema: object(properties),
        origin: 'manifest probe.json',
      }),
    ).toThrow(
      `External tool 'probe' from manifest probe.json: inputSchema#/properties/p0/pattern: pattern '${UNROLLING[0]?.slice(0, 99)}… is refused: it unrolls to about 21979 instructions; at most 2000 are accepted (maxLength, not a pattern, is the way to limit a length).`,
    );
  });

  it('SC-3: the distinct patterns of one schema share one size budget; a repeated pattern counts once', () => {
    // Each `^X{0,999}$` unrolls to 2,000 instructions: ten fit, the eleventh does not.
    const patterns = [...'abcdefghijk'].map((letter) => `^${letter}{0,999}$`);
    const schema = (list: string[]) =>
      object(Object.fromEntries(list.map((pattern, index) => [`p${index}`, { type: 'string', pattern }])));
    expect(checkSchemaPatterns(schema(patterns.slice(0, 10)))).toBeUndefined();
    expect(checkSchemaPatterns(schema(Array.from({ length: 50 }, () => patterns[0] as string)))).toBeUndefined();
    expect(checkSchemaPatterns(schema(patterns))).toEqual({
      rule: 'patterns',
      pointer: '/properties/p10/pattern',
      message: `the schema's patterns together unroll to more than ${MAX_SCHEMA_PATTERN_SIZE} instructions of the linear-time engine`,
    });
    const keys = object({}, { patternProperties: Object.fromEntries(patterns.map((pattern) => [pattern, {}])) });
    expect(checkSchemaPatterns(keys)?.pointer).toBe('/patternProperties/^k{0,999}$');
  });

  it.each([
    ['^(?<n>a)\\k<n>$', '\\k is a named backreference, which the linear-time engine cannot run'],
    ['^(a)\\1$', '\\1 is a backreference, which the linear-time engine cannot run'],
    ['^a\\z', '\\z is not an escape ECMAScript defines'],
    ['(?<=@)x', 'lookbehind cannot run on the linear-time engine'],
    ['\\p{Greek}', '\\p{Greek} is not a Unicode property the linear-time engine matches exactly like ECMAScript'],
    [
      '[\\w--\\d]',
      "'--' inside a character class means something else under ECMAScript's v flag; write \\- for the character itself",
    ],
  ])(
    'SC-3: the pattern %s, which RE2 would read differently or not at all, is refused at the constructor',
    (pattern, reason) => {
      expect(() =>
        createExternalToolDefinition({
          name: 'probe',
          description: 'Probes',
          inputSchema: object({ q: { type: 'string', pattern } }),
          origin: 'manifest probe.json',
        }),
      ).toThrow(
        `External tool 'probe' from manifest probe.json: inputSchema#/properties/q/pattern: pattern '${pattern}' is refused: ${reason}.`,
      );
    },
  );

  it('SC-3: format is not asserted, so format "regex" never runs the value as a pattern', () => {
    const definition = createExternalToolDefinition({
      name: 'probe',
      description: 'Probes',
      inputSchema: object({ expression: { type: 'string', format: 'regex' }, when: { format: 'date-time' } }),
      origin: 'manifest probe.json',
    });
    const validator = compileSchemaValidator(definition.inputSchema);
    expect(validator.validate({ expression: '(a+)+$[', when: 'not a date' })).toEqual([]);
  });

  it('SC-3: the standard profile accepts what the strict profile refuses', () => {
    const schema = object(
      { q: { type: 'string', pattern: '^a+$' }, tags: { type: 'array', uniqueItems: true } },
      { patternProperties: { '^x-': {} } },
    );
    expect(checkSchemaPatterns(schema, SchemaProfile.STANDARD)).toBeUndefined();
    expect(checkSchemaPatterns(schema)).toBeUndefined();
  });

  const STRICT: [string, Record<string, unknown>, string | undefined][] = [
    [
      'a pattern without maxLength',
      object({ q: { type: 'string', pattern: '^a+$' } }),
      'inputSchema#/properties/q/pattern: pattern needs a maxLength of at most 256 beside it (strict profile).',
    ],
    [
      'a pattern with maxLength 257',
      object({ q: { type: 'string', pattern: '^a+$', maxLength: 257 } }),
      'inputSchema#/properties/q/pattern: pattern needs a maxLength of at most 256 beside it (strict profile).',
    ],
    ['a pattern with maxLength 256', object({ q: { type: 'string', pattern: '^a+$', maxLength: 256 } }), undefined],
    [
      'a pattern on property names without a length',
      object({}, { propertyNames: { pattern: '^[a-z]+$' } }),
      'inputSchema#/propertyNames/pattern: pattern needs a maxLength of at most 256 beside it (strict profile).',
    ],
    [
      'patternProperties',
      object({}, { patternProperties: { '^x-': { type: 'string' } } }),
      'inputSchema#/patternProperties: patternProperties is refused (strict profile).',
    ],
    [
      'uniqueItems without maxItems',
      object({ tags: { type: 'array', uniqueItems: true } }),
      'inputSchema#/properties/tags/uniqueItems: uniqueItems needs a maxItems beside it (strict profile).',
    ],
    ['uniqueItems with maxItems', object({ tags: { type: 'array', uniqueItems: true, maxItems: 50 } }), undefined],
    ['uniqueItems false', object({ tags: { type: 'array', uniqueItems: false } }), undefined],
  ];

  it.each(STRICT)('SC-3: the strict profile and %s', (_label, inputSchema, message) => {
    const define = () =>
      createExternalToolDefinition(
        { name: 'probe', description: 'Probes', inputSchema, origin: 'manifest probe.json' },
        { profile: SchemaProfile.STRICT },
      );
    if (message === undefined) expect(define().inputSchema).toEqual(inputSchema);
    else expect(define).toThrow(`External tool 'probe' from manifest probe.json: ${message}`);
  });
});
