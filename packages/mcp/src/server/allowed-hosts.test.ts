import { describe, expect, it } from 'vitest';
import {
  callTool,
  exchange,
  exchangeWithoutHost,
  LIST_TOOLS,
  refusalBody,
  statusAndBody,
} from '../../test/http-exchange.js';
import { useTallyServers } from '../../test/tally-servers.js';

const TOKEN = 'secret-token-0123456789';
const start = useTallyServers();

const refused = (shown: string) => ({
  status: 403,
  body: refusalBody(-32000, `Invalid Host header: ${shown}`),
});

const METHODS: [string, string][] = [
  ['POST', '/mcp'],
  ['GET', '/mcp'],
  ['DELETE', '/mcp'],
  ['OPTIONS', '/mcp'],
  ['POST', '/other'],
];

describe('the Host check of serveHttp', () => {
  it('MC-1: on loopback the loopback names at the port are served, in any case', async () => {
    const { server, tally } = await start();
    const port = server.url.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LocalHost:${port}`]) {
      expect(
        (await exchange(server.url, { headers: [['Host', host]], body: callTool('tally', { text: host }) })).status,
      ).toBe(200);
    }
    expect(tally.calls).toHaveLength(4);
  });

  it('MC-1: DNS rebinding and every other Host is 403 on every method and path, and runs nothing', async () => {
    const { server, tally } = await start();
    const port = server.url.port;
    const hosts = [
      'attacker.example',
      `attacker.example:${port}`,
      '127.0.0.1',
      '127.0.0.1:1',
      `localhost.:${port}`,
      `127.0.0.1.evil.com:${port}`,
      `localhost:${port}.evil.com`,
      `user@127.0.0.1:${port}`,
      `0.0.0.0:${port}`,
      `127.0.0.2:${port}`,
      '',
    ];
    for (const host of hosts) {
      for (const [method, target] of METHODS) {
        const sent = await exchange(server.url, {
          method,
          target,
          headers: [['Host', host]],
          body: callTool('tally', { text: host }),
        });
        expect([method, target, statusAndBody(sent)]).toEqual([method, target, refused(host)]);
      }
    }
    expect(tally.calls).toEqual([]);
  });

  it('MC-1: a second Host header, or none (HTTP/1.0), is refused even beside an accepted one', async () => {
    const { server, tally } = await start();
    const own = server.url.host;
    for (const [method, target] of METHODS) {
      const twice = await exchange(server.url, {
        method,
        target,
        headers: [
          ['Host', own],
          ['Host', 'attacker.example'],
        ],
        body: callTool('tally', { text: 'x' }),
      });
      expect(statusAndBody(twice)).toEqual(refused('the request has 2'));
      expect(await exchangeWithoutHost(new URL(target, server.url), method)).toBe(
        'HTTP/1.1 403 Forbidden {"jsonrpc":"2.0","error":{"code":-32000,"message":"Invalid Host header: the request has none"},"id":null}',
      );
    }
    expect(tally.calls).toEqual([]);
  });

  it('MC-1: a request target in absolute form or starting // is not the endpoint', async () => {
    const { server, tally } = await start();
    for (const target of [`http://attacker.example/mcp`, `http://${server.url.host}/mcp`, '//attacker.example/mcp']) {
      expect(statusAndBody(await exchange(server.url, { target, body: callTool('tally', { text: target }) }))).toEqual({
        status: 404,
        body: { jsonrpc: '2.0', error: { code: -32601, message: 'Not found: the MCP endpoint is /mcp' }, id: null },
      });
    }
    expect(tally.calls).toEqual([]);
  });

  it('MC-1: a wildcard or other non-loopback address refuses to start without allowedHosts', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.1', 'my-laptop']) {
      await expect(start({ host, bearerToken: TOKEN })).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        message: `serveHttp on '${host}' needs allowedHosts, the Host header values clients reach it by (e.g. ['tools.example.com:8080']): only a loopback address has defaults.`,
      });
    }
  });

  it('MC-1: on 0.0.0.0 and :: only the allowed hosts are served, the address itself and the loopback names are refused', async () => {
    for (const host of ['0.0.0.0', '::']) {
      const { server } = await start({
        host,
        allowedHosts: ['Tools.Internal:8080', 'tools.internal'],
        bearerToken: TOKEN,
      });
      const local = new URL(`http://127.0.0.1:${server.url.port}/mcp`);
      const authorization: [string, string] = ['Authorization', `Bearer ${TOKEN}`];
      for (const allowed of ['tools.internal:8080', 'TOOLS.INTERNAL', 'tools.internal']) {
        const served = await exchange(local, { headers: [['Host', allowed], authorization], body: LIST_TOOLS });
        expect([host, allowed, served.status]).toEqual([host, allowed, 200]);
      }
      for (const other of [
        local.host,
        `localhost:${local.port}`,
        `${host === '::' ? '[::]' : host}:${local.port}`,
        'tools.internal:8081',
        'attacker.example',
      ]) {
        expect([
          host,
          statusAndBody(await exchange(local, { headers: [['Host', other], authorization], body: LIST_TOOLS })),
        ]).toEqual([host, refused(other)]);
      }
    }
  });

  it('MC-1: an allowedHosts entry no Host header could be, or an empty list, refuses to start', async () => {
    for (const entry of [
      '*',
      '*.example.com',
      'http://tools.internal',
      'tools.internal/mcp',
      'tools internal',
      'user@tools.internal',
      'tools.internal:port',
      '',
    ]) {
      await expect(start({ allowedHosts: [entry] })).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        message: `allowedHosts has '${entry}', which is not a Host header value: write a name or address, with its port when it is not 80 (e.g. 'tools.example.com:8080', '[::1]:3000').`,
      });
    }
    await expect(start({ allowedHosts: [] })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message:
        'allowedHosts is empty, so every request would be refused: list the Host header values clients use, or leave it out on a loopback address.',
    });
  });
});
