import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { findValibotValueChange } from './valibot-value-change.js';

/** The message @valibot/to-json-schema throws for a schema, converting its input form, then its output form, as toolwright does. */
function conversionError(schema: Parameters<typeof toStandardJsonSchema>[0]): string {
  const converter = toStandardJsonSchema(schema)['~standard'].jsonSchema;
  for (const form of [converter.input, converter.output]) {
    try {
      form({ target: 'draft-2020-12' });
    } catch (error) {
      return (error as Error).message;
    }
  }
  throw new Error('expected the conversion to throw');
}

describe('findValibotValueChange', () => {
  it.each([
    ['v.trim()', v.pipe(v.string(), v.trim())],
    ['v.trimStart()', v.pipe(v.string(), v.trimStart())],
    ['v.toLowerCase()', v.pipe(v.string(), v.toLowerCase())],
    ['v.toUpperCase()', v.pipe(v.string(), v.toUpperCase())],
    ['v.normalize()', v.pipe(v.string(), v.normalize())],
    [
      'v.transform()',
      v.pipe(
        v.string(),
        v.transform((text) => text.length),
      ),
    ],
    ['v.toNumber()', v.pipe(v.string(), v.toNumber())],
    ['v.toMinValue()', v.pipe(v.number(), v.toMinValue(1))],
    ['v.parseJson()', v.pipe(v.string(), v.parseJson())],
  ])('AU-3: %s is named from the converter refusing it, wherever it is', (name, schema) => {
    expect(findValibotValueChange(conversionError(schema))).toEqual({ at: '', by: name });
    expect(findValibotValueChange(conversionError(v.object({ inner: v.array(schema) })))).toEqual({ at: '', by: name });
  });

  it('AU-3: other refusals of the converter are not value changes', () => {
    expect(findValibotValueChange(conversionError(v.date()))).toBeUndefined();
    expect(findValibotValueChange(conversionError(v.pipe(v.string(), v.brand('Id'))))).toBeUndefined();
    expect(findValibotValueChange('The "custom" action cannot be converted to JSON Schema.')).toBeUndefined();
    expect(findValibotValueChange('Unsupported target: draft-2020-12')).toBeUndefined();
  });
});
