// The official SDK client connected to our server in front of a gate, over the SDK's in-memory transport.
import type { ToolGate } from '@toolwright/gate';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createMcpServer } from '../src/server/create-mcp-server.js';

/** A client of a server in front of `gate`; close it when done. */
export async function connectInMemory(gate: ToolGate): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(gate).connect(serverSide);
  const client = new Client({ name: 'official-sdk-client', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}
