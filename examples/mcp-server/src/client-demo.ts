// Starts server.ts as a child process and drives it with the official MCP SDK client: the tools a
// client is offered, a good call, and a call with a typo answered with did-you-mean.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const client = new Client({ name: 'toolwright-example-client', version: '1.0.0' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [fileURLToPath(new URL('server.js', import.meta.url))],
    stderr: 'ignore',
  }),
);

const { tools } = await client.listTools();
for (const tool of tools)
  console.log(`tool ${tool.name}: ${tool.description ?? ''} (read-only: ${String(tool.annotations?.readOnlyHint)})`);

for (const [label, args] of [
  ['a good call', { query: 'gift', '-i': true }],
  ['a typo', { qeury: 'gift' }],
] as const) {
  const result = await client.callTool({ name: 'search_orders', arguments: args });
  const text = (result.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('\n');
  console.log(`\n${label}: ${JSON.stringify(args)}\n${result.isError === true ? 'isError ' : ''}${text}`);
}
await client.close();
