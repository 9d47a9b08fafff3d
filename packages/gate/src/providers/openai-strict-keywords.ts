// What OpenAI's strict mode (Structured Outputs, and function calling with `strict: true`) accepts
// in a schema. Source: OpenAI, "Structured model outputs", section "Supported schemas",
// https://platform.openai.com/docs/guides/structured-outputs#supported-schemas (now served at
// https://developers.openai.com/api/docs/guides/structured-outputs), as read in November 2026:
// supported types string, number, boolean, integer, object, array, enum, anyOf; supported
// properties `pattern` and `format` (nine formats) for strings, `multipleOf`, `maximum`,
// `exclusiveMaximum`, `minimum`, `exclusiveMinimum` for numbers, `minItems`, `maxItems` for
// arrays; definitions (`$defs`) and recursion (`$ref`, including `#`) are supported; `allOf`,
// `not`, `dependentRequired`, `dependentSchemas`, `if`, `then`, `else` are not. Everything the
// page does not list is left out (an allowlist): `default`, `minLength`, `maxLength`,
// `uniqueItems`, `examples`, `$schema`, `$id`, `$comment`, `patternProperties`, …

/** Keywords a strict schema may keep. `oneOf` is rewritten to `anyOf`; `format` is kept only for {@link OPENAI_STRICT_FORMATS}. */
export const OPENAI_STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  // structure
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$defs',
  'definitions',
  '$ref',
  // annotations the model reads
  'title',
  'description',
  // strings
  'pattern',
  'format',
  // numbers
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  // arrays
  'minItems',
  'maxItems',
]);

/** The string formats strict mode supports; any other `format` is left out. */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
