import { compileTolerantValidator, type TolerantValidator } from './tolerant-validator.js';

const validators = new WeakMap<object, TolerantValidator>();

/** The validator of a tool's input schema, compiled once per schema object. */
export function validatorFor(schema: object): TolerantValidator {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = compileTolerantValidator(schema);
    validators.set(schema, validator);
  }
  return validator;
}
