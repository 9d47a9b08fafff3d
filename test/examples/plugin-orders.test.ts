import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { requireBuilt } from '@toolwright/test-support/paths';

import * as plugin from '@toolwright-examples/plugin-orders';
import * as core from '@toolwright/core';

const pluginEntry = requireBuilt('examples/plugin-orders/dist/index.js');
const designType = (target: object, property: string): unknown =>
  (Reflect as unknown as { getMetadata(key: string, target: object, property: string): unknown }).getMetadata(
    'design:type',
    target,
    property,
  );

function schemaBytesFromNewProcess(): string {
  const script = `const { default: tools } = await import(${JSON.stringify(pluginEntry)}); process.stdout.write(JSON.stringify(tools[0].inputSchema));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout;
}

/** The schema of SearchOrdersInput, written by hand from its decorators (TC-8: declaration order, closed objects). */
const SEARCH_ORDERS_SCHEMA = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'Text to look for in order notes' },
    '-i': { type: 'boolean', description: 'Ignore case when matching the query', default: false },
    status: { type: 'string', description: 'Only orders in this state', enum: ['open', 'shipped', 'cancelled'] },
    customer: {
      type: 'object',
      description: 'Only orders of this customer',
      properties: {
        name: { type: 'string', description: 'Customer name or part of it' },
        address: {
          type: 'object',
          description: 'Where the customer ships to',
          properties: {
            city: { type: 'string', description: 'City the order ships to, exactly as stored' },
            country_code: { type: 'string', description: 'ISO 3166-1 alpha-2 country code' },
          },
          required: ['city'],
          additionalProperties: false,
        },
      },
      required: ['name'],
      additionalProperties: false,
    },
    items: {
      type: 'array',
      description: 'Products every matching order must contain',
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', description: 'Stock keeping unit, e.g. SKU-1001' },
          min_quantity: { type: 'integer', description: 'At least this many units', minimum: 1, default: 1 },
        },
        required: ['sku'],
        additionalProperties: false,
      },
    },
    limit: {
      type: 'integer',
      description: 'Largest number of orders to return (1-50)',
      minimum: 1,
      maximum: 50,
      default: 10,
    },
  },
  required: ['query'],
  additionalProperties: false,
};

describe('example plugin (compiled by tsc like a user would)', () => {
  it('TC-8: the same class yields byte-identical JSON in separate processes', () => {
    // Each process writes the bytes written out above, not merely the bytes of the other process.
    const expected = JSON.stringify(SEARCH_ORDERS_SCHEMA);
    expect(schemaBytesFromNewProcess()).toBe(expected);
    expect(schemaBytesFromNewProcess()).toBe(expected);
    expect(JSON.stringify(new plugin.SearchOrdersTool().inputSchema)).toBe(expected);
  });

  it('TC-7: tsc emitted design:type for the fields, which registration cross-checked', () => {
    expect(designType(plugin.SearchOrdersInput.prototype, 'query')).toBe(String);
    expect(designType(plugin.SearchOrdersInput.prototype, 'limit')).toBe(Number);
    expect(designType(plugin.SearchOrdersInput.prototype, 'items')).toBe(Array);
  });

  it('TC-6: runs a call with nulls, a nested class and an array of classes', async () => {
    const tool = new plugin.SearchOrdersTool();
    const call = core.parseToolUse(
      'call_1',
      'search_orders',
      '{"query":"GIFT","-i":true,"status":null,"customer":{"name":"Grace","address":null},"items":[{"sku":"SKU-2002","min_quantity":5}]}',
    );
    const result = await tool.execute(call.input, core.createToolContext());
    expect(result).toEqual({
      content: 'A-1002 [shipped] Grace Hopper: gift for a colleague',
      isError: false,
      metadata: {},
    });
  });

  it('TC-9: answers a typo with did-you-mean and a bad enum with the allowed values', async () => {
    const tool = new plugin.SearchOrdersTool();
    const result = await tool.execute(
      core.ToolInput.of({ qeury: 'gift', status: 'lost', items: [{ sku: 'A', min_quantiy: 1 }] }),
      core.createToolContext(),
    );
    expect(result.isError).toBe(true);
    expect(result.content.split('\n')).toEqual([
      "Unknown parameter 'qeury'. Did you mean 'query'? The tool was not executed.",
      "Parameter 'status' must be one of [open, shipped, cancelled], but was 'lost'. The tool was not executed.",
      "Unknown parameter 'items[0].min_quantiy'. Did you mean 'items[0].min_quantity'? The tool was not executed.",
    ]);
  });

  it('exports its tools as the default export', () => {
    expect(plugin.default.map((tool) => tool.name)).toEqual(['search_orders']);
  });
});
