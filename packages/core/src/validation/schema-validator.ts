import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPlainObject } from '../input/json.js';
import { mapSchema } from '../schema/map-schema.js';
import { RANGE_KEYWORDS } from '../schema/schema-keywords.js';
import { linearRegExpEngine } from './linear-regexp.js';
import { translateErrors } from './translate-errors.js';
import type { Violation } from './violation.js';

/** The draft-07 meta-schema URI; every other (or no) `$schema` is validated as 2020-12. */
export const DRAFT_07_URI = 'http://json-schema.org/draft-07/schema#';

/** A compiled check of one schema's shape. */
export interface SchemaValidator {
  /** The schema as compiled: range keywords and `$schema` removed. */
  readonly shapeSchema: Record<string, unknown>;
  /** Every violation of the schema's shape in `value`, in GV-2 sentences; empty when it conforms. */
  validate(value: unknown): Violation[];
}

const ajvOptions = {
  allErrors: true,
  verbose: true,
  strict: false,
  ownProperties: true,
  validateFormats: false,
  allowUnionTypes: true,
  // Needed for a root self-reference (`$ref: '#'`); the root `$id` is dropped, so tools cannot collide.
  addUsedSchema: true,
  useDefaults: false,
  coerceTypes: false,
  removeAdditional: false,
  code: { regExp: linearRegExpEngine },
} as const;

let ajv2020: Ajv2020 | undefined;
let ajvDraft07: Ajv | undefined;

/**
 * Compiles a schema into a shape validator on ajv: all errors at once, patterns on the
 * linear-time engine, own properties only, never defaults or coercion. Range keywords
 * (`minimum`, `maxLength`, …) are advice to the model and are not enforced (SPEC GV-3).
 * Throws {@link ToolwrightError} (`INVALID_SCHEMA`) when ajv cannot compile the schema.
 */
export function compileSchemaValidator(schema: unknown): SchemaValidator {
  const draft07 = isPlainObject(schema) && schema.$schema === DRAFT_07_URI;
  const shapeSchema = toShapeSchema(schema);
  let check: ValidateFunction;
  try {
    check = draft07
      ? (ajvDraft07 ??= new Ajv(ajvOptions)).compile(shapeSchema)
      : (ajv2020 ??= new Ajv2020(ajvOptions)).compile(shapeSchema);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolwrightError('INVALID_SCHEMA', `The schema cannot be compiled: ${reason}`, { cause: error });
  }
  return {
    shapeSchema,
    validate(value: unknown): Violation[] {
      if (check(value)) return [];
      return translateErrors(check.errors ?? [], value, shapeSchema);
    },
  };
}

/** The schema without its range keywords and `$schema`: what the binder and the gate enforce. */
export function toShapeSchema(schema: unknown): Record<string, unknown> {
  const shape = mapSchema(schema, (node, copy) => copy(node), {
    keepKeyword: (keyword) => !RANGE_KEYWORDS.has(keyword) && keyword !== '$schema',
  });
  if (!isPlainObject(shape)) {
    throw new ToolwrightError(
      'INVALID_SCHEMA',
      'The schema cannot be compiled: a tool input schema must be an object.',
    );
  }
  return shape;
}
