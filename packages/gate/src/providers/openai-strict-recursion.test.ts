import { buildInputSchema, compileSchemaValidator, Nested, ToolParam, Type, type Forward } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { toOpenAIStrictSchema } from './openai-strict-schema.js';

class Category {
  @ToolParam({ description: 'Category name', schema: Type.String() })
  name!: string;

  @ToolParam({ description: 'Parent category', schema: Nested(() => Category), optional: true })
  parent?: Forward<Category>;
}

class TreeInput {
  @ToolParam({ description: 'Label', schema: Type.String() })
  label!: string;

  @ToolParam({ description: 'Children', schema: Type.Array(Nested(() => TreeInput)), optional: true })
  children?: TreeInput[];

  @ToolParam({ description: 'Category', schema: Nested(() => Category) })
  category!: Category;
}

describe('toOpenAIStrictSchema on recursive input classes', () => {
  it('PR-3: $defs and $ref stay, root recursion # included; a $ref keeps no siblings', () => {
    const strict = toOpenAIStrictSchema(buildInputSchema(TreeInput));
    expect(JSON.stringify(strict)).toBe(
      JSON.stringify({
        type: 'object',
        properties: {
          label: { type: 'string', description: 'Label' },
          children: {
            description: 'Children',
            anyOf: [{ type: 'array', items: { $ref: '#' } }, { type: 'null' }],
          },
          category: { description: 'Category', anyOf: [{ $ref: '#/$defs/Category' }] },
        },
        required: ['label', 'children', 'category'],
        additionalProperties: false,
        $defs: {
          Category: {
            type: 'object',
            properties: {
              name: { type: 'string', description: 'Category name' },
              parent: { description: 'Parent category', anyOf: [{ $ref: '#/$defs/Category' }, { type: 'null' }] },
            },
            required: ['name', 'parent'],
            additionalProperties: false,
          },
        },
      }),
    );
  });

  it('PR-3: a recursive call with nulls at every level is valid against the strict schema, and one without them is not', () => {
    const validator = compileSchemaValidator(toOpenAIStrictSchema(buildInputSchema(TreeInput)));
    const leaf = { label: 'leaf', children: null, category: { name: 'b', parent: null } };
    const root = { label: 'root', children: [leaf], category: { name: 'a', parent: { name: 'top', parent: null } } };
    expect(validator.validate(root)).toEqual([]);
    const withoutChildren = { label: 'x', category: { name: 'a', parent: null } };
    expect(validator.validate(withoutChildren).map((violation) => violation.message)).toEqual([
      "Parameter 'children' is required (array or null). The tool was not executed.",
    ]);
    const withoutParent = { label: 'x', children: null, category: { name: 'a' } };
    expect(validator.validate(withoutParent).map((violation) => violation.message)).toEqual([
      "Parameter 'category.parent' is required (object or null). The tool was not executed.",
    ]);
  });
});
