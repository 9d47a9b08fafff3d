// Our server over the SDK's in-memory transport, driven by the official client.
import { AbstractTool, SafetyLevel, ToolResult, type JsonObject, type ToolContext } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { connectInMemory } from '../../test/in-memory-client.js';

/** A result schema (Standard Schema) that takes any result: a custom method's request needs one. */
const ANY_RESULT = {
  '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) },
} as const;

class StatsTool extends AbstractTool {
  constructor() {
    super({
      name: 'stats',
      description: 'Counts',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false },
      outputSchema: { type: 'object', properties: { length: { type: 'integer' } }, required: ['length'] },
    });
  }
  protected run(input: { get(name: string): unknown }): ToolResult {
    const length = String(input.get('text') ?? '').length;
    return ToolResult.ok(`${length} characters`, { structured: { length } });
  }
}

class WaitTool extends AbstractTool {
  aborted = false;
  constructor() {
    super({
      name: 'wait',
      description: 'Waits',
      safety: { level: SafetyLevel.WRITE, destructive: false },
      inputSchema: { type: 'object' },
    });
  }
  protected run(_input: unknown, context: ToolContext): Promise<string> {
    return new Promise((resolve) =>
      context.signal.addEventListener('abort', () => {
        this.aborted = true;
        resolve('stopped');
      }),
    );
  }
}

/** A tool whose result each test sets; no output schema unless given one. */
class FixedTool extends AbstractTool {
  constructor(
    private readonly result: ToolResult,
    outputSchema?: JsonObject,
  ) {
    super({
      name: 'fixed',
      description: 'Answers with a fixed result',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      ...(outputSchema === undefined ? {} : { outputSchema }),
    });
  }
  protected run(): ToolResult {
    return this.result;
  }
}

const connect = connectInMemory;

describe('createMcpServer', () => {
  it('MC-1: lists what the gate offers under its run options (PO-2)', async () => {
    const tools = [new StatsTool(), new WaitTool()];
    const reading = await connect(new ToolGate({ tools }));
    const writing = await connect(new ToolGate({ tools, runOptions: { allowWrite: true } }));
    expect((await reading.listTools()).tools.map((tool) => tool.name)).toEqual(['stats']);
    expect((await writing.listTools()).tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      ['stats', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
      ['wait', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
    ]);
    expect(await reading.callTool({ name: 'wait', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'tool requires allowWrite=true: wait' }],
      isError: true,
    });
    await Promise.all([reading.close(), writing.close()]);
  });

  it('MC-1: structured output goes out as structuredContent, and the official client checks it', async () => {
    const client = await connect(new ToolGate({ tools: [new StatsTool()] }));
    await client.listTools();
    expect(await client.callTool({ name: 'stats', arguments: { text: 'hello' } })).toEqual({
      content: [{ type: 'text', text: '5 characters' }],
      structuredContent: { length: 5 },
    });
    await client.close();
  });

  it("TC-1/MC-1: an own '__proto__' argument reaches the gate as data, and ENFORCE refuses it like any unknown key", async () => {
    const client = await connect(new ToolGate({ tools: [new StatsTool()], schemaValidation: 'ENFORCE' }));
    const args = JSON.parse('{"text":"hello","__proto__":{"text":"polluted"}}') as Record<string, unknown>;
    expect(await client.callTool({ name: 'stats', arguments: args })).toEqual({
      content: [{ type: 'text', text: "Unknown parameter '__proto__'. The tool was not executed." }],
      isError: true,
    });
    expect(await client.callTool({ name: 'stats', arguments: { text: 'hello' } })).toEqual({
      content: [{ type: 'text', text: '5 characters' }],
      structuredContent: { length: 5 },
    });
    await client.close();
  });

  it('MC-1: a tools/call without a tool name is a protocol error; other methods are not found', async () => {
    const client = await connect(new ToolGate({ tools: [new StatsTool()] }));
    await expect(client.request({ method: 'tools/call', params: { arguments: {} } })).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid tools/call request: params.name: Invalid input: expected string, received undefined',
    });
    await expect(client.request({ method: 'toolwright/unknown', params: {} }, ANY_RESULT)).rejects.toMatchObject({
      code: -32601,
      message: 'Method not found',
    });
    await client.close();
  });

  it('PO-3/MC-1: a structured payload over the output limit does not go on the wire', async () => {
    const big = ToolResult.ok('done', { structured: { stdout: 'x'.repeat(1_048_576) } });
    const client = await connect(new ToolGate({ tools: [new FixedTool(big)] }));
    expect(await client.callTool({ name: 'fixed', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'done' }],
    });
    await client.close();
  });

  it('PO-3/MC-1: when the payload an output schema promises is left out, the client gets an error, not a broken success', async () => {
    const big = ToolResult.ok('42 rows', { structured: { rows: 'x'.repeat(40_000) } });
    const client = await connect(new ToolGate({ tools: [new FixedTool(big, { type: 'object' })] }));
    await client.listTools();
    expect(await client.callTool({ name: 'fixed', arguments: {} })).toEqual({
      content: [{ type: 'text', text: '42 rows' }],
      isError: true,
    });
    await client.close();
  });

  it("TC-4/MC-1: a failing tool's structured payload reaches the client", async () => {
    const failed = ToolResult.error('[exit code: 2]', { structured: { stderr: 'no such file' } });
    const client = await connect(new ToolGate({ tools: [new FixedTool(failed)] }));
    expect(await client.callTool({ name: 'fixed', arguments: {} })).toEqual({
      content: [{ type: 'text', text: '[exit code: 2]' }],
      structuredContent: { stderr: 'no such file' },
      isError: true,
    });
    await client.close();
  });

  it('GV-5: 20,000 levels of arguments come back as a clean isError result', async () => {
    const client = await connect(new ToolGate({ tools: [new StatsTool()] }));
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 20_000; level++) deep = { a: deep };
    expect(await client.callTool({ name: 'stats', arguments: { text: 'x', deep } })).toEqual({
      content: [
        {
          type: 'text',
          text: "Arguments for tool 'stats' could not be read: Tool input is nested deeper than 512 levels (or contains a cycle).",
        },
      ],
      isError: true,
    });
    await client.close();
  });

  it("MC-1: the client's cancellation aborts the call's signal", async () => {
    const wait = new WaitTool();
    const client = await connect(new ToolGate({ tools: [wait], runOptions: { allowWrite: true } }));
    const controller = new AbortController();
    const pending = client.callTool({ name: 'wait', arguments: {} }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort('user stopped it');
    await expect(pending).rejects.toThrow('user stopped it');
    const deadline = Date.now() + 2_000;
    while (!wait.aborted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(wait.aborted).toBe(true);
    await client.close();
  });
});
