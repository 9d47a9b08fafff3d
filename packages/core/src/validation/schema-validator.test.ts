import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { compileSchemaValidator, DRAFT_07_URI } from './schema-validator.js';

const messages = (schema: unknown, value: unknown): string[] =>
  compileSchemaValidator(schema)
    .validate(value)
    .map((violation) => violation.message);

const CATEGORY = {
  type: 'object',
  properties: { id: { type: 'integer' }, label: { type: 'string' } },
  required: ['id'],
  additionalProperties: false,
};

describe('compileSchemaValidator', () => {
  it('GV-2: a nullable reference (pydantic Optional[Model]) reports the problems inside the model, at their paths', () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, category: { anyOf: [{ $ref: '#/$defs/Category' }, { type: 'null' }] } },
      $defs: { Category: CATEGORY },
      additionalProperties: false,
    };
    expect(messages(schema, { name: 1, category: { idd: 1, label: 2 } })).toEqual([
      "Parameter 'name' must be a string. The tool was not executed.",
      "Unknown parameter 'category.idd'. Did you mean 'category.id'? The tool was not executed.",
      "Parameter 'category.label' must be a string. The tool was not executed.",
    ]);
    expect(messages(schema, { category: 'books' })).toEqual([
      "Parameter 'category' must be an object or null. The tool was not executed.",
    ]);
    expect(messages(schema, { category: { id: 3 } })).toEqual([]);
  });

  it('GV-2: alternatives of the same type are summarised in one line', () => {
    const schema = {
      type: 'object',
      properties: {
        target: {
          oneOf: [
            { $ref: '#/$defs/Category' },
            { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
          ],
        },
      },
      $defs: { Category: CATEGORY },
    };
    expect(messages(schema, { target: { nothing: true } })).toEqual([
      "Parameter 'target' does not match any of the allowed forms. The tool was not executed.",
    ]);
    expect(
      messages(
        { type: 'object', properties: { id: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } },
        { id: true },
      ),
    ).toEqual(["Parameter 'id' must be a string or an integer. The tool was not executed."]);
  });

  it('GV-2: the sibling keywords of an alternative keep their own lines', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
      required: ['a'],
      anyOf: [{ required: ['b'] }, { required: ['c'] }],
    };
    expect(messages(schema, {})).toEqual([
      'The input does not match any of the allowed forms. The tool was not executed.',
      "Parameter 'a' is required (string). The tool was not executed.",
    ]);
  });

  it('GV-2: nested alternatives inside the one fitting branch are folded too', () => {
    const schema = {
      type: 'object',
      properties: {
        outer: {
          anyOf: [
            {
              type: 'object',
              properties: { inner: { anyOf: [{ $ref: '#/$defs/Category' }, { type: 'null' }] } },
              additionalProperties: false,
            },
            { type: 'null' },
          ],
        },
      },
      $defs: { Category: CATEGORY },
    };
    expect(messages(schema, { outer: { inner: { id: 'x' } } })).toEqual([
      "Parameter 'outer.inner.id' must be an integer. The tool was not executed.",
    ]);
  });

  it('SC-1: validates draft-07 schemas by their own dialect', () => {
    const schema = {
      $schema: DRAFT_07_URI,
      type: 'object',
      properties: { item: { $ref: '#/definitions/Item' } },
      definitions: { Item: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] } },
    };
    expect(messages(schema, { item: {} })).toEqual([
      "Parameter 'item.sku' is required (string). The tool was not executed.",
    ]);
  });

  it('compiles schemas that share a root $id, and refuses what ajv cannot compile', () => {
    const first = { $id: 'https://tools.example/input', type: 'object', properties: { a: { type: 'string' } } };
    const second = { $id: 'https://tools.example/input', type: 'object', properties: { a: { type: 'integer' } } };
    expect(messages(first, { a: 1 })).toEqual(["Parameter 'a' must be a string. The tool was not executed."]);
    expect(messages(second, { a: 'x' })).toEqual(["Parameter 'a' must be an integer. The tool was not executed."]);
    let error: unknown;
    try {
      compileSchemaValidator({ type: 'object', properties: { a: { type: 'string', pattern: '(?=lookahead)' } } });
    } catch (caught) {
      error = caught;
    }
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect((error as ToolwrightError).code).toBe('INVALID_SCHEMA');
  });

  it('SC-3: format is not asserted', () => {
    expect(
      messages(
        { type: 'object', properties: { when: { type: 'string', format: 'date-time' } } },
        { when: 'not a date' },
      ),
    ).toEqual([]);
  });
});
