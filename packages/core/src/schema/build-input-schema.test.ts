import { describe, expect, it } from 'vitest';
import { Nested, type Forward } from '../decorators/nested.js';
import { ToolParam } from '../decorators/tool-param.js';
import { Type } from '../index.js';
import { buildInputSchema } from './build-input-schema.js';

class Address {
  @ToolParam({ description: 'City name', schema: Type.String() })
  city!: string;

  @ToolParam({ name: 'postal_code', description: 'Postal code', schema: Type.String(), optional: true })
  postalCode?: string;
}

class LineItem {
  @ToolParam({ description: 'Stock keeping unit', schema: Type.String() })
  sku!: string;

  @ToolParam({ description: 'Units', schema: Type.Integer({ minimum: 1 }), default: 1 })
  quantity!: number;
}

/** Declares the order input class; each call declares a new class with the same fields. */
function declareOrderInput() {
  class OrderInput {
    @ToolParam({ name: 'order_id', description: 'The order', schema: Type.String() })
    orderId!: string;

    @ToolParam({ name: '-i', description: 'Ignore case', schema: Type.Boolean(), default: false })
    ignoreCase!: boolean;

    @ToolParam({ description: 'State', enum: ['open', 'closed'], optional: true })
    state?: 'open' | 'closed';

    @ToolParam({ description: 'Ship to', schema: Nested(() => Address) })
    address!: Address;

    @ToolParam({ description: 'Products', schema: Type.Array(Nested(() => LineItem)), optional: true })
    items?: LineItem[];
  }
  return OrderInput;
}

const OrderInput = declareOrderInput();

const ADDRESS_SCHEMA = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City name' },
    postal_code: { type: 'string', description: 'Postal code' },
  },
  required: ['city'],
  additionalProperties: false,
};

/** The schema of OrderInput, written by hand. */
const ORDER_SCHEMA = {
  type: 'object',
  properties: {
    order_id: { type: 'string', description: 'The order' },
    '-i': { type: 'boolean', description: 'Ignore case', default: false },
    state: { type: 'string', description: 'State', enum: ['open', 'closed'] },
    address: { type: 'object', description: 'Ship to', ...omitType(ADDRESS_SCHEMA) },
    items: {
      type: 'array',
      description: 'Products',
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', description: 'Stock keeping unit' },
          quantity: { type: 'integer', description: 'Units', minimum: 1, default: 1 },
        },
        required: ['sku'],
        additionalProperties: false,
      },
    },
  },
  required: ['order_id', 'address'],
  additionalProperties: false,
};

/** Every node of a schema tree that is a schema object, visited through the keywords that hold subschemas. */
function objectNodes(schema: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const record = node as Record<string, unknown>;
    if (record.type === 'object') found.push(record);
    for (const key of ['items', 'additionalProperties', 'not']) visit(record[key]);
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
      if (Array.isArray(record[key])) (record[key] as unknown[]).forEach(visit);
    }
    for (const key of ['properties', '$defs']) {
      const map = record[key];
      if (typeof map === 'object' && map !== null) Object.values(map).forEach(visit);
    }
  };
  visit(schema);
  return found;
}

