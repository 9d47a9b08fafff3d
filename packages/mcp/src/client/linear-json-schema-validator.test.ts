import { describe, expect, it } from 'vitest';
import { linearJsonSchemaValidator } from './linear-json-schema-validator.js';

describe('linearJsonSchemaValidator', () => {
  it('SC-3: the SDK client checks output against a hostile pattern in linear time', () => {
    const validate = linearJsonSchemaValidator.getValidator({
      type: 'object',
      properties: { id: { type: 'string', pattern: '^(a|a)*$' } },
    });
    const started = performance.now();
    expect(validate({ id: `${'a'.repeat(100_000)}!` })).toEqual({
      valid: false,
      data: undefined,
      errorMessage: "Field 'id' must match the pattern ^(a|a)*$.",
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(validate({ id: 'aaa' })).toEqual({ valid: true, data: { id: 'aaa' }, errorMessage: undefined });
  });

  it('SC-1: an output schema that breaks the rules validates nothing and says why', () => {
    const validate = linearJsonSchemaValidator.getValidator({
      type: 'object',
      properties: { id: { $ref: 'https://evil.example/id.json' } },
    });
    expect(validate({ id: 'x' })).toEqual({
      valid: false,
      data: undefined,
      errorMessage:
        "the output schema is refused at #/properties/id/$ref: $ref must start with '#' (a reference inside the schema), not 'https://evil.example/id.json'",
    });
  });
});
