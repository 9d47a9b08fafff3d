import { ToolwrightError } from '../errors/toolwright-error.js';
import { checkSchemaLimits } from '../external/check-schema-limits.js';
import { checkSchemaReferences } from '../external/check-schema-references.js';
import type { ExternalSchemaProblem } from '../external/external-schema-problem.js';
import { JSON_SCHEMA_2020_12_URI } from '../external/schema-dialect.js';
import { isPlainObject, type JsonObject } from '../json/json.js';
import { copyData, mapSchema } from '../json-schema/map-schema.js';
import { escapeControlCharacters } from '../text/escape-control-characters.js';
import { findArkTypeValueChange } from './arktype-value-change.js';
import { probeValueChange } from './probe-value-change.js';
import { hasJsonSchemaForm, type StandardJsonSchema } from './standard-schema.js';
import { readStandardSchemaAbsence, type StandardSchemaAbsence } from './standard-schema-absence.js';
import { findValibotValueChange } from './valibot-value-change.js';
import type { ValueChange } from './value-change.js';
import { findZodValueChange } from './zod-value-change.js';

/** A Standard Schema field schema, converted once, at registration. */
export interface ConvertedStandardSchema {
  /** Its JSON Schema (2020-12) without `$schema`: a document of its own, whose references start at its root. */
  readonly document: JsonObject;
  /** What the schema says about the field being left out; read only when asked (not for array items). */
  readonly absence: () => StandardSchemaAbsence;
}

const TARGET = { target: 'draft-2020-12' } as const;

/**
 * Converts a field's Standard Schema to JSON Schema through its Standard JSON Schema converter
 * and holds it to the rules of every field schema, naming `Class.property` when it breaks one:
 * it must have a JSON Schema form; JSON data only, within the size and depth limits of external
 * schemas; references only inside itself (`#…`), no `$id`; and it must keep values as they are —
 * toolwright validates and binds the JSON the model sent, so a schema that changes values (a
 * transform, a coercion, `.trim()`, a default inside an object) would make the field's type a
 * promise the binding cannot keep. What changes values is looked for three ways, each naming
 * what it found: the schema's structure is read before anything of it runs (zod, ArkType),
 * the converter's refusals are read (Valibot), and sample values are validated (any library).
 */
export function convertStandardSchema(where: string, schema: unknown): ConvertedStandardSchema {
  const props = (schema as { '~standard': { vendor?: unknown } })['~standard'];
  const library = typeof props.vendor === 'string' && props.vendor !== '' ? props.vendor : 'Standard Schema';
  const refuse = (reason: string) => new ToolwrightError('INVALID_SCHEMA', `${where}: the ${library} schema ${reason}`);
  if (!hasJsonSchemaForm(schema)) {
    throw refuse(
      'has no JSON Schema form (~standard.jsonSchema). Use a zod 4 or ArkType 2 schema, wrap a Valibot schema in toStandardJsonSchema(…) from @valibot/to-json-schema, or write a TypeBox schema.',
    );
  }
  const read = findZodValueChange(schema) ?? findArkTypeValueChange(schema);
  if (read !== undefined) throw refuse(describeValueChange(read));
  const input = convert(schema, 'input', refuse);
  const output = convert(schema, 'output', refuse);
  const problem = checkSchemaLimits(input);
  if (problem !== undefined) throw refuse(describeProblem(problem));
  if (comparable(input, true) !== comparable(output, true)) {
    if (comparable(input, false) === comparable(output, false)) {
      throw refuse(
        'declares a default that differs from one reading to the next (a default computed by a function, such as .default(() => Math.random())). toolwright reads the default once, when the class is registered: declare the default as a value, or with @ToolParam({ default }).',
      );
    }
    throw refuse(
      "changes the value it validates: its JSON Schemas for input and output differ (a transform, a coercion, or a default inside an object). toolwright binds the JSON the model sent, so the field's type would not hold; use a schema that keeps values as they are, and declare the field's default on the schema itself or with @ToolParam({ default }).",
    );
  }
  const document = withoutSchemaKeyword(input, refuse);
  const references = checkSchemaReferences(document) ?? findId(document);
  if (references !== undefined) throw refuse(describeProblem(references));
  const probed = probeValueChange(schema, document);
  if (probed !== undefined) throw refuse(describeValueChange(probed));
  return { document, absence: () => readStandardSchemaAbsence(schema, document, refuse) };
}

/** The sentence for a part of the schema that changes values. */
function describeValueChange(change: ValueChange): string {
  const at = change.at === '' ? '' : ` at ${escapeControlCharacters(change.at)}`;
  return `changes the value it validates (${change.by}${at}), but toolwright binds the JSON the model sent as it is, so the tool would read the value unchanged. Keep the schema to checks and change the value in doExecute; a default belongs on the field's own schema or in @ToolParam({ default }).`;
}

function convert(
  schema: StandardJsonSchema,
  io: 'input' | 'output',
  refuse: (reason: string) => ToolwrightError,
): Record<string, unknown> {
  let converted: unknown;
  try {
    converted = schema['~standard'].jsonSchema[io](TARGET);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const change = findValibotValueChange(reason);
    if (change !== undefined) throw refuse(describeValueChange(change));
    throw refuse(
      `has no JSON Schema form (${reason.replace(/\.$/, '')}). Use only what JSON Schema can describe: toolwright validates each call with it.`,
    );
  }
  if (!isPlainObject(converted)) throw refuse('converted to something other than a JSON Schema object.');
  return converted;
}

function withoutSchemaKeyword(
  converted: Record<string, unknown>,
  refuse: (reason: string) => ToolwrightError,
): JsonObject {
  const { $schema: dialect, ...document } = copyData(converted) as Record<string, unknown>;
  if (dialect !== undefined && dialect !== JSON_SCHEMA_2020_12_URI && dialect !== `${JSON_SCHEMA_2020_12_URI}#`) {
    throw refuse(`converted to the dialect ${JSON.stringify(dialect)}; toolwright asked for JSON Schema 2020-12.`);
  }
  return document as JsonObject;
}

/** `$id` anywhere would change what the references inside resolve against once the schema is embedded. */
function findId(document: JsonObject): ExternalSchemaProblem | undefined {
  return Object.hasOwn(document, '$id')
    ? { rule: 'references', pointer: '/$id', message: '$id may not appear in a field schema' }
    : undefined;
}

function describeProblem(problem: ExternalSchemaProblem): string {
  const at = problem.pointer === '' ? 'at its root' : `at ${problem.pointer}`;
  return `breaks a rule of field schemas (${problem.rule}): ${problem.message}, ${at}.`;
}

/** The JSON Schema as compared: objects closed as toolwright closes them, no `$schema`, keys sorted; `default` kept or not. */
function comparable(converted: Record<string, unknown>, withDefaults: boolean): string {
  const closed = mapSchema(
    converted,
    (node, copy) => {
      const copied = copy(node);
      if (copied.properties !== undefined && copied.additionalProperties === undefined)
        copied.additionalProperties = false;
      return copied;
    },
    { keepKeyword: (keyword) => keyword !== '$schema' && (withDefaults || keyword !== 'default') },
  );
  return JSON.stringify(closed, (_key, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, value[key]]),
        )
      : value,
  );
}
