import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, ROOT } from '@toolwright/test-support/paths';

const client = new Client({ name: 'toolwright-serve-test', version: '1.0.0' });

beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      requireBuilt('packages/cli/dist/bundle/toolwright.js'),
      'serve',
      'examples/plugin-orders/dist/index.js',
      '--allow',
      'search_orders(never:*)',
    ],
    cwd: ROOT,
    stderr: 'ignore',
  });
  await client.connect(transport);
});

afterAll(() => client.close());

describe('toolwright serve', () => {
  it('CL-5/MC-1: serves the plugin over stdio to the official SDK client, every call through the gate', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([['search_orders', true]]);
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', additionalProperties: false, required: ['query'] });
    const denied = await client.callTool({ name: 'search_orders', arguments: { query: 'gift' } });
    expect(denied.isError).toBe(true);
    expect(denied.content).toEqual([
      {
        type: 'text',
        text: 'Permission denied: search_orders is allowed only with a pattern (search_orders(never:*)), but it exposes nothing to match the pattern against.',
      },
    ]);
  });
});
