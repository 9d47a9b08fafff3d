import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { compileSchemaValidator } from '../validation/schema-validator.js';
import { createExternalToolDefinition, isExternalToolDefinition } from './external-tool-definition.js';

const ORIGIN = "MCP server 'files'";
const SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

function codeAndMessage(make: () => unknown): [string, string] {
  try {
    make();
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return [error.code, error.message];
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('createExternalToolDefinition', () => {
  it('SC-2: returns a frozen definition holding a deep-frozen copy of the schema', () => {
    const source = structuredClone(SCHEMA);
    const definition = createExternalToolDefinition({
      name: 'read_file',
      description: 'Reads a file',
      inputSchema: source,
      origin: ORIGIN,
    });
    source.properties.path.type = 'integer';
    expect(definition).toEqual({
      name: 'read_file',
      description: 'Reads a file',
      inputSchema: SCHEMA,
      dialect: '2020-12',
      annotations: {},
      origin: ORIGIN,
    });
    expect(Object.isFrozen(definition)).toBe(true);
    expect(Object.isFrozen(definition.inputSchema.properties)).toBe(true);
    expect(isExternalToolDefinition(definition)).toBe(true);
    expect(isExternalToolDefinition({ ...definition })).toBe(false);
  });

  it('SC-2: the output schema is held to the same rules and named in the message', () => {
    const make = () =>
      createExternalToolDefinition({
        name: 'read_file',
        description: 'Reads a file',
        inputSchema: SCHEMA,
        outputSchema: { type: 'object', properties: { text: { $ref: 'https://evil.example/text.json' } } },
        origin: ORIGIN,
      });
    expect(codeAndMessage(make)).toEqual([
      'INVALID_EXTERNAL_SCHEMA',
      "External tool 'read_file' from MCP server 'files': outputSchema#/properties/text/$ref: $ref must start with '#' (a reference inside the schema), not 'https://evil.example/text.json'.",
    ]);
  });

  it('CO-4: an output schema may describe any value (a list, a number); an input schema must describe an object', () => {
    const make = (inputSchema: unknown, outputSchema: unknown) => () =>
      createExternalToolDefinition({ name: 'ids', description: 'Ids', inputSchema, outputSchema, origin: ORIGIN });
    const list = { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } };
    expect(make(SCHEMA, list)().outputSchema).toEqual(list);
    expect(make(SCHEMA, { type: 'integer' })().outputSchema).toEqual({ type: 'integer' });
    expect(codeAndMessage(make(list, list))).toEqual([
      'INVALID_EXTERNAL_SCHEMA',
      "External tool 'ids' from MCP server 'files': inputSchema#/type: the top level must say type 'object' (was 'array').",
    ]);
    // Every other rule holds for an output schema that is not an object's.
    expect(codeAndMessage(make(SCHEMA, { type: 'array', items: { $ref: 'https://evil.example/x.json' } }))).toEqual([
      'INVALID_EXTERNAL_SCHEMA',
      "External tool 'ids' from MCP server 'files': outputSchema#/items/$ref: $ref must start with '#' (a reference inside the schema), not 'https://evil.example/x.json'.",
    ]);
    expect(codeAndMessage(make(SCHEMA, 'a list'))).toEqual([
      'INVALID_EXTERNAL_SCHEMA',
      "External tool 'ids' from MCP server 'files': outputSchema#: the schema must be a JSON object, not 'a list'.",
    ]);
  });

  it('SC-1: a draft-07 schema is stored with the canonical $schema and validated as draft-07', () => {
    const definition = createExternalToolDefinition({
      name: 'add',
      description: 'Adds',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema',
        type: 'object',
        properties: {
          pair: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false },
        },
      },
      outputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema#', type: 'object' },
      origin: ORIGIN,
    });
    expect(definition.dialect).toBe('draft-07');
    expect(definition.inputSchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(definition.outputSchema?.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    // Tuple `items` is draft-07 only: validated as 2020-12 it would be a different keyword.
    const violations = compileSchemaValidator(definition.inputSchema).validate({ pair: [1, 'x'] });
    expect(violations.map((violation) => violation.message)).toEqual([
      "Parameter 'pair[1]' must be a number. The tool was not executed.",
    ]);
  });

  it('SC-1: two tools with the same root $id both compile (no shared validator registry)', () => {
    const spec = {
      description: 'Same id',
      inputSchema: {
        $id: 'https://example.com/shared.json',
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { type: 'string' } },
      },
      origin: ORIGIN,
    };
    const first = createExternalToolDefinition({ ...spec, name: 'first' });
    const second = createExternalToolDefinition({ ...spec, name: 'second' });
    expect(compileSchemaValidator(first.inputSchema).validate({ a: 1 })).toHaveLength(1);
    expect(compileSchemaValidator(second.inputSchema).validate({ a: 'x' })).toEqual([]);
  });

  it('SC-2: keeps the known annotations with the right types and drops the rest', () => {
    const definition = createExternalToolDefinition({
      name: 'delete_file',
      description: 'Deletes a file',
      inputSchema: SCHEMA,
      annotations: { title: 'Delete', readOnlyHint: 'no', destructiveHint: true, idempotentHint: false, x: 1 },
      origin: ORIGIN,
    });
    expect(definition.annotations).toEqual({ title: 'Delete', destructiveHint: true, idempotentHint: false });
    expect(Object.isFrozen(definition.annotations)).toBe(true);
  });

  it.each([
    [
      'an empty name',
      { name: '' },
      "External tool definition from MCP server 'files': the name '' is not usable (1 to 128 characters, no control characters).",
    ],
    [
      'a name with a newline',
      { name: 'read\nfile' },
      "External tool definition from MCP server 'files': the name 'read\\nfile' is not usable (1 to 128 characters, no control characters).",
    ],
    [
      'a name of 129 characters',
      { name: 'n'.repeat(129) },
      `External tool definition from MCP server 'files': the name '${'n'.repeat(99)}… is not usable (1 to 128 characters, no control characters).`,
    ],
    [
      'a name that is not a string',
      { name: 7 },
      "External tool definition from MCP server 'files': the name 7 is not usable (1 to 128 characters, no control characters).",
    ],
    [
      'a description that is not a string',
      { description: null },
      "External tool 'read_file' from MCP server 'files': the description must be a string, not null.",
    ],
    [
      'no origin',
      { origin: ' ' },
      'An external tool definition needs its origin: where it came from, as a human names it.',
    ],
  ])('SC-2: %s is refused', (_label, override, message) => {
    const make = () =>
      createExternalToolDefinition({
        name: 'read_file',
        description: 'Reads a file',
        inputSchema: SCHEMA,
        origin: ORIGIN,
        ...override,
      });
    expect(codeAndMessage(make)).toEqual(['INVALID_TOOL_DEFINITION', message]);
  });

  it('SC-2: names MCP allows (dots, slashes) and an empty description are accepted', () => {
    const definition = createExternalToolDefinition({
      name: 'fs.read/v2',
      description: '',
      inputSchema: { type: 'object' },
      origin: ORIGIN,
    });
    expect([definition.name, definition.description]).toEqual(['fs.read/v2', '']);
  });
});

describe('createExternalToolDefinition messages', () => {
  it('SC-2: a hostile property name stays on one line of the message', () => {
    expect(() =>
      createExternalToolDefinition({
        name: 'read_file',
        description: 'Reads a file',
        inputSchema: { type: 'object', properties: { 'a\nb/c~d': { $ref: 'x' } } },
        origin: ORIGIN,
      }),
    ).toThrow(
      "External tool 'read_file' from MCP server 'files': inputSchema#/properties/a\\nb~1c~0d/$ref: $ref must start with '#' (a reference inside the schema), not 'x'.",
    );
  });
});
