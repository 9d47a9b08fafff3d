import { ToolInput } from '../input/tool-input.js';
import { compileSchemaValidator, type SchemaValidator } from '../validation/schema-validator.js';
import type { Violation } from '../validation/violation.js';

/**
 * Core's check of one schema object, compiled once: the validator the binder and a gate share,
 * and whether a pass may be remembered (only against a schema that was frozen when compiled: a
 * frozen object never thaws, so that is read once, not per call).
 */
export interface ShapeCheck {
  readonly schema: object;
  readonly validator: SchemaValidator;
  readonly frozen: boolean;
}

const checks = new WeakMap<object, ShapeCheck>();

/**
 * The last input found to conform, and the schema it conforms to, by this module's own check and
 * nobody's word: set only below, after a validation that found no violation, and only for a real
 * ToolInput of this copy of core (immutable: its arguments are a deep-frozen copy). A gate checks
 * a call's input and its tool binds it right after, without waiting in between, so one entry is
 * enough; binding takes it, so it does not outlive the call. (A table keyed by input would cost
 * more to fill than the check it saves.)
 */
let conformingInput: ToolInput | undefined;
let conformingSchema: object | undefined;

/** The check of a schema object, compiled on first use. Throws `INVALID_SCHEMA` as compiling does. */
export function shapeCheckFor(schema: object): ShapeCheck {
  let check = checks.get(schema);
  if (check === undefined) {
    check = Object.freeze({ schema, validator: compileSchemaValidator(schema), frozen: Object.isFrozen(schema) });
    checks.set(schema, check);
  }
  return check;
}

/**
 * Checks a call's input against a frozen schema object and remembers a pass, so binding the same
 * input against the same schema right after need not check it again (one validation per call).
 * A schema that is not frozen is checked every time.
 */
export function checkConformance(schema: object, input: ToolInput): Violation[] {
  return checkConformanceWith(shapeCheckFor(schema), input);
}

/** {@link checkConformance} with the schema's check already in hand (a tool keeps its own). */
export function checkConformanceWith(check: ShapeCheck, input: ToolInput): Violation[] {
  const violations = check.validator.validate(input.toJSON());
  if (violations.length === 0 && check.frozen && input instanceof ToolInput) {
    conformingInput = input;
    conformingSchema = check.schema;
  }
  return violations;
}

/** True when `input` is the last input that passed {@link checkConformance}, against exactly this schema object. */
export function isKnownToConform(input: unknown, schema: object): boolean {
  return conformingInput !== undefined && conformingInput === input && conformingSchema === schema;
}

/** {@link isKnownToConform}, and the record is used up: the next binding of the same input checks it again. */
export function takeConformance(input: unknown, schema: object): boolean {
  if (!isKnownToConform(input, schema)) return false;
  conformingInput = undefined;
  conformingSchema = undefined;
  return true;
}
