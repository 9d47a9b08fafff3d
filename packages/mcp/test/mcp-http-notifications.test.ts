// MP-3: over Streamable HTTP a call's progress and log lines reach the client while it runs
// (streamed answers), and a client that stops a call stops the tool — at both revisions, with the
// official clients.
import { ToolGate } from '@toolwright/gate';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type McpHttpServer } from '../src/server/serve-http.js';
import { exchange } from './http-exchange.js';
import { SDK_CLIENTS, type ClientProgress } from './sdk-clients.js';
import { StepsTool, WaitTool } from './test-tools.js';

let server: McpHttpServer;
const wait = new WaitTool();

beforeAll(async () => {
  const gate = new ToolGate({ tools: [new StepsTool(), wait], permissions: { allow: ['steps', 'wait'] } });
  server = await serveHttp(gate);
});

afterAll(async () => {
  await server.close();
});

/**
 * Waits for a condition, at most `withinMs`. The stops below are given 10 s: generous for a loaded
 * machine, and short of the 15 s after which the SDK's keep-alive write would find a dead client anyway.
 */
async function until(condition: () => boolean, what: string, withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(SDK_CLIENTS)('MP-3 over HTTP with $label', (kind) => {
  it('MP-3: each progress step arrives, in order, before the result', async () => {
    const client = await kind.connect({ url: server.url });
    try {
      const progress: ClientProgress[] = [];
      const result = await client.callTool('steps', {}, { onProgress: (update) => progress.push({ ...update }) });
      expect(result).toEqual({ content: [{ type: 'text', text: 'three steps' }] });
      expect(progress).toEqual([
        { progress: 1, total: 3, message: 'step 1' },
        { progress: 2, total: 3, message: 'step 2' },
        { progress: 3, total: 3, message: 'step 3' },
      ]);
    } finally {
      await client.close();
    }
  });

  it('MP-3: the log lines of the call arrive at the level the client asked for', async () => {
    const client = await kind.connect({ url: server.url });
    try {
      await client.setLoggingLevel('debug');
      await client.callTool('steps', {});
      expect(client.logs).toEqual([
        { level: 'debug', logger: 'steps', data: { message: 'looked around' } },
        { level: 'warning', logger: 'steps', data: { message: 'the last step was steep', metres: 12 } },
      ]);
    } finally {
      await client.close();
    }
  });

  it('MP-3: a level set once holds for the later calls: lines below it are not sent', async () => {
    const client = await kind.connect({ url: server.url });
    try {
      await client.setLoggingLevel('warning');
      await client.callTool('steps', {});
      await client.callTool('steps', {});
      const warning = { level: 'warning', logger: 'steps', data: { message: 'the last step was steep', metres: 12 } };
      expect(client.logs).toEqual([warning, warning]);
    } finally {
      await client.close();
    }
  });

  it('MP-3: stopping the call aborts the tool on the server', async () => {
    const client = await kind.connect({ url: server.url });
    try {
      const before = { started: wait.started, aborted: wait.aborted };
      const controller = new AbortController();
      const pending = client.callTool('wait', {}, { signal: controller.signal });
      await until(() => wait.started === before.started + 1, 'the tool to start');
      controller.abort(new Error('the user stopped it'));
      await expect(pending).rejects.toThrow('the user stopped it');
      await until(() => wait.aborted === before.aborted + 1, 'the tool to see its signal abort');
    } finally {
      await client.close();
    }
  });
});

/** Starts a raw `tools/call` of `wait` (2025 style: no envelope); resolves once it is sent. */
function startWait(id: number, session?: string, url = server.url): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'wait', arguments: {} } });
    const request = httpRequest(url, {
      method: 'POST',
      agent: false,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...(session === undefined ? {} : { 'Mcp-Session-Id': session }),
      },
    });
    request.once('response', (response) => {
      response.on('error', () => undefined);
      response.resume();
    });
    request.once('error', reject);
    request.end(body, () => {
      request.off('error', reject).on('error', () => undefined);
      resolve(request);
    });
  });
}

/** Sends a 2025-style cancellation of request `id`, as the session `session` (or none). */
async function cancel(id: number, session?: string): Promise<number> {
  const answer = await exchange(server.url, {
    headers: session === undefined ? [] : [['Mcp-Session-Id', session]],
    body: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'stop' } },
  });
  return answer.status;
}

