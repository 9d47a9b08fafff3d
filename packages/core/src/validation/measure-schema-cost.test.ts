import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { createExternalToolDefinition } from '../external/external-tool-definition.js';
import { MAX_EVALUATIONS_PER_VALUE, measureSchemaCost } from './measure-schema-cost.js';
import { compileSchemaValidator, DRAFT_07_URI } from './schema-validator.js';

const TOO_EXPENSIVE = `checking one value could take more than ${MAX_EVALUATIONS_PER_VALUE} subschema evaluations, because combinators and references multiply each other`;
const NEVER_ENDS =
  'it refers back to a schema it is part of without going into the value, so checking some values would never end';

/** `$defs` d0…d(levels-1), each made by `level` from a reference to the next; the last one a string. */
function chain(levels: number, level: (next: string) => Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const definitions: Record<string, unknown> = {};
  for (let index = 0; index < levels; index++) {
    definitions[`d${index}`] = index === levels - 1 ? { type: 'string' } : level(`#/$defs/d${index + 1}`);
  }
  return { type: 'object', properties: { q: { $ref: '#/$defs/d0' } }, $defs: definitions, ...extra };
}

/** Schemas whose cost doubles (or more) per level: every way a validator can be made to multiply its work. */
const MULTIPLYING: [string, Record<string, unknown>][] = [
  ['allOf of the same reference twice', chain(20, (next) => ({ allOf: [{ $ref: next }, { $ref: next }] }))],
  ['anyOf of the same reference twice', chain(20, (next) => ({ anyOf: [{ $ref: next }, { $ref: next }] }))],
  ['oneOf of two references', chain(20, (next) => ({ oneOf: [{ $ref: next }, { $ref: next, type: 'string' }] }))],
  ['a reference beside allOf', chain(20, (next) => ({ $ref: next, allOf: [{ $ref: next }] }))],
  ['if / then / else', chain(20, (next) => ({ if: { $ref: next }, then: { $ref: next }, else: { $ref: next } }))],
  ['not beside a reference', chain(20, (next) => ({ not: { $ref: next }, $ref: next }))],
  ['dependentSchemas', chain(20, (next) => ({ dependentSchemas: { a: { $ref: next }, b: { $ref: next } } }))],
  [
    'draft-07 dependencies',
    {
      $schema: DRAFT_07_URI,
      ...chain(20, (next) => ({ dependencies: { a: { $ref: next }, b: { $ref: next } } })),
    },
  ],
  [
    '$dynamicRef to the next level, twice per level',
    {
      type: 'object',
      properties: { q: { $dynamicRef: '#l0' } },
      $defs: Object.fromEntries(
        Array.from({ length: 21 }, (_, index) => [
          `d${index}`,
          index === 20
            ? { $dynamicAnchor: `l${index}`, type: 'string' }
            : {
                $dynamicAnchor: `l${index}`,
                allOf: [{ $dynamicRef: `#l${index + 1}` }, { $dynamicRef: `#l${index + 1}` }],
              },
        ]),
      ),
    },
  ],
  [
    'nested arrays: prefixItems, items and contains on every level',
    chain(20, (next) => ({
      type: 'array',
      prefixItems: [{ $ref: next }],
      items: { $ref: next },
      contains: { $ref: next },
    })),
  ],
  [
    'a member checked against the root twice on every level',
    { type: 'object', properties: { x: { allOf: [{ $ref: '#' }, { $ref: '#' }] } } },
  ],
  [
    'patternProperties and properties both matching a member that recurses',
    { type: 'object', properties: { ab: { $ref: '#' } }, patternProperties: { '^a': { $ref: '#' } } },
  ],
  [
    'oneOf branches whose children all recurse into the union',
    {
      type: 'object',
      properties: { node: { $ref: '#/$defs/node' } },
      $defs: {
        node: {
          oneOf: ['a', 'b'].map((kind) => ({
            type: 'object',
            properties: { kind: { const: kind }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
          })),
        },
      },
    },
  ],
];

/** Schemas that refer back to themselves without going into the value, and where the loop closes. */
const ENDLESS: [string, Record<string, unknown>, (string | number)[]][] = [
  ['a root that refers to itself', { type: 'object', $ref: '#' }, []],
  [
    'allOf of itself',
    { type: 'object', $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } }, $ref: '#/$defs/a' },
    ['$defs', 'a', 'allOf', 0],
  ],
  [
    'anyOf with a way out that a number does not take',
    {
      type: 'object',
      properties: { x: { $ref: '#/$defs/a' } },
      $defs: { a: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/a' }] } },
    },
    ['$defs', 'a', 'anyOf', 1],
  ],
  [
    'two definitions through not and then',
    {
      type: 'object',
      properties: { x: { $ref: '#/$defs/a' } },
      $defs: { a: { not: { $ref: '#/$defs/b' } }, b: { if: true, then: { $ref: '#/$defs/a' } } },
    },
    ['$defs', 'b', 'then'],
  ],
  [
    'an anchor',
    { type: 'object', properties: { x: { $anchor: 'self', allOf: [{ $ref: '#self' }] } } },
    ['properties', 'x', 'allOf', 0],
  ],
];

