import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPlainObject } from '../input/json.js';
import { mapSchema } from '../schema/map-schema.js';
import { RANGE_KEYWORDS } from '../schema/schema-keywords.js';
import { linearRegExpEngine } from './linear-regexp.js';
import type { BranchCheck } from './fold-alternatives.js';
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
    check = compileAjv(shapeSchema, draft07);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolwrightError('INVALID_SCHEMA', `The schema cannot be compiled: ${reason}`, { cause: error });
  }
  const checkBranch = branchChecker(shapeSchema, draft07);
  return {
    shapeSchema,
    validate(value: unknown): Violation[] {
      if (check(value)) return [];
      return translateErrors(check.errors ?? [], value, shapeSchema, checkBranch);
    },
  };
}

/**
 * Checks a value against one `anyOf`/`oneOf` branch of `root` on its own (with the root's
 * definitions), compiled once per branch. A branch that refers to the root itself (`#`) cannot
 * stand alone and is not checked.
 */
function branchChecker(root: Record<string, unknown>, draft07: boolean): BranchCheck {
  const compiled = new WeakMap<object, ValidateFunction | null>();
  const definitions = { ...pick(root, '$defs'), ...pick(root, 'definitions') };
  return (branch, value) => {
    if (!isPlainObject(branch)) return undefined;
    let check = compiled.get(branch);
    if (check === undefined) {
      try {
        check = JSON.stringify(branch).includes('"$ref":"#"')
          ? null
          : compileAjv({ ...branch, ...definitions }, draft07);
      } catch {
        check = null;
      }
      compiled.set(branch, check);
    }
    if (check === null) return undefined;
    return check(value) ? [] : [...(check.errors ?? [])];
  };
}

function compileAjv(schema: Record<string, unknown>, draft07: boolean): ValidateFunction {
  const ajv = draft07 ? (ajvDraft07 ??= new Ajv(ajvOptions)) : (ajv2020 ??= new Ajv2020(ajvOptions));
  try {
    return ajv.compile(schema);
  } finally {
    // The compiled function keeps what it needs; dropping ajv's own cache entry keeps memory flat
    // when many tools come and go (MCP servers reconnecting).
    ajv.removeSchema(schema);
  }
}

function pick(source: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.hasOwn(source, key) ? { [key]: source[key] } : {};
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
