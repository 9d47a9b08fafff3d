// A schema toolwright did not write cannot change how any other schema is validated: each compile
// has its own ajv instance and the meta-schemas live where no schema can reach them.
import { describe, expect, it } from 'vitest';
import { ToolParam } from '../decorators/tool-param.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { createExternalToolDefinition } from '../external/external-tool-definition.js';
import { Type } from '../index.js';
import type { ToolInput } from '../input/tool-input.js';
import { GenericTool } from '../tool/generic-tool.js';
import { SafetyLevel } from '../tool/safety.js';
import { createToolContext } from '../tool/tool-context.js';
import { compileSchemaValidator, DRAFT_07_URI } from './schema-validator.js';

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** Every `$id` that names a schema ajv knows by heart, in both dialects and in other spellings. */
const META_SCHEMA_IDS = [
  DRAFT_2020_12,
  `${DRAFT_2020_12}#`,
  'https://json-schema.org/draft/2020-12/meta/core',
  'https://json-schema.org/draft/2020-12/meta/applicator',
  DRAFT_07_URI,
  'http://json-schema.org/draft-07/schema',
  'HTTP://JSON-SCHEMA.ORG/draft-07/schema#',
  'https://json-schema.org./draft/2020-12/schema',
];

const messages = (schema: unknown, value: unknown): string[] =>
  compileSchemaValidator(schema)
    .validate(value)
    .map((violation) => violation.message);

function define(name: string, inputSchema: unknown) {
  return createExternalToolDefinition({ name, description: 'Probes', inputSchema, origin: 'manifest probe.json' });
}

function refusal(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return error.message;
    throw error;
  }
  throw new Error('nothing was refused');
}

/** Everything that broke once a shared registry lost its meta-schema, checked on schemas compiled now. */
async function expectValidationIntact(): Promise<void> {
  // A later definition in each dialect is accepted, and validates.
  const later2020 = define('later_2020', {
    $schema: DRAFT_2020_12,
    type: 'object',
    properties: { a: { type: 'string' } },
  });
  const later07 = define('later_07', { $schema: DRAFT_07_URI, type: 'object', properties: { a: { type: 'string' } } });
  expect(messages(later2020.inputSchema, { a: 1 })).toEqual([
    "Parameter 'a' must be a string. The tool was not executed.",
  ]);
  expect(messages(later07.inputSchema, { a: 1 })).toEqual([
    "Parameter 'a' must be a string. The tool was not executed.",
  ]);
  // The meta-schemas are still there: a schema that breaks them is still refused by them.
  expect(refusal(() => define('broken_2020', { type: 'object', required: 'a' }))).toBe(
    "External tool 'broken_2020' from manifest probe.json: inputSchema#/required: this is not valid JSON Schema 2020-12 (its meta-schema says: must be array).",
  );
  expect(refusal(() => define('broken_07', { $schema: DRAFT_07_URI, type: 'object', required: 'a' }))).toBe(
    "External tool 'broken_07' from manifest probe.json: inputSchema#/required: this is not valid JSON Schema draft-07 (its meta-schema says: must be array).",
  );
  // A GenericTool whose input class is first compiled now builds, and its binder refuses bad input.
  class LaterInput {
    @ToolParam({ description: 'Text', schema: Type.String() })
    text!: string;
  }
  class LaterTool extends GenericTool<LaterInput, string> {
    constructor() {
      super({ name: 'later', description: 'Later', safety: SafetyLevel.READ_ONLY, input: LaterInput });
    }
    protected doExecute(input: LaterInput): string {
      return input.text;
    }
    protected render(output: string): string {
      return output;
    }
  }
  const result = await new LaterTool().execute({ text: 5 } as unknown as ToolInput, createToolContext());
  expect([result.isError, result.content]).toEqual([
    true,
    "Parameter 'text' must be a string. The tool was not executed.",
  ]);
}

describe('SC-1/SC-2/GV-4: one schema cannot change how another is validated', () => {
  it.each(META_SCHEMA_IDS)(
    'SC-1: a root $id %s is refused at the constructor, and validation stays intact',
    async (id) => {
      for (const dialect of [DRAFT_2020_12, DRAFT_07_URI]) {
        expect(refusal(() => define('impostor', { $schema: dialect, $id: id, type: 'object' }))).toBe(
          `External tool 'impostor' from manifest probe.json: inputSchema#/$id: $id '${id}' names a JSON Schema meta-schema; a tool's schema needs an id of its own.`,
        );
      }
      await expectValidationIntact();
    },
  );

  it.each(META_SCHEMA_IDS)(
    'GV-4: a hand-written schema with the $id %s (root or nested, both dialects) compiles on its own and leaves validation intact',
    async (id) => {
      for (const dialect of [DRAFT_2020_12, DRAFT_07_URI]) {
        const root = { $schema: dialect, $id: id, type: 'object', properties: { n: { type: 'integer' } } };
        expect(messages(root, { n: 'x' })).toEqual(["Parameter 'n' must be an integer. The tool was not executed."]);
        const nested = { $schema: dialect, type: 'object', properties: { n: { $id: id, type: 'integer' } } };
        expect(messages(nested, { n: 'x' })).toEqual(["Parameter 'n' must be an integer. The tool was not executed."]);
      }
      await expectValidationIntact();
    },
  );

  it('SC-1: tools sharing one root $id each validate by their own schema, in either order and either dialect', async () => {
    const id = 'https://tools.example/input.json';
    const shapes = [
      { $schema: DRAFT_2020_12, properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } },
      {
        $schema: DRAFT_07_URI,
        properties: { a: { $ref: '#/definitions/A' } },
        definitions: { A: { type: 'integer' } },
      },
      { properties: { a: { $ref: '#' } } },
    ];
    const definitions = shapes.map((shape, index) => define(`tool_${index}`, { $id: id, type: 'object', ...shape }));
    const check = definitions.map((definition) => compileSchemaValidator(definition.inputSchema));
    expect(check.map((validator) => validator.validate({ a: true }).map((violation) => violation.message))).toEqual([
      ["Parameter 'a' must be a string. The tool was not executed."],
      ["Parameter 'a' must be an integer. The tool was not executed."],
      ["Parameter 'a' must be an object. The tool was not executed."],
    ]);
    // Compiling the first again, after the others, changes nothing.
    expect(messages(definitions[0]?.inputSchema, { a: 1 })).toEqual([
      "Parameter 'a' must be a string. The tool was not executed.",
    ]);
    await expectValidationIntact();
  });

  it('SC-1: a schema that fails to compile leaves nothing behind under its $id', async () => {
    const id = 'https://tools.example/half.json';
    expect(() =>
      compileSchemaValidator({ $id: id, type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }),
    ).toThrow(ToolwrightError);
    expect(messages({ $id: id, type: 'object', properties: { a: { type: 'boolean' } } }, { a: 1 })).toEqual([
      "Parameter 'a' must be a boolean. The tool was not executed.",
    ]);
    await expectValidationIntact();
  });
});
