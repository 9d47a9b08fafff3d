// The external-schema table: what the one constructor refuses (SC-1, SC-2, SC-3, SC-4) and what
// it accepts, each with the exact message a host sees.
import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { compileSchemaValidator } from '../validation/schema-validator.js';
import { createExternalToolDefinition } from './external-tool-definition.js';

const PREFIX = "External tool 'probe' from manifest probe.json: ";
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

function define(inputSchema: unknown) {
  return createExternalToolDefinition({
    name: 'probe',
    description: 'Probes',
    inputSchema,
    origin: 'manifest probe.json',
  });
}

/** The message of the refusal, without the common prefix; fails when the schema is accepted. */
function refusal(inputSchema: unknown): string {
  try {
    define(inputSchema);
  } catch (error) {
    expect(ToolwrightError.isInstance(error) && error.code).toBe('INVALID_EXTERNAL_SCHEMA');
    const message = (error as Error).message;
    expect(message.startsWith(PREFIX)).toBe(true);
    return message.slice(PREFIX.length);
  }
  throw new Error('the schema was accepted');
}

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  additionalProperties: false,
  ...extra,
});
const q = (schema: unknown) => object({ q: schema });

function nested(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level++) node = { type: 'object', properties: { a: node } };
  return node;
}

const REFUSED: [string, unknown, string][] = [
  [
    'SC-1: $ref to an https:// URL',
    q({ $ref: 'https://evil.example/schema.json' }),
    "inputSchema#/properties/q/$ref: $ref must start with '#' (a reference inside the schema), not 'https://evil.example/schema.json'.",
  ],
  [
    'SC-1: $ref to a file:/// URL',
    q({ $ref: 'file:///etc/passwd' }),
    "inputSchema#/properties/q/$ref: $ref must start with '#' (a reference inside the schema), not 'file:///etc/passwd'.",
  ],
  [
    'SC-1: $ref to another document (other.json#/x)',
    q({ $ref: 'other.json#/x' }),
    "inputSchema#/properties/q/$ref: $ref must start with '#' (a reference inside the schema), not 'other.json#/x'.",
  ],
  [
    'SC-1: an empty $ref',
    q({ $ref: '' }),
    "inputSchema#/properties/q/$ref: $ref must start with '#' (a reference inside the schema), not ''.",
  ],
  [
    'SC-1: a $ref with a leading space',
    object({ q: { $ref: ' #/$defs/s' } }, { $defs: { s: { type: 'string' } } }),
    "inputSchema#/properties/q/$ref: $ref must start with '#' (a reference inside the schema), not ' #/$defs/s'.",
  ],
  [
    'SC-1: a network-path $ref (//host/x)',
    q({ $ref: '//169.254.169.254/latest/meta-data' }),
    "inputSchema#/properties/q/$ref: $ref must start with '#' (a reference inside the schema), not '//169.254.169.254/latest/meta-data'.",
  ],
  [
    'SC-1: a $ref that is not a string',
    q({ $ref: 42 }),
    'inputSchema#/properties/q/$ref: $ref must be a string, not 42.',
  ],
  [
    'SC-1: $dynamicRef to a URL',
    q({ $dynamicRef: 'https://evil.example/meta#meta' }),
    "inputSchema#/properties/q/$dynamicRef: $dynamicRef must start with '#' (a reference inside the schema), not 'https://evil.example/meta#meta'.",
  ],
  [
    'SC-1: the http:// form of 2020-12 as $schema',
    { $schema: 'http://json-schema.org/draft/2020-12/schema', type: 'object' },
    "inputSchema#/$schema: $schema must be 'https://json-schema.org/draft/2020-12/schema' or 'http://json-schema.org/draft-07/schema#', not 'http://json-schema.org/draft/2020-12/schema'.",
  ],
  [
    'SC-1: 2019-09 as $schema',
    { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' },
    "inputSchema#/$schema: $schema must be 'https://json-schema.org/draft/2020-12/schema' or 'http://json-schema.org/draft-07/schema#', not 'https://json-schema.org/draft/2019-09/schema'.",
  ],
  [
    'SC-1: draft-04 as $schema',
    { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
    "inputSchema#/$schema: $schema must be 'https://json-schema.org/draft/2020-12/schema' or 'http://json-schema.org/draft-07/schema#', not 'http://json-schema.org/draft-04/schema#'.",
  ],
  [
    'SC-1: a custom meta-schema URL as $schema',
    { $schema: 'https://evil.example/meta', type: 'object' },
    "inputSchema#/$schema: $schema must be 'https://json-schema.org/draft/2020-12/schema' or 'http://json-schema.org/draft-07/schema#', not 'https://evil.example/meta'.",
  ],
  [
    'SC-1: a nested $id',
    q({ $id: 'https://evil.example/q', type: 'string' }),
    'inputSchema#/properties/q/$id: $id may appear only at the root of the schema.',
  ],
  [
    'SC-1: a nested $id inside $defs',
    object({}, { $defs: { s: { $id: 'inner.json', type: 'string' } } }),
    'inputSchema#/$defs/s/$id: $id may appear only at the root of the schema.',
  ],
  [
    'SC-1: a nested $schema',
    q({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' }),
    'inputSchema#/properties/q/$schema: $schema may appear only at the root of the schema.',
  ],
  [
    'SC-1: a missing local #/$defs/x',
    q({ $ref: '#/$defs/x' }),
    "inputSchema#/properties/q/$ref: $ref '#/$defs/x' does not resolve inside the schema.",
  ],
  [
    'SC-1: a plain-name $ref with no such anchor',
    q({ $ref: '#meta' }),
    "inputSchema#/properties/q/$ref: $ref '#meta' does not resolve inside the schema.",
  ],
  [
    'SC-1: a remote $ref hidden in an unreferenced $defs entry',
    object({ q: { type: 'string' } }, { $defs: { unused: { $ref: 'https://evil.example/x.json' } } }),
    "inputSchema#/$defs/unused/$ref: $ref must start with '#' (a reference inside the schema), not 'https://evil.example/x.json'.",
  ],
  [
    'SC-1: a remote $ref hidden deep in $defs (anyOf → items)',
    object({}, { $defs: { list: { anyOf: [{ type: 'null' }, { type: 'array', items: { $ref: 'http://x/y' } }] } } }),
    "inputSchema#/$defs/list/anyOf/1/items/$ref: $ref must start with '#' (a reference inside the schema), not 'http://x/y'.",
  ],
  [
    'SC-1: a remote $ref in draft-07 definitions and tuple items',
    {
      $schema: DRAFT_07,
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { $ref: '#/definitions/n' }] } },
      definitions: { n: { $ref: 'n.json' } },
    },
    "inputSchema#/definitions/n/$ref: $ref must start with '#' (a reference inside the schema), not 'n.json'.",
  ],
  [
    'SC-1: a schema its dialect does not compile (an unknown type name)',
    q({ type: 'file' }),
    'inputSchema#/properties/q/type: this is not valid JSON Schema 2020-12 (its meta-schema says: must be equal to one of the allowed values).',
  ],
  [
    'SC-1: draft-07 checked by its own meta-schema',
    { $schema: DRAFT_07, type: 'object', required: 'q' },
    'inputSchema#/required: this is not valid JSON Schema draft-07 (its meta-schema says: must be array).',
  ],
  [
    'SC-2: a top level that is not an object schema',
    { type: 'string' },
    "inputSchema#/type: the top level must say type 'object' (was 'string').",
  ],
  [
    'SC-2: a top level without a type',
    { properties: { q: { type: 'string' } } },
    "inputSchema#/type: the top level must say type 'object' (was missing).",
  ],
  [
    'SC-3: a pattern RE2 cannot run (lookahead)',
    q({ type: 'string', pattern: '^(?=a)a+$' }),
    "inputSchema#/properties/q/pattern: pattern '^(?=a)a+$' is refused: lookahead cannot run on the linear-time engine.",
  ],
  [
    'SC-3: a patternProperties key RE2 cannot run (backreference)',
    object({}, { patternProperties: { '^(a)\\1$': { type: 'string' } } }),
    "inputSchema#/patternProperties/^(a)\\1$: patternProperties key '^(a)\\1$' is refused: \\1 is a backreference, which the linear-time engine cannot run.",
  ],
  [
    'SC-4: 400 levels of nesting',
    nested(400),
    `inputSchema#${'/properties/a'.repeat(16)}: the schema is nested more than 32 levels deep.`,
  ],
  [
    'SC-4: a 300 KB schema',
    { type: 'object', description: 'x'.repeat(300_000) },
    'inputSchema#: the schema is 300034 bytes of JSON; at most 262144 (256 KB) are accepted.',
  ],
];

describe('the external schema table: refused', () => {
  it.each(REFUSED)('%s', (_label, schema, message) => {
    expect(refusal(schema)).toBe(message);
  });
});

/** [label, schema, a value that passes, a value that does not and what the validator says about it]. */
const ACCEPTED: [string, Record<string, unknown>, unknown, unknown, string[]][] = [
  [
    'SC-1: local $defs references',
    object({ q: { $ref: '#/$defs/Query' } }, { $defs: { Query: { type: 'string' } } }),
    { q: 'x' },
    { q: 1 },
    ["Parameter 'q' must be a string. The tool was not executed."],
  ],
  [
    'SC-1: draft-07 definitions, compiled as draft-07',
    {
      $schema: DRAFT_07,
      ...object({ q: { $ref: '#/definitions/Query' } }),
      definitions: { Query: { type: 'string' } },
    },
    { q: 'x' },
    { q: 1 },
    ["Parameter 'q' must be a string. The tool was not executed."],
  ],
  [
    "SC-1: $dynamicRef '#meta' to the root's $dynamicAnchor",
    object(
      { name: { type: 'string' }, children: { type: 'array', items: { $dynamicRef: '#meta' } } },
      { $dynamicAnchor: 'meta' },
    ),
    { name: 'a', children: [{ name: 'b', children: [] }] },
    { children: [{ name: 2 }] },
    ["Parameter 'children[0].name' must be a string. The tool was not executed."],
  ],
  [
    'SC-1: a recursive $ref to the root',
    object({ name: { type: 'string' }, child: { $ref: '#' } }),
    { name: 'a', child: { name: 'b', child: {} } },
    { child: { nmae: 'b' } },
    ["Unknown parameter 'child.nmae'. Did you mean 'child.name'? The tool was not executed."],
  ],
  [
    "SC-1: properties named 'pattern', '$ref', '$id' and '$schema' are names, not keywords",
    object({ pattern: { type: 'string' }, $ref: { type: 'string' }, $id: { type: 'integer' }, $schema: {} }),
    { pattern: '(a+)+$', $ref: 'https://evil.example/', $id: 1 },
    { $id: 'x' },
    ["Parameter '$id' must be an integer. The tool was not executed."],
  ],
  [
    'SC-1: keyword-like text inside enum, const and default is data',
    object({
      q: { enum: ['$ref', 'https://evil.example/', { $ref: 'https://evil.example/' }], default: { $id: 'x.json' } },
      c: { const: { $schema: 'http://evil.example/' } },
    }),
    { q: { $ref: 'https://evil.example/' }, c: { $schema: 'http://evil.example/' } },
    { q: 'x' },
    [
      'Parameter \'q\' must be one of [$ref, https://evil.example/, {"$ref":"https://evil.example/"}], but was \'x\'. The tool was not executed.',
    ],
  ],
  [
    'SC-1: a root $id is allowed (nothing is fetched: every reference stays inside)',
    {
      $id: 'https://example.com/probe.json',
      ...object({ q: { $ref: '#/$defs/Q' } }),
      $defs: { Q: { type: 'boolean' } },
    },
    { q: true },
    { q: 'yes' },
    ["Parameter 'q' must be a boolean. The tool was not executed."],
  ],
  [
    'SC-3: format "email" is not asserted',
    object({ email: { type: 'string', format: 'email' } }),
    { email: 'not an email address' },
    { email: 7 },
    ["Parameter 'email' must be a string. The tool was not executed."],
  ],
  [
    'GV-3: prefixItems',
    object({ pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } }),
    { pair: ['a', 1] },
    { pair: ['a', 'b'] },
    ["Parameter 'pair[1]' must be an integer. The tool was not executed."],
  ],
  [
    'GV-3: dependentSchemas',
    object({ a: {}, b: {} }, { dependentSchemas: { a: { required: ['b'] } } }),
    { a: 1, b: 2 },
    { a: 1 },
    ["Parameter 'b' is required (any). The tool was not executed."],
  ],
  [
    'GV-3: unevaluatedProperties',
    { type: 'object', properties: { a: {} }, allOf: [{ properties: { b: {} } }], unevaluatedProperties: false },
    { a: 1, b: 2 },
    { a: 1, c: 3 },
    ["Unknown parameter 'c'. The tool was not executed."],
  ],
  [
    'GV-3: not',
    object({ a: {}, b: {} }, { not: { required: ['a', 'b'] } }),
    { a: 1 },
    { a: 1, b: 2 },
    ['The input has a form that is not allowed. The tool was not executed.'],
  ],
  [
    'GV-3: if / then',
    object({ kind: {}, size: {} }, { if: { properties: { kind: { const: 'file' } } }, then: { required: ['size'] } }),
    { kind: 'file', size: 1 },
    { kind: 'file' },
    ["Parameter 'size' is required (any). The tool was not executed."],
  ],
  [
    'GV-3: contains',
    object({ tags: { type: 'array', contains: { type: 'string' } } }),
    { tags: [1, 'a'] },
    { tags: [1] },
    [
      "Parameter 'tags[0]' must be a string. The tool was not executed.",
      "Parameter 'tags' must contain a matching item. The tool was not executed.",
    ],
  ],
  [
    'GV-3: propertyNames',
    { type: 'object', propertyNames: { pattern: '^[a-z]+$' } },
    { abc: 1 },
    { A1: 1 },
    [
      "Parameter 'A1' is not an allowed parameter name: names must match the pattern ^[a-z]+$. The tool was not executed.",
    ],
  ],
  [
    'GV-3: unknown keywords are data, and a $ref inside one is never followed',
    { ...q({ type: 'string', 'x-widget': 'textarea' }), 'x-vendor': { $ref: 'https://evil.example/' }, nullable: true },
    { q: 'x' },
    { q: 2 },
    ["Parameter 'q' must be a string. The tool was not executed."],
  ],
];

describe('the external schema table: accepted', () => {
  it.each(ACCEPTED)('%s', (_label, schema, passing, failing, messages) => {
    const definition = define(schema);
    const validator = compileSchemaValidator(definition.inputSchema);
    expect(validator.validate(passing)).toEqual([]);
    expect(validator.validate(failing).map((violation) => violation.message)).toEqual(messages);
  });
});
