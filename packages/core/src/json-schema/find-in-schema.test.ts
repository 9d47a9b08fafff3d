import { describe, expect, it } from 'vitest';
import { toJsonPointer } from '../external/external-schema-problem.js';
import { findInSchema } from './find-in-schema.js';

function visitedPointers(schema: unknown): string[] {
  const pointers: string[] = [];
  findInSchema(schema, (_node, path) => {
    pointers.push(toJsonPointer(path));
    return undefined;
  });
  return pointers;
}

describe('findInSchema', () => {
  it('SC-1: visits every subschema in document order, and only subschemas', () => {
    const schema = {
      type: 'object',
      properties: { '': { type: 'string' }, list: { type: 'array', items: { enum: [{ $ref: 'x' }] } } },
      $defs: { pair: { type: 'array', prefixItems: [{}, true] } },
      dependencies: { a: ['b'], c: { not: {} } },
      anyOf: [{ if: {}, then: {}, else: {} }],
      default: { properties: { hidden: {} } },
      'x-vendor': { properties: { hidden: {} } },
    };
    expect(visitedPointers(schema)).toEqual([
      '',
      '/properties/',
      '/properties/list',
      '/properties/list/items',
      '/$defs/pair',
      '/$defs/pair/prefixItems/0',
      '/dependencies/c',
      '/dependencies/c/not',
      '/anyOf/0',
      '/anyOf/0/if',
      '/anyOf/0/then',
      '/anyOf/0/else',
    ]);
  });

  it('SC-1: stops at the first thing found', () => {
    const found = findInSchema({ properties: { a: { x: 1 }, b: { x: 2 } } }, (node) => node.x as number | undefined);
    expect(found).toBe(1);
  });
});
