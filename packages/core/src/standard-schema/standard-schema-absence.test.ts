import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindInput } from '../binder/bind-input.js';
import { ToolParam } from '../decorators/tool-param.js';
import type { JsonObject } from '../json/json.js';
import { buildInputSchema } from '../schema/build-input-schema.js';
import type { StandardJsonSchema, StandardSchemaResult } from './standard-schema.js';
import { thrownToolwrightError as thrown } from '../../test/fixtures/thrown-toolwright-error.js';

/** A class with one field `value` of the given schema. */
function inputWith(schema: StandardJsonSchema) {
  class Absent {
    @ToolParam({ description: 'Value', schema: schema as StandardJsonSchema<unknown, unknown> }) value?: unknown;
  }
  return Absent;
}

/** A hand-written Standard Schema with JSON Schema `document`; `validate` records every value it is given. */
function recording(document: JsonObject, validate: (value: unknown) => StandardSchemaResult<unknown>) {
  const given: unknown[] = [];
  const schema: StandardJsonSchema = {
    '~standard': {
      version: 1,
      vendor: 'handwritten',
      validate: (value) => (given.push(value), validate(value)),
      jsonSchema: { input: () => document, output: () => document },
    },
  };
  return { schema, given };
}

describe('readStandardSchemaAbsence', () => {
  it('AU-3: a default is the one the JSON Schema declares; the schema is never run on undefined to find it', () => {
    const { schema, given } = recording({ type: 'string', default: 'declared' }, (value) =>
      value === undefined ? { value: 'computed' } : { value },
    );
    const Declared = inputWith(schema);
    expect(bindInput(Declared, {})).toEqual({ ok: true, value: Object.assign(new Declared(), { value: 'declared' }) });
    expect(given.length).toBeGreaterThan(0);
    expect(given.filter((value) => value === undefined)).toEqual([]);
  });

  it('AU-3: a zod default function is not called again after registration: every binding gets the registered value', () => {
    let calls = 0;
    const Counted = inputWith(z.number().default(() => (calls++, 7)));
    buildInputSchema(Counted);
    const afterRegistration = calls;
    for (let round = 0; round < 3; round++) {
      expect(bindInput(Counted, {})).toEqual({ ok: true, value: Object.assign(new Counted(), { value: 7 }) });
    }
    expect(calls).toBe(afterRegistration);
  });

  it('AU-3: a default computed anew at each reading (zod, Valibot) is refused: it would be fixed at registration', () => {
    const message = (library: string) =>
      `Absent.value: the ${library} schema declares a default that differs from one reading to the next (a default computed by a function, such as .default(() => Math.random())). toolwright reads the default once, when the class is registered: declare the default as a value, or with @ToolParam({ default }).`;
    let counter = 0;
    expect(thrown(() => buildInputSchema(inputWith(z.number().default(() => Math.random()))))).toEqual({
      code: 'INVALID_SCHEMA',
      message: message('zod'),
    });
    expect(thrown(() => buildInputSchema(inputWith(z.number().default(() => ++counter))))).toEqual({
      code: 'INVALID_SCHEMA',
      message: message('zod'),
    });
    expect(
      thrown(() => buildInputSchema(inputWith(toStandardJsonSchema(v.optional(v.number(), () => ++counter))))),
    ).toEqual({
      code: 'INVALID_SCHEMA',
      message: message('valibot'),
    });
  });

  it.each([
    ['a string', 'fallback', "'fallback'"],
    ['a number', 0, '0'],
    ['an object', { a: 1 }, '{"a":1}'],
  ])(
    'AU-3: a schema that turns a missing value into %s without declaring a default is refused',
    (_name, invented, shown) => {
      const { schema } = recording({ type: ['string', 'number', 'object'] }, (value) =>
        value === undefined ? { value: invented } : { value },
      );
      expect(thrown(() => buildInputSchema(inputWith(schema)))).toEqual({
        code: 'INVALID_SCHEMA',
        message: `Absent.value: the handwritten schema turns a missing value into ${shown} but declares no default in its JSON Schema, so toolwright would leave the field unset. Declare the default on the field's schema (.default(…)) or with @ToolParam({ default }).`,
      });
    },
  );

  it('AU-3: a schema that accepts undefined makes the field optional; one that refuses it, throws or answers later makes it required', () => {
    const optional = inputWith(z.string().nullish());
    expect(bindInput(optional, {})).toEqual({ ok: true, value: new optional() });
    for (const validate of [
      () => ({ issues: [{ message: 'required' }] }),
      () => {
        throw new Error('broken');
      },
      () => Promise.resolve({ value: undefined }),
    ]) {
      const Required = inputWith(recording({ type: 'string' }, validate as () => StandardSchemaResult<unknown>).schema);
      expect(buildInputSchema(Required).required).toEqual(['value']);
    }
  });
});
