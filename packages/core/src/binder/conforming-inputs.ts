import { ToolInput } from '../input/tool-input.js';
import { compileSchemaValidator, type SchemaValidator } from '../validation/schema-validator.js';
import type { Violation } from '../validation/violation.js';

/** Core's validator of each schema object, compiled once: the binder's and a gate's check are one. */
const validators = new WeakMap<object, SchemaValidator>();

/**
 * The inputs found to conform to a schema, by this module's own check and nobody's word: an
 * entry is made only below, after a validation that found no violation, and only for a real
 * ToolInput of this copy of core (immutable: its arguments are a deep-frozen copy).
 */
const conforming = new WeakMap<ToolInput, object>();

/** The validator of a schema object, compiled on first use. Throws `INVALID_SCHEMA` as compiling does. */
export function shapeValidatorFor(schema: object): SchemaValidator {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = compileSchemaValidator(schema);
    validators.set(schema, validator);
  }
  return validator;
}

/**
 * Checks a call's input against a frozen schema object and remembers a pass, so binding the same
 * input against the same schema need not check it again (one validation per call). A schema
 * that is not frozen is checked every time.
 */
export function checkConformance(schema: object, input: ToolInput): Violation[] {
  const violations = shapeValidatorFor(schema).validate(input.toJSON());
  if (
    violations.length === 0 &&
    input instanceof ToolInput &&
    Object.isFrozen(schema) &&
    conforming.get(input) !== schema
  )
    conforming.set(input, schema);
  return violations;
}

/** True when `input` passed {@link checkConformance} against exactly this schema object. */
export function isKnownToConform(input: unknown, schema: object): boolean {
  return input instanceof ToolInput && conforming.get(input) === schema;
}
