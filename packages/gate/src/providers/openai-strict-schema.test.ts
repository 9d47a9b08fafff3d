import type { JsonObject } from '@toolwright/core';
import { deepFreeze } from '@toolwright/core/internal';
import { describe, expect, it } from 'vitest';
import { toOpenAIStrictSchema } from './openai-strict-schema.js';

describe('toOpenAIStrictSchema', () => {
  it('PR-3: every property is required, the optional ones nullable, and every object closed', () => {
    const schema: JsonObject = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        mode: { type: 'string', enum: ['fast', 'slow'] },
        options: { type: 'object', properties: { verbose: { type: 'boolean' } } },
      },
      required: ['name'],
    };
    const expected = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        mode: { type: ['string', 'null'], enum: ['fast', 'slow', null] },
        options: {
          anyOf: [
            {
              type: 'object',
              properties: { verbose: { type: ['boolean', 'null'] } },
              required: ['verbose'],
              additionalProperties: false,
            },
            { type: 'null' },
          ],
        },
      },
      required: ['name', 'mode', 'options'],
      additionalProperties: false,
    };
    expect(JSON.stringify(toOpenAIStrictSchema(schema))).toBe(JSON.stringify(expected));
  });

  it('PR-3: objects inside array items, anyOf branches and $defs are closed too; open objects are closed', () => {
    const schema: JsonObject = {
      type: 'object',
      properties: {
        rows: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
        value: { anyOf: [{ type: 'object', properties: { text: { type: 'string' } } }, { type: 'number' }] },
        extra: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['rows', 'value', 'extra'],
      additionalProperties: true,
      $defs: { Unused: { type: 'object', properties: { a: { type: 'string' } } } },
    };
    expect(toOpenAIStrictSchema(schema)).toEqual({
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'integer' } },
            required: ['id'],
            additionalProperties: false,
          },
        },
        value: {
          anyOf: [
            {
              type: 'object',
              properties: { text: { type: ['string', 'null'] } },
              required: ['text'],
              additionalProperties: false,
            },
            { type: 'number' },
          ],
        },
        extra: { type: 'object', additionalProperties: false },
      },
      required: ['rows', 'value', 'extra'],
      additionalProperties: false,
      $defs: {
        Unused: {
          type: 'object',
          properties: { a: { type: ['string', 'null'] } },
          required: ['a'],
          additionalProperties: false,
        },
      },
    });
  });

  it('PR-3: keywords strict mode does not list are left out; defaults move into the description', () => {
    const schema: JsonObject = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:example',
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', pattern: '^[^@]+@', minLength: 3, maxLength: 99 },
        site: { type: 'string', format: 'uri', examples: ['https://example.com'] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5, uniqueItems: true },
        ratio: { type: 'number', minimum: 0, exclusiveMaximum: 1, multipleOf: 0.5, default: 0.5 },
        unit: { description: 'Unit', title: 'Unit', oneOf: [{ const: 'm' }, { const: 'ft' }], default: 'm' },
        color: { type: 'string', allOf: [{ minLength: 1 }], not: { const: 'red' }, $comment: 'no red', default: null },
      },
      required: ['email', 'site', 'tags', 'ratio', 'unit', 'color'],
      additionalProperties: false,
    };
    expect(toOpenAIStrictSchema(schema)).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', pattern: '^[^@]+@' },
        site: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
        ratio: { type: 'number', minimum: 0, exclusiveMaximum: 1, multipleOf: 0.5, description: '(default: 0.5)' },
        unit: { description: 'Unit (default: "m")', title: 'Unit', anyOf: [{ const: 'm' }, { const: 'ft' }] },
        color: { type: 'string' },
      },
      required: ['email', 'site', 'tags', 'ratio', 'unit', 'color'],
      additionalProperties: false,
    });
  });

  it('PR-3: never changes its (frozen) argument, and the same schema always gives the same bytes', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: { a: { type: 'string', default: 'x' }, b: { $ref: '#', description: 'Self' } },
    }) as JsonObject;
    const before = JSON.stringify(schema);
    const first = JSON.stringify(toOpenAIStrictSchema(schema));
    expect(JSON.stringify(toOpenAIStrictSchema(schema))).toBe(first);
    expect(JSON.stringify(schema)).toBe(before);
    expect(first).toBe(
      '{"type":"object","properties":{"a":{"type":["string","null"],"description":"(default: \\"x\\")"},' +
        '"b":{"description":"Self","anyOf":[{"$ref":"#"},{"type":"null"}]}},"required":["a","b"],"additionalProperties":false}',
    );
  });

  it("PR-3: a property named like a keyword or '__proto__' stays a plain property", () => {
    const properties = JSON.parse('{"__proto__":{"type":"string"},"default":{"type":"integer"}}') as JsonObject;
    const strict = toOpenAIStrictSchema({ type: 'object', properties, required: ['default'] });
    expect(JSON.stringify(strict)).toBe(
      '{"type":"object","properties":{"__proto__":{"type":["string","null"]},"default":{"type":"integer"}},' +
        '"required":["__proto__","default"],"additionalProperties":false}',
    );
    expect(Object.getPrototypeOf(strict.properties)).toBe(Object.prototype);
  });
});
