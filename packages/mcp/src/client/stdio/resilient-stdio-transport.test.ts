import { createToolUse, type ToolResult } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newToken, running, survivors, waitFor } from '@toolwright/test-support/survivors';
import { afterEach, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixture-paths.js';
import { connectMcpServer, type McpConnection } from '../connect-mcp-server.js';

const LIMIT = 64 * 1024;
const connections: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
});

/** A gate over the unruly fixture server, its tools named as the server names them. */
async function connect(options: { maxMessageBytes?: number | 'default'; timeoutMs?: number } = {}) {
  const limit = options.maxMessageBytes ?? LIMIT;
  const token = newToken();
  const connection = await connectMcpServer(
    { command: process.execPath, args: [fixturePath('unruly-server.mjs'), token], stderr: 'ignore' },
    { prefix: '', ...(limit === 'default' ? {} : { maxMessageBytes: limit }) },
  );
  connections.push(connection);
  const gate = new ToolGate({
    tools: connection.tools,
    runOptions: { allowWrite: true, maxToolOutputChars: 1_000_000 },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  let calls = 0;
  const call = async (name: string, input: Record<string, unknown> = {}): Promise<[boolean, string]> => {
    const result: ToolResult = await gate.execute(createToolUse(`call_${(calls += 1)}`, name, input));
    return [result.isError, result.content];
  };
  return { connection, call, gate, token };
}

const tooLarge = (limit: number): [boolean, string] => [
  true,
  `The MCP server's answer to this call was over ${limit} bytes, the limit for one message, and was dropped; the tool may have run. Ask for less: a narrower query, fewer items or a smaller range.`,
];

/** The process id in a `pid` answer. */
const pidOf = ([, text]: [boolean, string]): number => Number(/^pid (\d+)/.exec(text)?.[1]);

describe('the stdio transport of connectMcpServer against a server that writes what it should not', () => {
  it('MC-2: an answer over the limit, id last or first, fails that call alone; later calls go on with the same process', async () => {
    const { call } = await connect();
    const first = await call('pid');
    expect(await call('oversize', { bytes: LIMIT + 1 })).toEqual(tooLarge(LIMIT));
    expect(await call('oversize', { bytes: LIMIT * 3, idFirst: true })).toEqual(tooLarge(LIMIT));
    expect(await call('oversize', { bytes: LIMIT - 200 })).toEqual([false, 'y'.repeat(LIMIT - 200)]);
    expect(await call('echo', { text: 'still here' })).toEqual([false, 'still here']);
    expect(await call('pid')).toEqual([false, `pid ${pidOf(first)}, call 6`]);
  });

  it('MC-2: with the default limit of 10 MiB, an 11 MiB answer fails its call and the next call works', async () => {
    const { call } = await connect({ maxMessageBytes: 'default' });
    expect(await call('oversize', { bytes: 11 * 1024 * 1024 })).toEqual(tooLarge(10 * 1024 * 1024));
    expect(await call('echo', { text: 'next' })).toEqual([false, 'next']);
  });

  it('MC-2: a line that never ends fails the call, the server is restarted and the next call works; the old process is gone', async () => {
    const { call, connection, token } = await connect();
    const before = pidOf(await call('pid'));
    expect(await call('endless')).toEqual([
      true,
      `The MCP server was restarted because the MCP server wrote over ${LIMIT * 16} bytes without a line break; the tool may have run. Try again, asking for less.`,
    ]);
    const after = await call('pid');
    expect([after, pidOf(after) !== before]).toEqual([[false, `pid ${pidOf(after)}, call 1`], true]);
    expect(await call('echo', { text: 'on the new process' })).toEqual([false, 'on the new process']);
    expect(await waitFor(token, () => !running(token).includes(before))).toBe(true);
    expect(running(token)).toEqual([pidOf(after)]);
    await connection.close();
    expect(await survivors(token)).toEqual([]);
  });

  it('MC-2: a line over the limit that trickles on is given up with its cancelled call, and the server restarted', async () => {
    const { call, gate, token } = await connect();
    const before = pidOf(await call('pid'));
    const folder = await mkdtemp(join(tmpdir(), 'unruly-'));
    const marker = join(folder, 'past-the-limit');
    const cancel = new AbortController();
    // 8 times the limit (half the lost-stream bound): when the server has written it, the pipe (64 KiB)
    // and its stream buffer hold far less than 7 times the limit, so the client has read past the limit.
    const trickling = gate.execute(createToolUse('trickle', 'trickle', { bytes: LIMIT * 8, text: marker }), {
      signal: cancel.signal,
    });
    expect(await waitFor(token, () => existsSync(marker))).toBe(true);
    cancel.abort();
    expect([(await trickling).content, existsSync(marker)]).toEqual(["Tool 'trickle' was cancelled.", true]);
    await rm(folder, { recursive: true });
    const after = await call('pid');
    expect([after, pidOf(after) !== before]).toEqual([[false, `pid ${pidOf(after)}, call 1`], true]);
    expect(await waitFor(token, () => !running(token).includes(before))).toBe(true);
  });

  it('MC-2: a server that loses its stream again before answering anything is not restarted again: the connection closes', async () => {
    const { call, token } = await connect();
    const first = pidOf(await call('pid'));
    await call('endless');
    expect(await call('endless')).toEqual([
      true,
      `The connection to the MCP server is closed because the MCP server wrote over ${LIMIT * 16} bytes without a line break; the tool may have run.`,
    ]);
    expect(await call('echo', { text: 'x' })).toEqual([true, "Tool 'echo' failed: Not connected"]);
    expect([first > 0, await survivors(token)]).toEqual([true, []]);
  });

  it('MC-2: an over-long line without an id, garbage lines and a huge notification are dropped, and the call they came before is answered', async () => {
    const { call } = await connect();
    const before = await call('pid');
    expect(await call('endless_then_answer', { bytes: LIMIT * 4 })).toEqual([false, 'after the long line']);
    expect(await call('garbage')).toEqual([false, 'after the garbage']);
    expect(await call('huge_notification', { bytes: LIMIT * 2 })).toEqual([false, 'after the notification']);
    expect(await call('pid')).toEqual([false, `pid ${pidOf(before)}, call 5`]);
  });

  it('MC-2: an answer that is JSON but not JSON-RPC, or cut in the middle, fails its call at once', async () => {
    const { call } = await connect();
    const invalid: [boolean, string] = [
      true,
      "The MCP server's answer to this call is not a valid JSON-RPC message; the tool may have run.",
    ];
    expect(await call('not_jsonrpc')).toEqual(invalid);
    expect(await call('truncated')).toEqual(invalid);
    expect(await call('echo', { text: 'fine' })).toEqual([false, 'fine']);
  });

  it('MC-2: a request of the server over the limit is answered with an error, so the server is not left waiting', async () => {
    const { call } = await connect();
    expect(await call('huge_request', { bytes: LIMIT * 2 })).toEqual([
      false,
      `the client answered {"jsonrpc":"2.0","id":"ping-1","error":{"code":-32600,"message":"The request is over the client's limit of ${LIMIT} bytes for one message."}}`,
    ]);
    expect(await call('echo', { text: 'fine' })).toEqual([false, 'fine']);
  });
});
