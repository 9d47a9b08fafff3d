// MP-6 end to end: our client against a real server of the SDK (v1, over stdio) that reports
// progress, logs, answers with an image, and changes its tools while connected.
import { createToolUse, type ToolLogger, type ToolProgress } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { connectMcpServer, type McpConnectOptions } from '../src/client/connect-mcp-server.js';
import type { ExternalTool } from '../src/tools/external-tool.js';
import { fixturePath } from './fixture-paths.js';

const SERVER = { command: process.execPath, args: [fixturePath('changing-server.mjs')] };

/** A logger that keeps what it is given. */
function recordingLogger(): ToolLogger & { lines: unknown[] } {
  const lines: unknown[] = [];
  const keep =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void =>
      void lines.push({ level, message, fields });
  return { lines, debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
}

async function connected(options: McpConnectOptions = {}) {
  return connectMcpServer(SERVER, { prefix: '', trustAnnotations: true, ...options });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('our careful client', () => {
  it("MP-6: the server's progress reaches the call's progress, and its log lines the call's logger", async () => {
    const connection = await connected({ logLevel: 'debug' });
    try {
      const progress: ToolProgress[] = [];
      const logger = recordingLogger();
      const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
      const result = await gate.execute(createToolUse('1', 'steps', {}), {
        onProgress: (update) => progress.push(update),
        logger,
      });
      expect(result.content).toBe('three steps');
      expect(progress).toEqual([
        { progress: 1, total: 3, message: 'step 1' },
        { progress: 2, total: 3, message: 'step 2' },
        { progress: 3, total: 3, message: 'step 3' },
      ]);
      expect(logger.lines).toEqual([
        {
          level: 'warn',
          message: 'steep',
          fields: {
            source: "MCP server 'changing'",
            level: 'warning',
            logger: 'steps',
            data: { message: 'steep', metres: 12 },
          },
        },
        {
          level: 'debug',
          message: 'looked around',
          fields: { source: "MCP server 'changing'", level: 'debug', logger: 'steps' },
        },
      ]);
    } finally {
      await connection.close();
    }
  });

  it('MP-6: at the default level the debug line is not asked for', async () => {
    const connection = await connected();
    try {
      const logger = recordingLogger();
      const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
      await gate.execute(createToolUse('1', 'steps', {}), { logger });
      expect(logger.lines.map((line) => (line as { level: string }).level)).toEqual(['warn']);
    } finally {
      await connection.close();
    }
  });

  it("MP-6/CO-1: an image's bytes are kept as a part, through the gate; the model reads its one-line name", async () => {
    const connection = await connected();
    try {
      const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
      const result = await gate.execute(createToolUse('1', 'picture', {}));
      expect([result.content, result.parts, result.structured]).toEqual([
        'a dot\n[image: image/png, 8 bytes]',
        [
          { type: 'text', text: 'a dot' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        ],
        undefined,
      ]);
    } finally {
      await connection.close();
    }
  });

  it('MP-6: tools/list_changed refreshes the set: a changed tool and a withdrawn one refuse their calls, naming why; a new one is added', async () => {
    const changes: (readonly ExternalTool[])[] = [];
    const connection = await connected({ onToolsChanged: (tools) => changes.push(tools) });
    try {
      const pinned = connection.pins;
      expect(Object.keys(pinned)).toEqual(['lookup', 'gone', 'steps', 'picture', 'change']);
      expect(pinned.lookup).toMatch(/^mcp-pin-1:[0-9a-f]{16}(\.[0-9a-f]{16}){3}$/);
      const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
      expect((await gate.execute(createToolUse('1', 'lookup', { word: 'a' }))).content).toBe('a: a word');
      await gate.execute(createToolUse('2', 'change', {}));
      await until(() => connection.tools.some((tool) => tool.name === 'extra'), 'the refreshed listing');
      expect(changes.at(-1)?.map((tool) => tool.name)).toEqual([
        'lookup',
        'gone',
        'steps',
        'picture',
        'change',
        'extra',
      ]);
      const lookup = await gate.execute(createToolUse('3', 'lookup', { word: 'a' }));
      const newPin = /Its pin now is (\S+)\.$/.exec(lookup.content)?.[1];
      expect([lookup.isError, lookup.content]).toEqual([
        true,
        `MCP server 'changing' changed the tool 'lookup' since it was pinned (its description differ): it is refused until it is pinned again, and was not called. Its pin now is ${newPin}.`,
      ]);
      expect(newPin).not.toBe(pinned.lookup);
      expect((await gate.execute(createToolUse('4', 'gone', {}))).content).toBe(
        "MCP server 'changing' no longer offers the tool 'gone': it was not called.",
      );
      expect([...connection.refusals.keys()]).toEqual(['lookup', 'gone']);
    } finally {
      await connection.close();
    }
  });

  it('MP-6: with pins, a tool that differs from its pin or has none refuses its calls; the pinned ones run', async () => {
    const first = await connected();
    const pins = {
      ...first.pins,
      lookup: first.pins.lookup!.replace(/^(mcp-pin-1:[0-9a-f]{16}\.)[0-9a-f]{16}/, '$1' + '0'.repeat(16)),
    };
    delete (pins as Record<string, string>).picture;
    await first.close();
    const connection = await connected({ pins });
    try {
      const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
      const lookup = await gate.execute(createToolUse('1', 'lookup', { word: 'a' }));
      expect(lookup.content).toMatch(
        /^MCP server 'changing' changed the tool 'lookup' since it was pinned \(its input schema differ\): it is refused until it is pinned again, and was not called\. Its pin now is mcp-pin-1:/,
      );
      expect((await gate.execute(createToolUse('2', 'picture', {}))).content).toMatch(
        /^The tool 'picture' of MCP server 'changing' is not pinned: it is refused until it is pinned, and was not called\. Its pin is mcp-pin-1:/,
      );
      expect((await gate.execute(createToolUse('3', 'steps', {}))).content).toBe('three steps');
      expect(connection.pins.lookup).toBe(pins.lookup);
    } finally {
      await connection.close();
    }
  });
});

describe("our client answering a server's questions", () => {
  const ASKING = { command: process.execPath, args: [fixturePath('asking-server.mjs')] };

  it.each(['2025-11-25', 'negotiate'] as const)(
    "MP-6: with onElicitation the host answers our server's ask (%s): a yes runs the call, a no refuses it",
    async (revision) => {
      const questions: unknown[] = [];
      let answer: 'yes' | 'no' = 'yes';
      const connection = await connectMcpServer(ASKING, {
        prefix: '',
        revision,
        onElicitation: (question) => {
          questions.push({ origin: question.origin, message: question.message.split('\n')[0] });
          return answer === 'yes' ? { action: 'accept', content: { approve: true } } : { action: 'decline' };
        },
      });
      try {
        expect(connection.client.getNegotiatedProtocolVersion()).toBe(
          revision === 'negotiate' ? '2026-07-28' : '2025-11-25',
        );
        const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
        const ran = await gate.execute(createToolUse('1', 'delete_file', { file_path: '/tmp/a' }));
        expect([ran.isError, ran.content]).toEqual([false, 'would delete /tmp/a']);
        answer = 'no';
        const refused = await gate.execute(createToolUse('2', 'delete_file', { file_path: '/tmp/b' }));
        expect([refused.isError, refused.content]).toEqual([
          true,
          "Permission denied: this delete_file call was not approved (delete_file): the client's user declined it.",
        ]);
        expect(questions).toEqual([
          {
            origin: "MCP server 'asking'",
            message: 'Allow the tool delete_file to run? The rule delete_file asks for your approval.',
          },
          {
            origin: "MCP server 'asking'",
            message: 'Allow the tool delete_file to run? The rule delete_file asks for your approval.',
          },
        ]);
      } finally {
        await connection.close();
      }
    },
  );

  it('MP-6: without onElicitation the client declares none, and the server denies as before', async () => {
    const connection = await connectMcpServer(ASKING, { prefix: '' });
    try {
      const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
      const result = await gate.execute(createToolUse('1', 'delete_file', { file_path: '/tmp/a' }));
      expect(result.content).toBe(
        'Permission denied: this delete_file call needs approval (delete_file), and no approver is configured.',
      );
    } finally {
      await connection.close();
    }
  });
});
