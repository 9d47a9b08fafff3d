// An MCP server: the order-search plugin behind the gate, on stdio. Any MCP client can start it:
//   node examples/mcp-server/dist/server.js
import { SearchOrdersTool } from '@toolwright-examples/plugin-orders';
import { ToolGate } from '@toolwright/gate';
import { serveStdio } from '@toolwright/mcp';

const gate = new ToolGate({
  tools: [new SearchOrdersTool()],
  permissions: { allow: ['search_orders'] },
  schemaValidation: 'ENFORCE',
});
await serveStdio(gate);
process.stderr.write('order tools on stdio (MCP)\n');
