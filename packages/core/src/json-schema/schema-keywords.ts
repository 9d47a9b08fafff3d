/**
 * Which JSON Schema keywords hold subschemas (2020-12 and draft-07), so that a walk over a
 * schema never mistakes data (`enum`, `const`, `default`, a property *named* `minimum`) for schema.
 */

/** Keywords whose value is one subschema. */
export const SINGLE_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/** Keywords whose value is an array of subschemas (`items` too, in draft-07's tuple form). */
export const LIST_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
  'items',
]);

/** Keywords whose value maps names to subschemas (`dependencies` may also map to string arrays). */
export const MAP_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  '$defs',
  'definitions',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
]);

/**
 * Keywords about range rather than shape (SPEC GV-3): advice to the model, enforced (clamped or
 * rejected) by the tools themselves, never by the binder or the gate. `format` is not asserted.
 */
export const RANGE_KEYWORDS: ReadonlySet<string> = new Set([
  'exclusiveMaximum',
  'exclusiveMinimum',
  'format',
  'maxContains',
  'maxItems',
  'maxLength',
  'maxProperties',
  'maximum',
  'minContains',
  'minItems',
  'minLength',
  'minProperties',
  'minimum',
  'multipleOf',
  'uniqueItems',
]);