describe('buildInputSchema', () => {
  it('TC-8: writes the exact schema, fields in declaration order, nested and array-of-class fields expanded', () => {
    // Byte-level comparison: key order is part of the contract (prompt caches depend on it).
    expect(JSON.stringify(buildInputSchema(OrderInput))).toBe(JSON.stringify(ORDER_SCHEMA));
  });

  it('TC-8: says additionalProperties: false on every object level', () => {
    // Each object node, named by its property keys: the root, the nested class, the array items' class.
    expect(
      objectNodes(buildInputSchema(OrderInput)).map((node) => [
        Object.keys(node.properties as object),
        node.additionalProperties,
      ]),
    ).toEqual([
      [['order_id', '-i', 'state', 'address', 'items'], false],
      [['city', 'postal_code'], false],
      [['sku', 'quantity'], false],
    ]);
  });

  it('TC-8: emits no $schema key and no TypeBox markers', () => {
    const schema = buildInputSchema(OrderInput);
    const keys: string[] = [];
    const collect = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      keys.push(...Object.getOwnPropertyNames(node));
      expect(Object.getOwnPropertySymbols(node)).toEqual([]);
      Object.values(node).forEach(collect);
    };
    collect(schema);
    expect(keys).not.toContain('$schema');
    expect(keys.filter((key) => key.startsWith('~'))).toEqual([]);
  });

  it('TC-8: is cached per class, frozen, and byte-stable', () => {
    const first = buildInputSchema(OrderInput);
    expect(buildInputSchema(OrderInput)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first.properties as Record<string, object>).address)).toBe(true);
    // Byte-stable: a second class declared the same way is built afresh (not served from the cache)
    // and gives the same bytes, the ones written by hand above.
    const twin = declareOrderInput();
    const rebuilt = buildInputSchema(twin);
    expect(rebuilt).not.toBe(first);
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(ORDER_SCHEMA));
    expect(JSON.stringify(first)).toBe(JSON.stringify(ORDER_SCHEMA));
  });

  it('TC-7: resolves a forward reference through its thunk when the schema is built', () => {
    class Outer {
      @ToolParam({ description: 'Declared later', schema: Nested(() => DeclaredLater) })
      inner!: Forward<DeclaredLater>;
    }
    class DeclaredLater {
      @ToolParam({ description: 'Value', schema: Type.Integer() })
      value!: number;
    }
    expect(buildInputSchema(Outer).properties).toEqual({
      inner: {
        type: 'object',
        description: 'Declared later',
        properties: { value: { type: 'integer', description: 'Value' } },
        required: ['value'],
        additionalProperties: false,
      },
    });
  });

  it('TC-8: a class that contains itself refers to the root as #', () => {
    class TreeNode {
      @ToolParam({ description: 'Label', schema: Type.String() })
      label!: string;

      @ToolParam({ description: 'Children', schema: Type.Array(Nested(() => TreeNode)), optional: true })
      children?: TreeNode[];
    }
    expect(buildInputSchema(TreeNode)).toEqual({
      type: 'object',
      properties: {
        label: { type: 'string', description: 'Label' },
        children: { type: 'array', description: 'Children', items: { $ref: '#' } },
      },
      required: ['label'],
      additionalProperties: false,
    });
  });

  it('TC-8: a recursive nested class is written once under $defs; a repeated plain class expands inline each time', () => {
    class Section {
      @ToolParam({ description: 'Title', schema: Type.String() })
      title!: string;

      @ToolParam({ description: 'Subsections', schema: Type.Array(Nested(() => Section)), optional: true })
      sections?: Section[];
    }
    class Document {
      @ToolParam({ description: 'Main section', schema: Nested(() => Section) })
      main!: Section;

      @ToolParam({ description: 'Appendix', schema: Nested(() => Section), optional: true })
      appendix?: Section;

      @ToolParam({ description: 'Billing', schema: Nested(() => Address) })
      billing!: Address;

      @ToolParam({ description: 'Shipping', schema: Nested(() => Address) })
      shipping!: Address;
    }
    expect(buildInputSchema(Document)).toEqual({
      type: 'object',
      properties: {
        main: { description: 'Main section', $ref: '#/$defs/Section' },
        appendix: { description: 'Appendix', $ref: '#/$defs/Section' },
        billing: { type: 'object', description: 'Billing', ...omitType(ADDRESS_SCHEMA) },
        shipping: { type: 'object', description: 'Shipping', ...omitType(ADDRESS_SCHEMA) },
      },
      required: ['main', 'billing', 'shipping'],
      additionalProperties: false,
      $defs: {
        Section: {
          type: 'object',
          properties: {
            title: { type: 'string', description: 'Title' },
            sections: { type: 'array', description: 'Subsections', items: { $ref: '#/$defs/Section' } },
          },
          required: ['title'],
          additionalProperties: false,
        },
      },
    });
  });

  it('TC-8: mutual recursion through a nested class points back to the root', () => {
    class Folder {
      @ToolParam({ description: 'Name', schema: Type.String() })
      name!: string;

      @ToolParam({ description: 'Files', schema: Type.Array(Nested(() => FileEntry)) })
      files!: FileEntry[];
    }
    class FileEntry {
      @ToolParam({ description: 'Name', schema: Type.String() })
      name!: string;

      @ToolParam({ description: 'A folder inside the file (an archive)', schema: Nested(() => Folder), optional: true })
      archive?: Folder;
    }
    const schema = buildInputSchema(Folder);
    expect(schema.$defs).toEqual({
      FileEntry: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Name' },
          archive: { description: 'A folder inside the file (an archive)', $ref: '#' },
        },
        required: ['name'],
        additionalProperties: false,
      },
    });
    expect((schema.properties as Record<string, unknown>).files).toEqual({
      type: 'array',
      description: 'Files',
      items: { $ref: '#/$defs/FileEntry' },
    });
  });

  it('TC-8: closes TypeBox objects inside a field and lets the @ToolParam description win', () => {
    class WithObject {
      @ToolParam({
        description: 'Window size',
        schema: Type.Object({ width: Type.Integer(), height: Type.Integer() }, { description: 'ignored' }),
      })
      size!: { width: number; height: number };
    }
    expect(buildInputSchema(WithObject).properties).toEqual({
      size: {
        type: 'object',
        description: 'Window size',
        required: ['width', 'height'],
        properties: { width: { type: 'integer' }, height: { type: 'integer' } },
        additionalProperties: false,
      },
    });
  });

  it('TC-7: a subclass inherits its parent fields first without changing the parent schema', () => {
    class BaseInput {
      @ToolParam({ description: 'Path', schema: Type.String() })
      path!: string;
    }
    class ExtendedInput extends BaseInput {
      @ToolParam({ description: 'Recursive', schema: Type.Boolean(), optional: true })
      recursive?: boolean;
    }
    expect(Object.keys(buildInputSchema(ExtendedInput).properties as object)).toEqual(['path', 'recursive']);
    expect(Object.keys(buildInputSchema(BaseInput).properties as object)).toEqual(['path']);
  });
});

function omitType(schema: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, ...rest } = schema;
  return rest;
}