describe('MP-3 cancellation of 2025-revision calls over HTTP', () => {
  it('MP-3: initialize gives each client its own session id; a request without one is still served', async () => {
    const initialize = (id: number) =>
      exchange(server.url, {
        body: {
          jsonrpc: '2.0',
          id,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        },
      });
    const [first, second] = await Promise.all([initialize(1), initialize(2)]);
    const sessions = [first.headers['mcp-session-id'], second.headers['mcp-session-id']];
    expect(sessions.map((session) => /^[0-9a-f-]{36}$/.test(String(session)))).toEqual([true, true]);
    expect(sessions[0]).not.toBe(sessions[1]);
    const listed = await exchange(server.url, { body: { jsonrpc: '2.0', id: 3, method: 'tools/list' } });
    expect([listed.status, (listed.body as { result: { tools: unknown[] } }).result.tools.length]).toEqual([200, 2]);
  });

  it("MP-3: a cancellation stops its own session's call only, never another session's with the same id", async () => {
    const before = wait.aborted;
    const mine = await startWait(41, 'session-mine');
    const theirs = await startWait(41, 'session-theirs');
    try {
      await until(() => wait.started >= 2, 'both calls to start');
      expect(await cancel(41)).toBe(202); // no session: names no call
      expect(await cancel(41, 'session-other')).toBe(202);
      expect(wait.aborted).toBe(before);
      expect(await cancel(41, 'session-mine')).toBe(202);
      await until(() => wait.aborted === before + 1, "the cancelled session's call to stop");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(wait.aborted).toBe(before + 1);
    } finally {
      mine.destroy();
      theirs.destroy();
    }
    await until(() => wait.aborted === before + 2, 'the other call to stop when its client went away');
  });

  it('MP-3: a client that goes away mid-call stops the tool', async () => {
    const before = wait.aborted;
    const started = wait.started;
    const request = await startWait(42);
    await until(() => wait.started === started + 1, 'the call to start');
    request.destroy();
    await until(() => wait.aborted === before + 1, 'the tool to see its signal abort');
  });
});

describe('MP-2: concurrent requests over HTTP', () => {
  it('MP-2: past maxConcurrentRequests a request is refused with 503 and runs nothing; a finished one frees its place', async () => {
    const tool = new WaitTool();
    const capped = await serveHttp(new ToolGate({ tools: [tool], permissions: { allow: ['wait'] } }), {
      maxConcurrentRequests: 2,
    });
    const running = [await startWait(1, undefined, capped.url), await startWait(2, undefined, capped.url)];
    try {
      await until(() => tool.started === 2, 'two calls to run');
      const refused = await exchange(capped.url, {
        body: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'wait', arguments: {} } },
      });
      expect([refused.status, refused.headers['retry-after'], refused.body]).toEqual([
        503,
        '1',
        {
          jsonrpc: '2.0',
          error: {
            code: -32000,
            message: 'Server busy: 2 requests are being served, the most at once; try again shortly',
          },
          id: null,
        },
      ]);
      expect(tool.started).toBe(2);
      running[0]?.destroy();
      await until(() => tool.aborted === 1, 'the first call to stop');
      // Its place is free once its answer is closed; a new request gets it.
      const deadline = Date.now() + 10_000;
      let listed = await exchange(capped.url, { body: { jsonrpc: '2.0', id: 4, method: 'tools/list' } });
      while (listed.status === 503 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        listed = await exchange(capped.url, { body: { jsonrpc: '2.0', id: 4, method: 'tools/list' } });
      }
      expect(listed.status).toBe(200);
    } finally {
      for (const request of running) request.destroy();
      await capped.close();
    }
  });

  it('MP-2: maxConcurrentRequests and maxBodyBytes must be positive integers', async () => {
    const gate = new ToolGate({ tools: [new WaitTool()] });
    for (const [options, message] of [
      [{ maxConcurrentRequests: 0 }, 'maxConcurrentRequests must be a positive integer, not 0.'],
      [{ maxBodyBytes: 1.5 }, 'maxBodyBytes must be a positive integer, not 1.5.'],
    ] as const) {
      await expect(serveHttp(gate, options)).rejects.toMatchObject({ code: 'INVALID_OPTIONS', message });
    }
  });
});
