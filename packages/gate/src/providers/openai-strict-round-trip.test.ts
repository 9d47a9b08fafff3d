import {
  bindInput,
  compileSchemaValidator,
  createToolContext,
  GenericTool,
  Nested,
  SafetyLevel,
  ToolParam,
  Type,
} from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { fromOpenAIChatToolCall, toOpenAIChatTool } from './openai-chat.js';
import { toOpenAIStrictSchema } from './openai-strict-schema.js';

class ShippingAddress {
  @ToolParam({ description: 'City the order ships to', schema: Type.String() })
  city!: string;

  @ToolParam({ name: 'country_code', description: 'ISO country code', schema: Type.String(), optional: true })
  countryCode?: string;
}

class Customer {
  @ToolParam({ description: 'Customer name', schema: Type.String() })
  name!: string;

  @ToolParam({ description: 'Where the customer ships to', schema: Nested(() => ShippingAddress), optional: true })
  address?: ShippingAddress;
}

class LineItem {
  @ToolParam({ description: 'Stock keeping unit', schema: Type.String() })
  sku!: string;

  @ToolParam({
    name: 'min_quantity',
    description: 'At least this many',
    schema: Type.Integer({ minimum: 1 }),
    default: 1,
  })
  minQuantity!: number;
}

class FindOrdersInput {
  @ToolParam({ description: 'Text to look for', schema: Type.String() })
  query!: string;

  @ToolParam({ name: '-i', description: 'Ignore case', schema: Type.Boolean(), default: false })
  ignoreCase!: boolean;

  @ToolParam({ description: 'Only orders in this state', enum: ['open', 'shipped'], optional: true })
  status?: 'open' | 'shipped';

  @ToolParam({ description: 'Only orders of this customer', schema: Nested(() => Customer), optional: true })
  customer?: Customer;

  @ToolParam({ description: 'Products to contain', schema: Type.Array(Nested(() => LineItem)), optional: true })
  items?: LineItem[];

  @ToolParam({ description: 'Most orders to return', schema: Type.Integer({ minimum: 1, maximum: 50 }), default: 10 })
  limit!: number;
}

class FindOrdersTool extends GenericTool<FindOrdersInput, FindOrdersInput> {
  constructor() {
    super({ name: 'find_orders', description: 'Finds orders', safety: SafetyLevel.READ_ONLY, input: FindOrdersInput });
  }

  protected doExecute(input: FindOrdersInput): FindOrdersInput {
    return input;
  }

  protected render(input: FindOrdersInput): string {
    return JSON.stringify(input);
  }
}

const tool = new FindOrdersTool();
const plainSchemaBeforeConversion = JSON.stringify(tool.inputSchema);

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

/** What a model in strict mode sends when it wants only the query and one customer and item: nulls everywhere else. */
const strictCall = {
  query: 'gift',
  '-i': null,
  status: null,
  customer: { name: 'Ada', address: null },
  items: [{ sku: 'SKU-1', min_quantity: null }],
  limit: null,
};

/** The strict schema of FindOrdersTool, written by hand. */
// Every object lists all its properties in `required` and is closed; optional ones accept null.
const closed = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});
const orNull = (description: string, schema: unknown) => ({ description, anyOf: [schema, { type: 'null' }] });
const address = closed({
  city: { type: 'string', description: 'City the order ships to' },
  country_code: { type: ['string', 'null'], description: 'ISO country code' },
});
const customer = closed({
  name: { type: 'string', description: 'Customer name' },
  address: orNull('Where the customer ships to', address),
});
const lineItem = closed({
  sku: { type: 'string', description: 'Stock keeping unit' },
  min_quantity: { type: ['integer', 'null'], description: 'At least this many (default: 1)', minimum: 1 },
});
const EXPECTED_STRICT = closed({
  query: { type: 'string', description: 'Text to look for' },
  '-i': { type: ['boolean', 'null'], description: 'Ignore case (default: false)' },
  status: { type: ['string', 'null'], description: 'Only orders in this state', enum: ['open', 'shipped', null] },
  customer: orNull('Only orders of this customer', customer),
  items: orNull('Products to contain', { type: 'array', items: lineItem }),
  limit: { type: ['integer', 'null'], description: 'Most orders to return (default: 10)', minimum: 1, maximum: 50 },
});

