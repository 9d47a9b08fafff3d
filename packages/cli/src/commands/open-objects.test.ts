import { Type } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { findOpenObjects } from './open-objects.js';

const NOT_CLOSED = 'does not say additionalProperties: false, so it accepts keys no field reads';
const closed = (properties: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  additionalProperties: false,
});

describe('findOpenObjects', () => {
  it('TC-8: a schema closed at every level has no open object', () => {
    const schema = closed({
      customer: closed({ name: { type: 'string' } }),
      items: { type: 'array', items: closed({ sku: { type: 'string' } }) },
      shape: { oneOf: [closed(), closed()] },
      both: { allOf: [{ $ref: '#/$defs/A' }] },
    });
    expect(findOpenObjects({ ...schema, $defs: { A: closed() } })).toEqual([]);
  });

  it('TC-5: the root is always an object, whatever it says about its type', () => {
    expect(findOpenObjects({})).toEqual([{ pointer: '', problem: NOT_CLOSED }]);
    expect(findOpenObjects({ type: 'object', additionalProperties: true })[0]?.problem).toBe(
      'says additionalProperties: true, so it accepts keys no field reads; say additionalProperties: false',
    );
  });

  it('TC-8: oneOf and allOf branches, draft-07 definitions, tuple items and a type list are looked into', () => {
    const schema = closed({
      one: { oneOf: [{ type: 'object' }, { type: 'string' }] },
      all: { allOf: [{ type: ['object', 'null'] }] },
      tuple: { type: 'array', items: [{ type: 'string' }, { type: 'object' }] },
    });
    expect(findOpenObjects({ ...schema, definitions: { Old: { type: 'object' } } })).toEqual([
      { pointer: '/properties/one/oneOf/0', problem: NOT_CLOSED },
      { pointer: '/properties/all/allOf/0', problem: NOT_CLOSED },
      { pointer: '/properties/tuple/items/1', problem: NOT_CLOSED },
      { pointer: '/definitions/Old', problem: NOT_CLOSED },
    ]);
  });

  it('TC-8: a record is open, and so is an open object inside its value schema', () => {
    const schema = closed({ byName: Type.Record(Type.String(), Type.Object({ n: Type.Number() })) });
    expect(findOpenObjects(schema)).toEqual([
      {
        pointer: '/properties/byName',
        problem:
          'accepts any key that matches a pattern (patternProperties: a record, as Type.Record makes); list the keys as properties and say additionalProperties: false',
      },
      { pointer: '/properties/byName/patternProperties/^.*$', problem: NOT_CLOSED },
    ]);
  });

  it('TC-8: names with / and ~ are escaped in the pointer; shared and cyclic nodes are visited once', () => {
    const shared: Record<string, unknown> = { type: 'object', properties: {} };
    (shared.properties as Record<string, unknown>).self = shared;
    expect(findOpenObjects(closed({ 'a/b~c': shared, again: shared }))).toEqual([
      { pointer: '/properties/a~1b~0c', problem: NOT_CLOSED },
    ]);
  });
});
