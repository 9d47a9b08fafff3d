import type { JsonObject } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { hasFaithfulStrictForm } from './strict-schema-fit.js';

/** An input schema with one property `value`. */
const withValue = (value: JsonObject, required = true): JsonObject => ({
  type: 'object',
  properties: { value },
  ...(required ? { required: ['value'] } : {}),
  additionalProperties: false,
});

describe('hasFaithfulStrictForm', () => {
  it('IN-2, PR-3: closed objects whose every schema says what it accepts have a faithful strict form', () => {
    const fits: JsonObject[] = [
      { type: 'object', properties: {}, additionalProperties: false },
      withValue({ type: 'string' }, false),
      withValue({ enum: ['a', 'b'] }),
      withValue({ const: 'a' }),
      withValue({ anyOf: [{ type: 'string' }, { type: 'null' }] }),
      withValue({ oneOf: [{ type: 'integer' }, { type: 'boolean' }] }),
      withValue({
        type: 'array',
        items: { type: 'object', properties: { x: { type: 'number' } }, additionalProperties: false },
      }),
      withValue({ properties: { x: { type: 'number' } }, additionalProperties: false }),
      withValue({ type: 'string', minLength: 1, format: 'hostname', allOf: [{ maxLength: 9 }], not: {} }),
      {
        type: 'object',
        properties: { child: { $ref: '#/$defs/Node' } },
        additionalProperties: false,
        $defs: { Node: { type: 'object', properties: { next: { $ref: '#' } }, additionalProperties: false } },
      },
    ];
    expect(fits.map(hasFaithfulStrictForm)).toEqual(fits.map(() => true));
  });

  it('IN-2, PR-3: an open object, a schema that accepts any value, or an array without items has none', () => {
    const misfits: JsonObject[] = [
      { type: 'object', properties: {} },
      { type: 'object', properties: {}, additionalProperties: true },
      { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
      { type: 'object', properties: {}, additionalProperties: false, patternProperties: { '^x': { type: 'string' } } },
      withValue({ type: 'object' }),
      withValue({ type: ['object', 'null'], properties: {} }),
      withValue({}),
      withValue({ description: 'Anything' }),
      withValue({ allOf: [{ type: 'string' }] }),
      withValue({ type: 'array' }),
      withValue({ type: 'array', items: {} }),
      withValue({ anyOf: [{ type: 'string' }, {}] }),
      {
        type: 'object',
        properties: {},
        additionalProperties: false,
        $defs: { Open: { type: 'object', properties: {} } },
      },
    ];
    expect(misfits.map(hasFaithfulStrictForm)).toEqual(misfits.map(() => false));
  });
});
