import { describe, expect, it } from 'vitest';
import { checkSchemaLimits, MAX_EXTERNAL_SCHEMA_BYTES, MAX_EXTERNAL_SCHEMA_DEPTH } from './check-schema-limits.js';

/** `{ "a": { "a": … {} } }`, `levels` objects deep, built without recursion. */
function nestedObjects(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = {};
  for (let level = 1; level < levels; level++) node = { a: node };
  return node;
}

/** A schema whose JSON text is exactly `bytes` long. */
function schemaOfBytes(bytes: number): Record<string, unknown> {
  const frame = JSON.stringify({ type: 'object', description: '' }).length;
  return { type: 'object', description: 'x'.repeat(bytes - frame) };
}

describe('checkSchemaLimits', () => {
  it('SC-4: 32 levels pass and 33 are refused, at the first node too deep', () => {
    expect(MAX_EXTERNAL_SCHEMA_DEPTH).toBe(32);
    expect(checkSchemaLimits(nestedObjects(32))).toBeUndefined();
    expect(checkSchemaLimits(nestedObjects(33))).toEqual({
      rule: 'limits',
      pointer: '/a'.repeat(32),
      message: 'the schema is nested more than 32 levels deep',
    });
  });

  it('SC-4: 100,000 levels of objects or arrays are refused without overflowing the stack', () => {
    let arrays: unknown = [];
    for (let level = 0; level < 100_000; level++) arrays = [arrays];
    expect(checkSchemaLimits({ type: 'object', default: arrays })?.pointer).toBe(`/default${'/0'.repeat(31)}`);
    expect(checkSchemaLimits(nestedObjects(100_000))?.message).toBe('the schema is nested more than 32 levels deep');
  });

  it('SC-4: a cycle is refused as too deep, never walked forever', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema.properties = { self: schema };
    expect(checkSchemaLimits(schema)?.message).toBe('the schema is nested more than 32 levels deep');
  });

  it('SC-4: 256 KB of JSON pass and one byte more is refused (UTF-8 bytes, not characters)', () => {
    expect(MAX_EXTERNAL_SCHEMA_BYTES).toBe(262_144);
    expect(checkSchemaLimits(schemaOfBytes(262_144))).toBeUndefined();
    expect(checkSchemaLimits(schemaOfBytes(262_145))).toEqual({
      rule: 'limits',
      pointer: '',
      message: 'the schema is 262145 bytes of JSON; at most 262144 (256 KB) are accepted',
    });
    // 131,073 two-byte characters: within the limit in characters, over it in bytes.
    expect(checkSchemaLimits({ type: 'object', description: 'é'.repeat(131_073) })?.message).toBe(
      'the schema is 262180 bytes of JSON; at most 262144 (256 KB) are accepted',
    );
  });

  it.each([
    ['a function', { type: 'object', default: () => 1 }, '/default', 'function'],
    ['undefined', { type: 'object', properties: { q: undefined } }, '/properties/q', 'undefined'],
    ['NaN', { type: 'object', maximum: Number.NaN }, '/maximum', 'NaN'],
    ['a bigint', { type: 'object', const: 10n }, '/const', 'bigint'],
    ['a Date', { type: 'object', default: new Date(0) }, '/default', 'Date'],
    ['a Map', { type: 'object', properties: new Map() }, '/properties', 'Map'],
  ])('SC-4: %s is not JSON data', (_label, schema, pointer, kind) => {
    expect(checkSchemaLimits(schema)).toEqual({
      rule: 'limits',
      pointer,
      message: `the schema holds a value that is not JSON data (${kind})`,
    });
  });
});
