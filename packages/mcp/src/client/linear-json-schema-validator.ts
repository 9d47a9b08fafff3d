import { compileSchemaValidator } from '@toolwright/core';
import { checkExternalSchema, outputViolationSentence } from '@toolwright/core/internal';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';

/**
 * The validator the SDK client uses for tools' output schemas, in place of its own ajv (which runs
 * patterns on V8's backtracking engine). A schema is held to SC-1..SC-4 before it is compiled on
 * core's validator (linear-time patterns, no way to fetch); a schema that breaks them validates
 * nothing and says why. Compiled on first use, so listing tools costs nothing extra. Its sentences
 * are about the output (`Field 'total' must be an integer.`, as a gate's output check words them),
 * never a value it holds. Tools imported with `importMcpTools` leave this check to the gate.
 */
export const linearJsonSchemaValidator: jsonSchemaValidator = {
  getValidator<Value>(schema: unknown): JsonSchemaValidator<Value> {
    let validate: ((value: unknown) => string | undefined) | undefined;
    return (input: unknown) => {
      validate ??= compile(schema);
      const errorMessage = validate(input);
      return errorMessage === undefined
        ? { valid: true, data: input as Value, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage };
    };
  },
};

function compile(schema: unknown): (value: unknown) => string | undefined {
  const checked = checkExternalSchema(schema);
  if (!checked.ok) {
    const reason = `the output schema is refused at #${checked.problem.pointer}: ${checked.problem.message}`;
    return () => reason;
  }
  const validator = compileSchemaValidator(checked.schema);
  return (value) => {
    const violations = validator.validate(value);
    return violations.length === 0
      ? undefined
      : violations.map((violation) => outputViolationSentence(violation)).join(' ');
  };
}