/** Schemas real servers send, recursive ones included, and what one value may cost. */
const ACCEPTED: [string, Record<string, unknown>, number][] = [
  [
    'a tree through $ref "#"',
    { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } },
    2,
  ],
  ['a binary tree', { type: 'object', properties: { left: { $ref: '#' }, right: { $ref: '#' } } }, 2],
  [
    'a JSON value',
    {
      type: 'object',
      properties: { value: { $ref: '#/$defs/json' } },
      $defs: {
        json: {
          anyOf: [
            { type: ['string', 'number', 'boolean', 'null'] },
            { type: 'array', items: { $ref: '#/$defs/json' } },
            { type: 'object', additionalProperties: { $ref: '#/$defs/json' } },
          ],
        },
      },
    },
    5,
  ],
  [
    'a $dynamicRef tree',
    {
      type: 'object',
      $dynamicAnchor: 'node',
      properties: { children: { type: 'array', items: { $dynamicRef: '#node' } } },
    },
    2,
  ],
  [
    'what the MCP SDK emits for a zod object (draft-07, shared shapes by $ref)',
    {
      $schema: DRAFT_07_URI,
      type: 'object',
      properties: {
        owner: { type: 'string', minLength: 1 },
        labels: { type: 'array', items: { type: 'string' } },
        assignee: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        reviewer: { $ref: '#/properties/assignee' },
        state: { type: 'string', enum: ['open', 'closed'], default: 'open' },
        since: { type: 'string', format: 'date-time' },
      },
      required: ['owner'],
      additionalProperties: false,
    },
    4,
  ],
  [
    'allOf of the same reference twice, twelve levels: 8,190 evaluations, within the budget',
    chain(12, (next) => ({ allOf: [{ $ref: next }, { $ref: next }] })),
    8_190,
  ],
];

