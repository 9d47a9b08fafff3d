import { describe, expect, it } from 'vitest';
import { callTool, exchange, refusalBody, statusAndBody } from '../../test/http-exchange.js';
import { useTallyServers } from '../../test/tally-servers.js';

const start = useTallyServers();

const refused = (header: string) => ({
  status: 403,
  body: refusalBody(-32000, `Invalid Origin header: ${header}`),
});

describe('the Origin check of serveHttp', () => {
  it("MC-1: no Origin, the server's own loopback origins and an allowed one are served, with CORS headers naming them", async () => {
    const { server, tally } = await start({ allowedOrigins: ['https://App.Example.com/'] });
    const port = server.url.port;
    const origins = [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      'https://app.example.com',
    ];
    const none = await exchange(server.url, { body: callTool('tally', { text: 'none' }) });
    expect([none.status, none.headers['access-control-allow-origin']]).toEqual([200, undefined]);
    for (const origin of origins) {
      const served = await exchange(server.url, {
        headers: [['Origin', origin]],
        body: callTool('tally', { text: origin }),
      });
      expect([served.status, served.headers['access-control-allow-origin'], served.headers.vary]).toEqual([
        200,
        origin,
        'Origin',
      ]);
    }
    expect(tally.calls).toEqual(['none', ...origins]);
  });

  it('MC-1: a present Origin that is not exactly an accepted one gets 403 naming it and runs nothing', async () => {
    const { server, tally } = await start({ allowedOrigins: ['https://app.example.com'] });
    const port = server.url.port;
    const foreign = [
      'null',
      '',
      'http://evil.example',
      `http://evil.example:${port}`,
      `HTTP://LOCALHOST:${port}`,
      `http://Localhost:${port}`,
      `http://127.0.0.1:${port}/`,
      `http://127.0.0.1:${port}/mcp`,
      'http://127.0.0.1',
      'http://127.0.0.1:1',
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1.evil.com:${port}`,
      `http://localhost:${port}.evil.com`,
      `http://127.0.0.1:${port}@evil.com`,
      `http://evil.com@127.0.0.1:${port}`,
      `http://user:pass@localhost:${port}`,
      `http://[0:0:0:0:0:0:0:1]:${port}`,
      `http://127.1:${port}`,
      'https://app.example.com.evil.com',
      'https://app.example.com:443',
      'http://app.example.com',
      'https://app.example.com/',
      `file://127.0.0.1:${port}`,
    ];
    for (const origin of foreign) {
      expect(
        statusAndBody(
          await exchange(server.url, { headers: [['Origin', origin]], body: callTool('tally', { text: origin }) }),
        ),
      ).toEqual(refused(origin));
    }
    expect(tally.calls).toEqual([]);
  });

  it('MC-1: two Origin headers are refused even when both are accepted ones', async () => {
    const { server, tally } = await start();
    const own = `http://127.0.0.1:${server.url.port}`;
    const twice = await exchange(server.url, {
      headers: [
        ['Origin', own],
        ['Origin', own],
      ],
      body: callTool('tally', { text: 'x' }),
    });
    expect(statusAndBody(twice)).toEqual(refused('the request has 2 Origin headers'));
    expect(tally.calls).toEqual([]);
  });

  it('MC-1: a foreign Origin is refused on every method and path, preflight included, before the token is asked for', async () => {
    const { server, tally } = await start({ bearerToken: 'secret-token-0123456789' });
    const requests: [string, string, (readonly [string, string])[]][] = [
      ['POST', '/mcp', [['Authorization', 'Bearer secret-token-0123456789']]],
      ['POST', '/mcp', []],
      ['GET', '/mcp', []],
      ['DELETE', '/mcp', [['Mcp-Session-Id', 'abc']]],
      ['OPTIONS', '/mcp', [['Access-Control-Request-Method', 'POST']]],
      ['PUT', '/mcp', []],
      ['POST', '/other', []],
      ['GET', '/', []],
    ];
    for (const [method, target, headers] of requests) {
      const sent = await exchange(server.url, {
        method,
        target,
        headers: [['Origin', 'https://evil.example'], ...headers],
        body: callTool('tally', { text: method }),
      });
      expect([method, target, statusAndBody(sent), sent.headers['access-control-allow-origin']]).toEqual([
        method,
        target,
        refused('https://evil.example'),
        undefined,
      ]);
    }
    expect(tally.calls).toEqual([]);
  });

  it('MC-1: a preflight from an accepted origin is answered 204 without credentials and runs nothing', async () => {
    const { server, tally } = await start({
      allowedOrigins: ['https://app.example.com'],
      bearerToken: 'secret-token-0123456789',
    });
    const preflight = await exchange(server.url, {
      method: 'OPTIONS',
      headers: [
        ['Origin', 'https://app.example.com'],
        ['Access-Control-Request-Method', 'POST'],
        ['Access-Control-Request-Headers', 'authorization, content-type'],
      ],
    });
    expect({
      status: preflight.status,
      origin: preflight.headers['access-control-allow-origin'],
      methods: preflight.headers['access-control-allow-methods'],
      headers: preflight.headers['access-control-allow-headers'],
      vary: preflight.headers.vary,
    }).toEqual({
      status: 204,
      origin: 'https://app.example.com',
      methods: 'POST',
      headers: 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
      vary: 'Origin',
    });
    const post = await exchange(server.url, {
      headers: [['Origin', 'https://app.example.com']],
      body: callTool('tally', { text: 'x' }),
    });
    expect([post.status, post.headers['www-authenticate']]).toEqual([401, 'Bearer']);
    expect(tally.calls).toEqual([]);
  });

  it('MC-1: an allowedOrigins entry that is not an http(s) origin refuses to start, naming it', async () => {
    for (const entry of [
      'null',
      '*',
      'https://*.example.com',
      'app.example.com',
      'https://app.example.com/app',
      'https://user@app.example.com',
      'https://app.example.com?x',
      'file:///tmp',
      'chrome-extension://abcdef',
      '',
    ]) {
      await expect(start({ allowedOrigins: [entry] })).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        message: `allowedOrigins has '${entry}', which is not an http(s) origin: write scheme, host and port only (e.g. 'https://app.example.com', 'http://localhost:5173'); 'null' cannot be allowed.`,
      });
    }
  });
});
