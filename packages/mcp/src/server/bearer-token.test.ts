import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { callTool, exchange, UNAUTHORIZED } from '../../test/http-exchange.js';
import { createBearerTokenCheck } from './bearer-token.js';
import { useTallyServers } from '../../test/tally-servers.js';

const TOKEN = 'k7Qx-9f2_Lm.Zp~4+/Rw==';
const start = useTallyServers();

describe('the bearer token of serveHttp', () => {
  it('MC-1: the token is taken with the scheme word in any case and one or more spaces', async () => {
    const { server, tally } = await start({ bearerToken: TOKEN });
    const accepted = [
      `Bearer ${TOKEN}`,
      `bearer ${TOKEN}`,
      `BEARER ${TOKEN}`,
      `bEaReR ${TOKEN}`,
      `Bearer   ${TOKEN}`,
      `  Bearer ${TOKEN}  `,
    ];
    for (const header of accepted) {
      const served = await exchange(server.url, {
        headers: [['Authorization', header]],
        body: callTool('tally', { text: header }),
      });
      expect([header, served.status]).toEqual([header, 200]);
    }
    expect(tally.calls).toEqual(accepted);
  });

  it('MC-1: a missing, empty, wrong, cut, longer or other-scheme credential gets 401 with WWW-Authenticate: Bearer and runs nothing', async () => {
    const { server, tally } = await start({ bearerToken: TOKEN });
    const refusedHeaders: (readonly [string, string])[][] = [
      [],
      [['Authorization', '']],
      [['Authorization', 'Bearer']],
      [['Authorization', 'Bearer ']],
      [['Authorization', TOKEN]],
      [['Authorization', `Bearer ${TOKEN.slice(0, -1)}`]],
      [['Authorization', `Bearer ${TOKEN}x`]],
      [['Authorization', `Bearer x${TOKEN}`]],
      [['Authorization', `Bearer ${TOKEN.toLowerCase()}`]],
      [['Authorization', `Bearer ${TOKEN} ${TOKEN}`]],
      [['Authorization', `Bearer\t${TOKEN}`]],
      [['Authorization', `Bearer:${TOKEN}`]],
      [['Authorization', `Bearer "${TOKEN}"`]],
      [['Authorization', `Bearertoken ${TOKEN}`]],
      [['Authorization', `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}`]],
      [['Authorization', `Token ${TOKEN}`]],
      [['Authorization', `Bearer ${TOKEN}, Bearer ${TOKEN}`]],
      [
        ['Authorization', `Bearer ${TOKEN}`],
        ['Authorization', `Bearer ${TOKEN}`],
      ],
      [['X-Authorization', `Bearer ${TOKEN}`]],
    ];
    for (const headers of refusedHeaders) {
      for (const [method, target] of [
        ['POST', '/mcp'],
        ['GET', '/mcp'],
        ['DELETE', '/mcp'],
        ['POST', '/other'],
      ] as const) {
        const sent = await exchange(server.url, { method, target, headers, body: callTool('tally', { text: 'x' }) });
        expect([
          headers,
          method,
          target,
          { status: sent.status, challenge: sent.headers['www-authenticate'], body: sent.body },
        ]).toEqual([headers, method, target, UNAUTHORIZED]);
      }
    }
    expect(tally.calls).toEqual([]);
  });

  it('MC-1: the official client connects with the token and is refused without it, no tool running', async () => {
    const { server, tally } = await start({ bearerToken: TOKEN });
    const without = new Client({ name: 'official-sdk-client', version: '1.0.0' });
    await expect(without.connect(new StreamableHTTPClientTransport(server.url))).rejects.toMatchObject({
      data: { status: 401 },
    });
    const client = new Client({ name: 'official-sdk-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(server.url, { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }),
    );
    try {
      expect(await client.callTool({ name: 'tally', arguments: { text: 'with' } })).toEqual({
        content: [{ type: 'text', text: 'call 1' }],
      });
    } finally {
      await client.close();
    }
    expect(tally.calls).toEqual(['with']);
  });

  it('MC-1: a token that is empty, short or outside the token alphabet refuses to start', async () => {
    for (const bearerToken of [
      '',
      'short-token',
      ' ',
      `${TOKEN} `,
      `has space ${TOKEN}`,
      `${TOKEN}\n`,
      `=${TOKEN}`,
      `tok"${TOKEN}`,
      42 as unknown as string,
    ]) {
      await expect(start({ bearerToken })).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        message:
          "bearerToken must be at least 16 characters of letters, digits and -._~+/ (trailing = allowed), e.g. the output of 'openssl rand -hex 32'.",
      });
    }
  });

  it('MC-1: the token check is true for the token only, whatever the length of what is presented', () => {
    const check = createBearerTokenCheck(TOKEN);
    expect([TOKEN, TOKEN.slice(0, -1), `${TOKEN}=`, '', undefined, 'x'.repeat(10_000)].map(check)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