describe('OpenAI strict round trip', () => {
  it('PR-3: the strict schema of a GenericTool, key order included', () => {
    const strictSchema = toOpenAIStrictSchema(tool.inputSchema);
    expect(strictSchema).toEqual(EXPECTED_STRICT);
    expect(JSON.stringify(strictSchema)).toBe(JSON.stringify(EXPECTED_STRICT));
    expect(toOpenAIChatTool(tool, { strict: true }).function.parameters).toEqual(EXPECTED_STRICT);
  });

  it('PR-3: a call that fills every optional field with null is valid against the strict schema', () => {
    const validator = compileSchemaValidator(toOpenAIStrictSchema(tool.inputSchema));
    expect(validator.validate(strictCall)).toEqual([]);
  });

  it('PR-3: the strict schema requires every key, so a call that leaves one out is not valid', () => {
    const validator = compileSchemaValidator(toOpenAIStrictSchema(tool.inputSchema));
    const { status: _status, ...withoutStatus } = strictCall;
    expect(validator.validate(withoutStatus).map((violation) => violation.message)).toEqual([
      "Parameter 'status' is required (string). The tool was not executed.",
    ]);
  });

  it('PR-3: the nulls come back as absence: optional fields undefined, defaulted fields their defaults', () => {
    const toolUse = fromOpenAIChatToolCall({
      id: 'call_1',
      type: 'function',
      function: { name: 'find_orders', arguments: JSON.stringify(strictCall) },
    });
    expect(toolUse.inputError).toBeUndefined();
    expect(toolUse.input.toJSON()).toEqual({ query: 'gift', customer: { name: 'Ada' }, items: [{ sku: 'SKU-1' }] });
    const bound = bindInput(FindOrdersInput, toolUse.input);
    // toStrictEqual checks the classes and the fields left undefined (status, customer.address).
    expect(bound).toStrictEqual({
      ok: true,
      value: Object.assign(new FindOrdersInput(), {
        query: 'gift',
        ignoreCase: false,
        customer: Object.assign(new Customer(), { name: 'Ada' }),
        items: [Object.assign(new LineItem(), { sku: 'SKU-1', minQuantity: 1 })],
        limit: 10,
      }),
    });
    expect(bound.ok && bound.value.status).toBeUndefined();
    expect(bound.ok && bound.value.customer?.address).toBeUndefined();
  });

  it('PR-3: the tool run on the strict call sees the same input as a call that left the keys out', async () => {
    const context = createToolContext();
    const strictUse = fromOpenAIChatToolCall({
      id: 'call_2',
      type: 'function',
      function: { name: 'find_orders', arguments: JSON.stringify(strictCall) },
    });
    const plainUse = fromOpenAIChatToolCall({
      id: 'call_3',
      type: 'function',
      function: {
        name: 'find_orders',
        arguments: '{"query":"gift","customer":{"name":"Ada"},"items":[{"sku":"SKU-1"}]}',
      },
    });
    const strictResult = await tool.execute(strictUse.input, context);
    const plainResult = await tool.execute(plainUse.input, context);
    expect(strictResult).toEqual({
      content:
        '{"query":"gift","ignoreCase":false,"customer":{"name":"Ada"},"items":[{"sku":"SKU-1","minQuantity":1}],"limit":10}',
      isError: false,
      metadata: {},
    });
    expect(plainResult).toEqual(strictResult);
  });

  it('PR-3: converting leaves the frozen plain schema unchanged, and gives the same bytes each time', () => {
    // Each conversion gives the bytes written by hand above, not merely the bytes of the previous one.
    expect(JSON.stringify(toOpenAIStrictSchema(tool.inputSchema))).toBe(JSON.stringify(EXPECTED_STRICT));
    expect(JSON.stringify(toOpenAIStrictSchema(tool.inputSchema))).toBe(JSON.stringify(EXPECTED_STRICT));
    expect(JSON.stringify(tool.inputSchema)).toBe(plainSchemaBeforeConversion);
    expect(tool.inputSchema.required).toEqual(['query']);
    expect(isDeepFrozen(tool.inputSchema)).toBe(true);
  });
});
