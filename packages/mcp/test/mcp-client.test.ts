// MC-2 end to end: our client imports the tools of a server written with the official SDK's
// McpServer.registerTool and zod (draft-07 schemas), started as a child process over stdio, and
// the calls go through a ToolGate like local tools.
import { createToolUse } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer, type McpConnection } from '../src/client/connect-mcp-server.js';
import { fixturePath } from './fixture-paths.js';

let connection: McpConnection;

beforeAll(async () => {
  connection = await connectMcpServer({ command: process.execPath, args: [fixturePath('zod-server.mjs')] });
});

afterAll(async () => {
  await connection.close();
});

const use = (name: string, input: Record<string, unknown>) => createToolUse('call_1', name, input);

describe('our client importing a zod server', () => {
  it('MC-2: each remote tool becomes a tool through the one constructor, draft-07 kept, untrusted hints fail closed', () => {
    expect(
      connection.tools.map((tool) => ({
        name: tool.name,
        title: tool.title,
        remote: tool.definition.name,
        origin: tool.definition.origin,
        dialect: tool.definition.dialect,
        safety: tool.safety,
        hints: tool.definition.annotations,
      })),
    ).toEqual([
      {
        name: 'mcp__zod-notes__add_note',
        title: 'Add a note',
        remote: 'add_note',
        origin: "MCP server 'zod-notes'",
        dialect: 'draft-07',
        safety: { level: 'WRITE', destructive: true },
        hints: { title: 'Add a note', readOnlyHint: false, destructiveHint: false },
      },
      {
        name: 'mcp__zod-notes__get_note',
        title: undefined,
        remote: 'get_note',
        origin: "MCP server 'zod-notes'",
        dialect: 'draft-07',
        safety: { level: 'WRITE', destructive: true },
        hints: { readOnlyHint: true },
      },
    ]);
    expect(connection.tools[1]?.inputSchema).toEqual({
      type: 'object',
      properties: { title: { type: 'string' } },
      required: ['title'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    });
  });

  it('MC-2: an allowed call reaches the remote tool and its structured content comes back', async () => {
    const gate = new ToolGate({
      tools: connection.tools,
      permissions: { allow: ['mcp__zod-notes__add_note', 'mcp__zod-notes__get_note'] },
      schemaValidation: 'ENFORCE',
      runOptions: { allowWrite: true },
    });
    const stored = await gate.execute(
      use('mcp__zod-notes__add_note', { title: 'plan', body: 'ship it', tags: ['work'] }),
    );
    expect([stored.isError, stored.content]).toEqual([false, "stored 'plan' (7 characters, tags work)"]);
    const read = await gate.execute(use('mcp__zod-notes__get_note', { title: 'plan' }));
    expect([read.isError, read.content, read.structured]).toEqual([
      false,
      'ship it',
      { title: 'plan', body: 'ship it' },
    ]);
  });

  it('MC-2: a schema violation is refused by the gate in ENFORCE mode, before the server sees it', async () => {
    const stages: string[] = [];
    const gate = new ToolGate({
      tools: connection.tools,
      schemaValidation: 'ENFORCE',
      runOptions: { allowWrite: true },
      onAudit: (event) => stages.push(`${event.stage}:${event.decision}`),
    });
    const refused = await gate.execute(use('mcp__zod-notes__add_note', { titel: 'x', body: 3, tags: ['garden'] }));
    expect([refused.isError, refused.content]).toEqual([
      true,
      [
        // z.object's default strips unknown keys: the import closes the object (MP-6), so 'titel' is
        // unknown, with the did-you-mean, instead of running as if unsaid.
        "Unknown parameter 'titel'. Did you mean 'title'? The tool was not executed.",
        "Parameter 'body' must be a string. The tool was not executed.",
        "Parameter 'tags[0]' must be one of [work, home], but was 'garden'. The tool was not executed.",
      ].join('\n'),
    ]);
    expect(stages).toEqual(['validation:deny']);
    const typo = await gate.execute(use('mcp__zod-notes__get_note', { titel: 'x' }));
    expect([typo.isError, typo.content]).toEqual([
      true,
      "Unknown parameter 'titel'. Did you mean 'title'? The tool was not executed.",
    ]);
    const read = await gate.execute(use('mcp__zod-notes__get_note', { title: 'x' }));
    expect(read.structured).toEqual({ title: 'x', body: null });
  });

  it("MP-6: a key outside a zod server's open object is refused by the tool itself, whatever the gate's schema mode", async () => {
    // The gate's default schema mode is WARN: it would let the call run, and the server would drop 'tagz'.
    const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
    const typo = await gate.execute(use('mcp__zod-notes__add_note', { title: 'open-1', body: 'b', tagz: ['work'] }));
    expect([typo.isError, typo.content]).toEqual([
      true,
      "Unknown parameter 'tagz'. Did you mean 'tags'? The tool was not executed.",
    ]);
    const read = await gate.execute(use('mcp__zod-notes__get_note', { title: 'open-1' }));
    expect(read.structured).toEqual({ title: 'open-1', body: null });
  });

  it("MP-6: openObjects 'pass' keeps the server's open schema, and the server drops the key without a word", async () => {
    const passing = await connectMcpServer(
      { command: process.execPath, args: [fixturePath('zod-server.mjs')] },
      { openObjects: 'pass' },
    );
    try {
      const [addNote] = passing.tools;
      expect(addNote?.inputSchema).not.toHaveProperty('additionalProperties');
      const gate = new ToolGate({ tools: passing.tools, runOptions: { allowWrite: true } });
      const sent = await gate.execute(use('mcp__zod-notes__add_note', { title: 'open-2', body: 'b', tagz: ['work'] }));
      expect(sent.isError).toBe(false);
      const read = await gate.execute(use('mcp__zod-notes__get_note', { title: 'open-2' }));
      expect(read.structured).toEqual({ title: 'open-2', body: 'b' });
    } finally {
      await passing.close();
    }
  });

  it('MC-2: permission rules and the safety policy apply to remote tools like local ones', async () => {
    const gate = new ToolGate({
      tools: connection.tools,
      permissions: { allow: ['mcp__zod-notes__get_note'], deny: ['mcp__zod-notes__add_note'] },
      runOptions: { allowWrite: true },
    });
    const denied = await gate.execute(use('mcp__zod-notes__add_note', { title: 'y', body: 'z' }));
    expect([denied.isError, denied.content, denied.metadata.policyDenied]).toEqual([
      true,
      'Permission denied: this mcp__zod-notes__add_note call matches the deny rule mcp__zod-notes__add_note.',
      true,
    ]);
    const withoutWrite = new ToolGate({ tools: connection.tools });
    const refused = await withoutWrite.execute(use('mcp__zod-notes__get_note', { title: 'plan' }));
    expect([refused.content, withoutWrite.offeredTools().length]).toEqual([
      'tool requires allowWrite=true: mcp__zod-notes__get_note',
      0,
    ]);
    const read = await gate.execute(use('mcp__zod-notes__get_note', { title: 'y' }));
    expect(read.structured).toEqual({ title: 'y', body: null });
  });

  it('MC-2: with trusted annotations readOnlyHint makes a remote tool READ_ONLY', async () => {
    const trusted = await connectMcpServer(
      { command: process.execPath, args: [fixturePath('zod-server.mjs')] },
      { trustAnnotations: true, prefix: 'notes_' },
    );
    try {
      expect(trusted.tools.map((tool) => [tool.name, tool.safety])).toEqual([
        ['notes_add_note', { level: 'WRITE', destructive: false }],
        ['notes_get_note', { level: 'READ_ONLY', destructive: false }],
      ]);
      const gate = new ToolGate({ tools: trusted.tools });
      expect(gate.offeredTools().map((tool) => tool.name)).toEqual(['notes_get_note']);
      const read = await gate.execute(use('notes_get_note', { title: 'none' }));
      expect([read.isError, read.content]).toEqual([false, "no note 'none'"]);
    } finally {
      await trusted.close();
    }
  });
});
