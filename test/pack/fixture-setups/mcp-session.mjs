// An MCP client session against `toolwright serve <plugin>`, run in the user project with the MCP
// SDK the project installed: lists the tools, makes a valid call and a typo'd one, and prints what
// the client saw (and the server's stderr) as one JSON object.
// Usage: node mcp-session.mjs <toolwright bin> <plugin> [flags…]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [toolwright, plugin, ...flags] = process.argv.slice(2);
const transport = new StdioClientTransport({
  command: toolwright,
  args: ['serve', plugin, ...flags],
  cwd: process.cwd(),
  stderr: 'pipe',
});
let stderr = '';
transport.stderr?.on('data', (chunk) => (stderr += String(chunk)));
const client = new Client({ name: 'pack-test', version: '1.0.0' });
await client.connect(transport);
const listed = await client.listTools();
const found = await client.callTool({
  name: 'search_issues',
  arguments: { query: 'start', where: { op: 'term', term: 'slow' } },
});
const typo = await client.callTool({
  name: 'search_issues',
  arguments: { query: 'crash', filters: [{ feild: 'label' }] },
});
await client.close();
console.log(JSON.stringify({ tools: listed.tools, found, typo, stderr }, null, 2));
