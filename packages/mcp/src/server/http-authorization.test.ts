import { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { connectMcpServer } from '../client/connect-mcp-server.js';
import { callTool, exchange, LIST_TOOLS, refusalBody, UNAUTHORIZED } from '../../test/http-exchange.js';
import { EchoTool, TallyTool } from '../../test/test-tools.js';
import type { HttpAuthorization, HttpAuthorizeRequest } from './http-authorization.js';
import { useTallyServers } from '../../test/tally-servers.js';
import type { McpHttpServer } from './serve-http.js';

const TOKEN = 'secret-token-0123456789';
const start = useTallyServers();

const FORBIDDEN = {
  status: 403,
  challenge: undefined,
  body: refusalBody(-32000, 'Forbidden: this request is not authorized'),
};

const seen = async (server: McpHttpServer, headers: (readonly [string, string])[] = []) => {
  const sent = await exchange(server.url, { headers, body: callTool('tally', { text: 'x' }) });
  return { status: sent.status, challenge: sent.headers['www-authenticate'], body: sent.body };
};

describe('the authorize hook of serveHttp', () => {
  it('MC-1: the hook sees method, target, a frozen copy of the headers, the address and the parsed bearer token', async () => {
    const requests: HttpAuthorizeRequest[] = [];
    const { server } = await start({
      authorize: (request) => {
        requests.push(request);
        return true;
      },
    });
    await exchange(server.url, {
      target: '/mcp?caller=1',
      headers: [
        ['Authorization', `bEARER ${TOKEN}`],
        ['X-Caller', 'a'],
      ],
      body: LIST_TOOLS,
    });
    await exchange(server.url, { headers: [['Authorization', `Basic ${TOKEN}`]], body: LIST_TOOLS });
    expect(
      requests.map((request) => [
        request.method,
        request.url,
        request.headers['x-caller'],
        request.remoteAddress,
        request.bearerToken,
      ]),
    ).toEqual([
      ['POST', '/mcp?caller=1', 'a', '127.0.0.1', TOKEN],
      ['POST', '/mcp', undefined, '127.0.0.1', undefined],
    ]);
    expect([Object.isFrozen(requests[0]), Object.isFrozen(requests[0]?.headers)]).toEqual([true, true]);
  });

  it('MC-1: true or allow serves the request; false, a refusal, a throw, a rejection or any other answer refuses it and runs nothing', async () => {
    const answers: [string, () => unknown, number][] = [
      ['true', () => true, 200],
      ['allow', () => ({ allow: true }), 200],
      ['async allow', async () => ({ allow: true }), 200],
      ['false', () => false, 403],
      ['allow false', () => ({ allow: false }), 403],
      ['allow false 403', () => ({ allow: false, status: 403 }), 403],
      ['allow false 500', () => ({ allow: false, status: 500 }), 403],
      [
        'throw',
        () => {
          throw new Error('no');
        },
        403,
      ],
      ['reject', () => Promise.reject(new Error('no')), 403],
      ['undefined', () => undefined, 403],
      ['null', () => null, 403],
      ['string', () => 'yes', 403],
      ['one', () => 1, 403],
      ['allow string', () => ({ allow: 'true' }), 403],
      ['allow with a gate that is not one', () => ({ allow: true, gate: { execute: () => 'x' } }), 403],
      ['empty object', () => ({}), 403],
    ];
    for (const [label, answer, status] of answers) {
      const { server, tally } = await start({ authorize: answer as () => HttpAuthorization });
      const sent = await seen(server);
      expect([label, sent.status, tally.calls.length]).toEqual([label, status, status === 200 ? 1 : 0]);
      if (status === 403) expect(sent).toEqual(FORBIDDEN);
    }
  });

  it('MC-1: a refusal with status 401 is 401 with WWW-Authenticate: Bearer', async () => {
    const { server, tally } = await start({ authorize: () => ({ allow: false, status: 401 }) });
    expect(await seen(server)).toEqual(UNAUTHORIZED);
    expect(tally.calls).toEqual([]);
  });

  it("MC-1: the hook picks the caller's gate: each token is served by its own permission set", async () => {
    const reader = new ToolGate({ tools: [new TallyTool(), new EchoTool()], permissions: { allow: ['echo'] } });
    const { server, tally } = await start({
      authorize: ({ bearerToken }) =>
        bearerToken === 'reader-token-0123456789' ? { allow: true, gate: reader } : bearerToken === TOKEN,
    });
    const admin = await connectMcpServer(
      { url: server.url, headers: { Authorization: `Bearer ${TOKEN}` } },
      { prefix: '' },
    );
    const limited = await connectMcpServer(
      { url: server.url, headers: { Authorization: 'Bearer reader-token-0123456789' } },
      { prefix: '' },
    );
    try {
      expect([admin.tools.map((tool) => tool.name), limited.tools.map((tool) => tool.name)]).toEqual([
        ['tally'],
        ['tally', 'echo'],
      ]);
      expect(withoutMeta(await admin.client.callTool({ name: 'tally', arguments: { text: 'admin' } }))).toEqual({
        content: [{ type: 'text', text: 'call 1' }],
      });
      const denied = withoutMeta(await limited.client.callTool({ name: 'tally', arguments: { text: 'reader' } }));
      expect(denied).toEqual({
        content: [
          {
            type: 'text',
            text: 'Permission denied: tally is not in the allow list. Add tally or tally(pattern) to allow it.',
          },
        ],
        isError: true,
      });
      expect(withoutMeta(await limited.client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toEqual({
        content: [{ type: 'text', text: 'hi' }],
      });
    } finally {
      await Promise.all([admin.close(), limited.close()]);
    }
    expect(tally.calls).toEqual(['admin']);
    expect(await seen(server, [['Authorization', 'Bearer other-token-0123456789']])).toEqual(FORBIDDEN);
  });

  it('MC-1: with a token too, a request without it gets 401 before the hook runs; with it the hook decides', async () => {
    const tokens: (string | undefined)[] = [];
    const { server, tally } = await start({
      bearerToken: TOKEN,
      authorize: ({ bearerToken, headers }) => {
        tokens.push(bearerToken);
        return headers['x-caller'] === 'trusted';
      },
    });
    expect((await seen(server, [['X-Caller', 'trusted']])).status).toBe(401);
    expect(
      (
        await seen(server, [
          ['Authorization', 'Bearer wrong-token-0123456789'],
          ['X-Caller', 'trusted'],
        ])
      ).status,
    ).toBe(401);
    expect(await seen(server, [['Authorization', `Bearer ${TOKEN}`]])).toEqual(FORBIDDEN);
    expect(
      (
        await seen(server, [
          ['Authorization', `Bearer ${TOKEN}`],
          ['X-Caller', 'trusted'],
        ])
      ).status,
    ).toBe(200);
    expect([tokens, tally.calls]).toEqual([[TOKEN, TOKEN], ['x']]);
  });

  it('MC-1: the hook is not asked about a request refused for its Host or Origin, nor about a preflight', async () => {
    let asked = 0;
    const { server } = await start({
      authorize: () => {
        asked += 1;
        return true;
      },
    });
    await seen(server, [['Host', 'attacker.example']]);
    await seen(server, [['Origin', 'https://attacker.example']]);
    const own = `http://${server.url.host}`;
    const preflight = await exchange(server.url, {
      method: 'OPTIONS',
      headers: [
        ['Origin', own],
        ['Access-Control-Request-Method', 'POST'],
      ],
    });
    expect([preflight.status, asked]).toEqual([204, 0]);
  });

  it('MC-1: off loopback the server refuses to start without a token or hook, and starts with either', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.1']) {
      await expect(start({ host, allowedHosts: ['tools.internal'] })).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        message: `serveHttp on '${host}' needs bearerToken or authorize: anyone who reaches that address could call the tools. Only a loopback address (127.0.0.1, ::1, localhost) may go without.`,
      });
    }
    const { server, tally } = await start({
      host: '0.0.0.0',
      allowedHosts: ['tools.internal'],
      authorize: ({ bearerToken }) => bearerToken === TOKEN,
    });
    const local = new URL(`http://127.0.0.1:${server.url.port}/mcp`);
    const host: [string, string] = ['Host', 'tools.internal'];
    expect((await exchange(local, { headers: [host], body: callTool('tally', { text: 'none' }) })).status).toBe(403);
    expect(
      (
        await exchange(local, {
          headers: [host, ['Authorization', `Bearer ${TOKEN}`]],
          body: callTool('tally', { text: 'ok' }),
        })
      ).status,
    ).toBe(200);
    expect(tally.calls).toEqual(['ok']);
    await expect(start({ authorize: 'yes' as unknown as () => boolean })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'authorize must be a function of the request (see HttpAuthorizer).',
    });
  });
});

/** A result without the server identity a 2026-07-28 answer carries in `_meta`. */
function withoutMeta(result: object): object {
  const { _meta: _ignored, ...rest } = result as { _meta?: unknown };
  return rest;
}
