import { describe, expect, it } from 'vitest';
import { compileSchemaValidator } from '../validation/schema-validator.js';
import { checkSchemaPatterns, SchemaProfile } from './check-schema-patterns.js';
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
      'inputSchema#/properties/q/pattern breaks SC-3: pattern needs a maxLength of at most 256 beside it (strict profile).',
    ],
    [
      'a pattern with maxLength 257',
      object({ q: { type: 'string', pattern: '^a+$', maxLength: 257 } }),
      'inputSchema#/properties/q/pattern breaks SC-3: pattern needs a maxLength of at most 256 beside it (strict profile).',
    ],
    ['a pattern with maxLength 256', object({ q: { type: 'string', pattern: '^a+$', maxLength: 256 } }), undefined],
    [
      'a pattern on property names without a length',
      object({}, { propertyNames: { pattern: '^[a-z]+$' } }),
      'inputSchema#/propertyNames/pattern breaks SC-3: pattern needs a maxLength of at most 256 beside it (strict profile).',
    ],
    [
      'patternProperties',
      object({}, { patternProperties: { '^x-': { type: 'string' } } }),
      'inputSchema#/patternProperties breaks SC-3: patternProperties is refused (strict profile).',
    ],
    [
      'uniqueItems without maxItems',
      object({ tags: { type: 'array', uniqueItems: true } }),
      'inputSchema#/properties/tags/uniqueItems breaks SC-3: uniqueItems needs a maxItems beside it (strict profile).',
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
