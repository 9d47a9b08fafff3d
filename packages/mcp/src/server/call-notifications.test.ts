// Progress and logs of a tools/call, seen by the official client over the SDK's in-memory transport.
import { AbstractTool, SafetyLevel, type ToolContext } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import {
  Client,
  InMemoryTransport,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from './create-mcp-server.js';

/** A tool that copies three files, reporting each step and logging at every level. */
class CopyTool extends AbstractTool {
  reported = 0;
  constructor() {
    super({
      name: 'copy_files',
      description: 'Copies three files',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
  }
  protected run(_input: unknown, context: ToolContext): string {
    for (const [index, file] of ['a.txt', 'b.txt', 'c.txt'].entries()) {
      context.progress({ progress: index + 1, total: 3, message: `copied ${file}` });
      this.reported++;
    }
    context.logger.debug('looked at the folder', { entries: 3 });
    context.logger.info('copying');
    context.logger.warn('b.txt is large', { bytes: 1_048_576, message: 'a field named message' });
    context.logger.error('c.txt was locked, copied it anyway', { retries: 2n });
    return 'copied 3 files';
  }
}

/** A client connected to a server in front of a gate with the copy tool; it records the notifications it gets. */
async function connect() {
  const tool = new CopyTool();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(new ToolGate({ tools: [tool] })).connect(serverSide);
  const client = new Client({ name: 'official-sdk-client', version: '1.0.0' });
  await client.connect(clientSide);
  const logs: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler('notifications/message', (notification) => {
    logs.push(notification.params);
  });
  return { client, tool, logs };
}

describe('progress and logs over MCP', () => {
  it('IN-6: a call that asked for progress gets each of the three steps, before its result', async () => {
    const { client } = await connect();
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'copy_files', arguments: {} },
      {
        onprogress: (update) => progress.push(update),
      },
    );
    expect(result).toEqual({ content: [{ type: 'text', text: 'copied 3 files' }] });
    expect(progress).toEqual([
      { progress: 1, total: 3, message: 'copied a.txt' },
      { progress: 2, total: 3, message: 'copied b.txt' },
      { progress: 3, total: 3, message: 'copied c.txt' },
    ]);
    await client.close();
  });

  it('IN-6: a call without a progress token gets no progress notification', async () => {
    const { client, tool } = await connect();
    const notifications: unknown[] = [];
    client.setNotificationHandler('notifications/progress', (notification) => {
      notifications.push(notification);
    });
    expect(await client.callTool({ name: 'copy_files', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'copied 3 files' }],
    });
    expect(tool.reported).toBe(3);
    expect(notifications).toEqual([]);
    await client.close();
  });

  it("IN-6: the tool's logs arrive as logging notifications named after the tool, data = { message, ...fields }", async () => {
    const { client, logs } = await connect();
    expect(client.getServerCapabilities()).toEqual({ tools: {}, logging: {} });
    await client.callTool({ name: 'copy_files', arguments: {} });
    expect(logs).toEqual([
      { level: 'debug', logger: 'copy_files', data: { message: 'looked at the folder', entries: 3 } },
      { level: 'info', logger: 'copy_files', data: { message: 'copying' } },
      { level: 'warning', logger: 'copy_files', data: { message: 'b.txt is large', bytes: 1_048_576 } },
      { level: 'error', logger: 'copy_files', data: { message: 'c.txt was locked, copied it anyway' } },
    ]);
    await client.close();
  });

  it("IN-6: the client's logging/setLevel decides which levels it gets", async () => {
    const { client, logs } = await connect();
    await client.setLoggingLevel('warning');
    await client.callTool({ name: 'copy_files', arguments: {} });
    expect(logs.map((log) => log.level)).toEqual(['warning', 'error']);
    logs.length = 0;
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'copy_files', arguments: {} });
    expect(logs.map((log) => log.level)).toEqual(['debug', 'info', 'warning', 'error']);
    await client.close();
  });
});
