// MC-1, MP-1 end to end: OUR server as a child process over stdio, driven by each official SDK
// client: v2 at 2026-07-28, v2 at 2025-11-25, and v1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from './fixture-paths.js';
import { SDK_CLIENTS, type SdkClient } from './sdk-clients.js';

describe.each(SDK_CLIENTS)('our MCP server over stdio, driven by $label', (kind) => {
  let client: SdkClient;

  beforeAll(async () => {
    client = await kind.connect({ command: process.execPath, args: [fixturePath('toolwright-server.mjs')] });
  });

  afterAll(async () => {
    await client.close();
  });

  const call = (name: string, args: Record<string, unknown>) => client.callTool(name, args);

  it('MP-1: speaks the revision the client opens with', () => {
    expect(client.protocolVersion).toBe(kind.revision);
  });

  it('MC-1: initialises under its name and lists the tools with our schemas and safety annotations', async () => {
    expect(client.serverVersion).toEqual({ name: 'toolwright-fixture', version: '0.1.0' });
    const { tools } = await client.listTools();
    expect(tools).toEqual([
      {
        name: 'read_file',
        description: 'Reads a text file',
        inputSchema: {
          type: 'object',
          properties: {
            file_path: { type: 'string', description: 'Absolute path of the file' },
            limit: { type: 'integer', description: 'Largest number of lines', minimum: 1 },
          },
          required: ['file_path'],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      },
      {
        name: 'delete_file',
        description: 'Deletes a file',
        inputSchema: {
          type: 'object',
          properties: { file_path: { type: 'string', description: 'Absolute path of the file' } },
          required: ['file_path'],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      },
    ]);
  });

  it('MC-1: an allowed call runs through the gate and returns its text', async () => {
    expect(await call('read_file', { file_path: '/work/notes.txt', limit: 3 })).toEqual({
      content: [{ type: 'text', text: 'read /work/notes.txt (first 3 lines)' }],
    });
  });

  it('MC-1: a typo is an isError result with the did-you-mean line, and the tool does not run', async () => {
    expect(await call('read_file', { file_path: '/work/notes.txt', limt: 3 })).toEqual({
      content: [{ type: 'text', text: "Unknown parameter 'limt'. Did you mean 'limit'? The tool was not executed." }],
      isError: true,
    });
  });

  it('MC-1: a wrong type comes back as its GV-2 sentence', async () => {
    expect(await call('read_file', { file_path: '/work/notes.txt', limit: 'ten' })).toEqual({
      content: [{ type: 'text', text: "Parameter 'limit' must be an integer. The tool was not executed." }],
      isError: true,
    });
  });

  it("MC-1: without its subject field an allowed tool's call is denied, and the denial says what the arguments lack", async () => {
    expect(await call('read_file', { limit: 'ten' })).toEqual({
      content: [
        {
          type: 'text',
          text: [
            'Permission denied: this read_file call has an empty path, which no pattern matches.',
            "Parameter 'file_path' is required (string). The tool was not executed.",
            "Parameter 'limit' must be an integer. The tool was not executed.",
          ].join('\n'),
        },
      ],
      isError: true,
    });
  });

  it('MC-1: a call outside the permission rule is denied, naming the rule', async () => {
    expect(await call('read_file', { file_path: '/etc/passwd' })).toEqual({
      content: [
        {
          type: 'text',
          text: "Permission denied: read_file of '/etc/passwd' matches no allow rule (read_file(/work/**)).",
        },
      ],
      isError: true,
    });
  });

  it('MC-1: a tool missing from the allow list is denied before its schema is checked', async () => {
    expect(await call('delete_file', { file_paht: '/work/a' })).toEqual({
      content: [
        {
          type: 'text',
          text: 'Permission denied: delete_file is not in the allow list. Add delete_file or delete_file(pattern) to allow it.',
        },
      ],
      isError: true,
    });
  });

  it("TC-1/MC-1: a '__proto__' key sent as JSON over stdio reaches the gate as data and is refused as unknown", async () => {
    // JSON.parse keeps "__proto__" as an own key, and the client writes it back out as JSON text.
    const args = JSON.parse('{"file_path":"/work/notes.txt","__proto__":{"limit":3}}') as Record<string, unknown>;
    expect(await call('read_file', args)).toEqual({
      content: [{ type: 'text', text: "Unknown parameter '__proto__'. The tool was not executed." }],
      isError: true,
    });
  });

  it('MC-1: an unknown tool is an isError result with a did-you-mean, listing the available tools', async () => {
    expect(await call('read_files', {})).toEqual({
      content: [
        {
          type: 'text',
          text: "Unknown tool 'read_files'. Did you mean 'read_file'? Available tools: read_file, delete_file.",
        },
      ],
      isError: true,
    });
  });

  it('MC-1: closing the client ends the server process', async () => {
    const { pid } = client;
    expect(typeof pid).toBe('number');
    await client.close();
    const deadline = Date.now() + 5_000;
    while (isAlive(pid as number) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isAlive(pid as number)).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
