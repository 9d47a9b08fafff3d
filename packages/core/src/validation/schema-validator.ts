import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPlainObject } from '../json/json.js';
import { mapSchema } from '../json-schema/map-schema.js';
import { RANGE_KEYWORDS } from '../json-schema/schema-keywords.js';
import { linearRegExpEngine } from './linear-regexp.js';
import { measureSchemaCost } from './measure-schema-cost.js';
import { isPlainSchema } from './plain-schema.js';
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

/** A referenced schema with more keys than this is compiled once, as a function, not inlined at each `$ref`. */
const MAX_INLINED_REFERENCE_KEYS = 8;

/**
 * The options of every compile. Each schema gets an ajv instance of its own, with no meta-schema
 * registered (`meta: false`) and no schema check (`validateSchema: false`: {@link checkMetaSchema}
 * does that on separate instances). Nothing a schema says — a root `$id` naming a meta-schema or
 * another tool's `$id` — can therefore reach a registry that another schema's compile reads.
 * Exported for the benchmark's raw-ajv baseline, which compiles with the same options.
 */
export const SCHEMA_COMPILE_OPTIONS = {
  allErrors: true,
  verbose: true,
  strict: false,
  ownProperties: true,
  validateFormats: false,
  allowUnionTypes: true,
  // Needed for a root self-reference (`$ref: '#'`): the schema is registered in its own instance.
  addUsedSchema: true,
  useDefaults: false,
  coerceTypes: false,
  removeAdditional: false,
  meta: false,
  validateSchema: false,
  // Inlining a referenced schema at every site multiplies code size; only small ones are inlined.
  inlineRefs: MAX_INLINED_REFERENCE_KEYS,
  code: { regExp: linearRegExpEngine },
} as const;

/** The meta-schema checkers: they only ever validate, so no schema is added to them. */
const metaOptions = { strict: false, validateFormats: false, allErrors: true } as const;
let metaChecker2020: Ajv2020 | undefined;
let metaCheckerDraft07: Ajv | undefined;

/**
 * Compiles a schema into a shape validator on ajv: all errors at once, patterns on the
 * linear-time engine, own properties only, never defaults or coercion. Range keywords
 * (`minimum`, `maxLength`, …) are advice to the model and are not enforced (SPEC GV-3).
 * Throws {@link ToolwrightError} (`INVALID_SCHEMA`) when ajv cannot compile the schema, or when
 * checking one value could cost too much (see `measureSchemaCost`). A plain schema (see
 * `isPlainSchema`), which always compiles, is compiled at its first `validate`.
 */
export function compileSchemaValidator(schema: unknown): SchemaValidator {
  const draft07 = isPlainObject(schema) && schema.$schema === DRAFT_07_URI;
  const shapeSchema = toShapeSchema(schema);
  const cost = measureSchemaCost(shapeSchema);
  if (!cost.ok) {
    const where = cost.path.length === 0 ? '' : ` (at ${cost.path.join('/')})`;
    throw new ToolwrightError('INVALID_SCHEMA', `The schema cannot be compiled: ${cost.reason}${where}.`);
  }
  // A plain schema always compiles and always passes its meta-schema: it is compiled when first
  // used, and without the meta-schema check (compiling the 2020-12 meta-schema would cost a first
  // call a tenth of a second of the event loop, PA-4).
  const plain = isPlainSchema(shapeSchema);
  let check = plain ? undefined : compileChecked(shapeSchema, draft07);
  const checkBranch = branchChecker(shapeSchema, draft07);
  return {
    shapeSchema,
    validate(value: unknown): Violation[] {
      check ??= compileChecked(shapeSchema, draft07, plain);
      if (check(value)) return [];
      return translateErrors(check.errors ?? [], value, shapeSchema, checkBranch);
    },
  };
}

/** The meta-schema check (not for a plain schema, which always passes it) and the compile, failing as `INVALID_SCHEMA`. */
function compileChecked(shapeSchema: Record<string, unknown>, draft07: boolean, plain = false): ValidateFunction {
  try {
    if (!plain) checkMetaSchema(shapeSchema, draft07);
    return compileAjv(shapeSchema, draft07);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolwrightError('INVALID_SCHEMA', `The schema cannot be compiled: ${reason}`, { cause: error });
  }
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

/** Compiles on an ajv instance of its own, which the returned function keeps and nothing else sees. */
function compileAjv(schema: Record<string, unknown>, draft07: boolean): ValidateFunction {
  const ajv = draft07 ? new Ajv(SCHEMA_COMPILE_OPTIONS) : new Ajv2020(SCHEMA_COMPILE_OPTIONS);
  return ajv.compile(schema);
}

/**
 * Checks a schema against its dialect's meta-schema, throwing ajv's own `schema is invalid: data/…`
 * message. The schema has no `$schema` here (the shape schema drops it), so the checker always
 * uses its built-in meta-schema and registers nothing.
 */
function checkMetaSchema(schema: Record<string, unknown>, draft07: boolean): void {
  const checker = draft07
    ? (metaCheckerDraft07 ??= new Ajv(metaOptions))
    : (metaChecker2020 ??= new Ajv2020(metaOptions));
  // Throws `schema is invalid: …` itself; only an asynchronous meta-schema (never ours) would return a promise.
  if (checker.validateSchema(schema, true) !== true) throw new Error(`schema is invalid: ${checker.errorsText()}`);
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