describe('measureSchemaCost', () => {
  it.each(MULTIPLYING)('SC-4/GV-5: %s is refused as too expensive', (_label, schema) => {
    expect(measureSchemaCost(schema)).toEqual({ ok: false, path: [], reason: TOO_EXPENSIVE });
  });

  it.each(ENDLESS)('SC-4/GV-5: %s is refused: checking would never end', (_label, schema, path) => {
    expect(measureSchemaCost(schema)).toEqual({ ok: false, path, reason: NEVER_ENDS });
  });

  it.each(ACCEPTED)('SC-4: %s is accepted', (_label, schema, evaluations) => {
    expect(measureSchemaCost(schema)).toEqual({ ok: true, evaluations });
  });

  it('SC-4: one level more than the budget allows is refused', () => {
    expect(measureSchemaCost(chain(13, (next) => ({ allOf: [{ $ref: next }, { $ref: next }] })))).toEqual({
      ok: false,
      path: [],
      reason: TOO_EXPENSIVE,
    });
  });

  it('SC-2/SC-4: the 1.3 KB schema that once took seconds per call is refused at the constructor', () => {
    const inputSchema = chain(21, (next) => ({ allOf: [{ $ref: next }, { $ref: next }] }));
    expect(JSON.stringify(inputSchema).length).toBeLessThan(1_400);
    expect(() =>
      createExternalToolDefinition({
        name: 'probe',
        description: 'Probes',
        inputSchema,
        origin: 'manifest probe.json',
      }),
    ).toThrow(`External tool 'probe' from manifest probe.json: inputSchema#: ${TOO_EXPENSIVE}.`);
    expect(() =>
      createExternalToolDefinition({
        name: 'probe',
        description: 'Probes',
        inputSchema: ENDLESS[2]?.[1],
        origin: 'manifest probe.json',
      }),
    ).toThrow(`External tool 'probe' from manifest probe.json: inputSchema#/$defs/a/anyOf/1: ${NEVER_ENDS}.`);
  });

  it('GV-5: the validator refuses to compile such a schema, naming why', () => {
    expect(() => compileSchemaValidator(MULTIPLYING[0]?.[1])).toThrow(
      new ToolwrightError('INVALID_SCHEMA', `The schema cannot be compiled: ${TOO_EXPENSIVE}.`),
    );
    expect(() => compileSchemaValidator(ENDLESS[2]?.[1])).toThrow(
      new ToolwrightError('INVALID_SCHEMA', `The schema cannot be compiled: ${NEVER_ENDS} (at $defs/a/anyOf/1).`),
    );
  });

  it('SC-4: a schema too intricate to measure is refused rather than measured for long', () => {
    const names = Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`p${index}`, { type: 'string' }]));
    const schema = {
      type: 'object',
      allOf: Array.from({ length: 1_100 }, () => ({ $ref: '#/$defs/wide' })),
      $defs: { wide: { properties: names } },
    };
    expect(measureSchemaCost(schema)).toEqual({
      ok: false,
      path: [],
      reason: 'it is too intricate to measure what checking a value costs (over 2000000 steps)',
    });
  });

  it('SC-2/GV-5: for any schema-shaped input the constructor answers with a definition or a refusal, and an accepted one validates any value', () => {
    fc.assert(
      fc.property(schemaLike, fc.jsonValue({ maxDepth: 4 }), (properties, value) => {
        const inputSchema = { type: 'object', ...(properties as object) };
        const cost = measureSchemaCost(inputSchema);
        expect(cost.ok ? cost.evaluations <= MAX_EVALUATIONS_PER_VALUE : typeof cost.reason).toBe(
          cost.ok ? true : 'string',
        );
        let definition;
        try {
          definition = createExternalToolDefinition({ name: 'probe', description: '', inputSchema, origin: 'fuzz' });
        } catch (error) {
          expect(ToolwrightError.isInstance(error) && error.code).toBe('INVALID_EXTERNAL_SCHEMA');
          return;
        }
        expect(Array.isArray(compileSchemaValidator(definition.inputSchema).validate(value))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

const KEYWORDS = [
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'contains',
  'dependentSchemas',
  'unevaluatedProperties',
  'propertyNames',
  '$ref',
  '$dynamicRef',
  '$anchor',
  '$dynamicAnchor',
  '$defs',
  'type',
  'pattern',
];

/** Objects built from schema keywords, with values that are schemas, lists, maps or references. */
const schemaLike: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown; value: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean(),
    fc.dictionary(fc.constantFrom(...KEYWORDS), tie('value'), { maxKeys: 4 }),
  ),
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('#', '#/$defs/a', '#/$defs/b', '#/properties/a', '#a', 'a', 'string', '^a+$', '(a)\\1', 1, null),
    tie('schema'),
    fc.array(tie('schema'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', '^a'), tie('schema'), { maxKeys: 3 }),
  ),
})).schema;
