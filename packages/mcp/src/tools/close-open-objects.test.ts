import type { JsonObject } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { closeOpenObjects } from './close-open-objects.js';

describe('closeOpenObjects', () => {
  it('MP-6: an object listing properties and saying nothing of other keys is closed, at every level', () => {
    const schema = {
      type: 'object',
      properties: {
        query: { type: 'string' },
        where: { type: 'object', properties: { field: { type: 'string' } } },
        tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    };
    expect(closeOpenObjects(schema)).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string' },
        where: { type: 'object', properties: { field: { type: 'string' } }, additionalProperties: false },
        tags: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false },
        },
      },
      additionalProperties: false,
    });
    expect(schema).not.toHaveProperty('additionalProperties');
  });

  it('MP-6: what says something of other keys, or combines with another schema, is left as it is', () => {
    const cases: JsonObject[] = [
      { type: 'object', properties: { a: {} }, additionalProperties: true },
      { type: 'object', properties: { a: {} }, additionalProperties: { type: 'string' } },
      { type: 'object', properties: { a: {} }, patternProperties: { '^x-': {} } },
      { type: 'object', properties: { a: {} }, unevaluatedProperties: false },
      { type: 'object', properties: { a: {} }, propertyNames: { maxLength: 3 } },
      { type: 'object', properties: { a: {} }, allOf: [{ properties: { b: {} } }] },
      { type: 'object', $ref: '#/$defs/base', properties: { a: {} }, $defs: { base: { properties: { b: {} } } } },
      { type: 'object', anyOf: [{ properties: { a: {} } }, { properties: { b: {} } }] },
      { type: 'object' },
    ];
    for (const schema of cases) expect(closeOpenObjects(schema)).toBe(schema);
  });

  it("MP-6: a property named '__proto__' stays a property, in the copy too", () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"x":{}}}},"additionalProperties":false}',
    ) as JsonObject;
    const closed = closeOpenObjects(schema) as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(closed.properties)).toBe(Object.prototype);
    expect(Object.hasOwn(closed.properties, '__proto__')).toBe(true);
    expect(closed.properties['__proto__']).toEqual({
      type: 'object',
      properties: { x: {} },
      additionalProperties: false,
    });
  });
});
