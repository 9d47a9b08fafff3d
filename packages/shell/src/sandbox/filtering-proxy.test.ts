import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@toolwright/test-support/free-port';
import { startTcpServer } from '@toolwright/test-support/tcp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ShellOptionsError } from '../shell-options-error.js';
import { ShellStartError } from '../shell-start-error.js';
import { findExecutable } from '../find-executable.js';
import {
  startFilteringProxy,
  type FilteringProxy,
  type FilteringProxyOptions,
  type ProxyRefusal,
} from './filtering-proxy.js';

const folder = mkdtempSync(join(tmpdir(), 'tw-proxy-'));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Waits (polling, without holding the loop) until `condition` holds; fails after a generous 30 s. */
async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What the origin saw of one request. */
interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A node:http origin on 127.0.0.1 that answers every request with what it saw of it, as JSON. */
let origin: Server;
let originPort: number;
const seen: SeenRequest[] = [];
beforeAll(async () => {
  origin = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      response.end(JSON.stringify(entry));
    });
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as { port: number }).port;
});
afterAll(async () => {
  origin.closeAllConnections();
  await new Promise((resolve) => origin.close(resolve));
});

let proxyCount = 0;
/** A proxy on a fresh socket, allowing `localhost` unless told otherwise, its refusals collected; closed after the test. */
async function proxyFor(
  options: Partial<FilteringProxyOptions> = {},
): Promise<{ proxy: FilteringProxy; refusals: ProxyRefusal[] }> {
  const refusals: ProxyRefusal[] = [];
  const proxy = await startFilteringProxy({
    socketPath: join(folder, `proxy-${(proxyCount += 1)}.sock`),
    allowedDomains: ['localhost'],
    onRefused: (refusal) => refusals.push(refusal),
    ...options,
  });
  cleanups.push(() => proxy.close());
  return { proxy, refusals };
}

/** A raw client of a Unix socket: everything received, and whether the proxy ended the connection. */
class RawClient {
  received = Buffer.alloc(0);
  closed = false;
  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => (this.received = Buffer.concat([this.received, chunk])));
    socket.on('error', () => undefined);
    // The proxy's end: the client ends its side too (it is half-open only so that it can end first).
    socket.on('end', () => {
      this.closed = true;
      socket.end();
    });
    socket.on('close', () => (this.closed = true));
  }

  static async connect(socketPath: string): Promise<RawClient> {
    const socket = connect({ path: socketPath, allowHalfOpen: true });
    const client = new RawClient(socket);
    cleanups.push(() => void socket.destroy());
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return client;
  }

  get text(): string {
    return this.received.toString('latin1');
  }

  async untilText(text: string): Promise<void> {
    await waitUntil(() => this.text.includes(text) || this.closed, `the text ${JSON.stringify(text)}`);
    expect(this.text).toContain(text);
  }

  async untilClosed(): Promise<string> {
    await waitUntil(() => this.closed, 'the close of the connection');
    return this.text;
  }
}

/** Sends `request` (then ends the writing side) and returns everything received until the proxy closes. */
async function exchange(socketPath: string, request: string | Buffer): Promise<string> {
  const client = await RawClient.connect(socketPath);
  client.socket.end(request);
  return client.untilClosed();
}

/** A SOCKS5 client: greets (no authentication), sends CONNECT to `address` (its type byte first) and port, returns the reply. */
async function socksConnect(
  socketPath: string,
  address: Buffer,
  port: number,
): Promise<{ client: RawClient; reply: number[] }> {
  const client = await RawClient.connect(socketPath);
  client.socket.write(Buffer.from([5, 1, 0]));
  await waitUntil(() => client.received.length >= 2 || client.closed, 'the method selection');
  expect([...client.received]).toEqual([5, 0]);
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(port);
  client.socket.write(Buffer.concat([Buffer.from([5, 1, 0]), address, portBytes]));
  await waitUntil(() => client.received.length >= 12 || client.closed, 'the reply');
  const reply = [...client.received.subarray(2, 12)];
  client.received = client.received.subarray(12);
  return { client, reply };
}

const byName = (name: string): Buffer => Buffer.concat([Buffer.from([3, name.length]), Buffer.from(name, 'latin1')]);
const SUCCEEDED = [5, 0, 0, 1, 0, 0, 0, 0, 0, 0];
const replyWith = (code: number): number[] => [5, code, 0, 1, 0, 0, 0, 0, 0, 0];

function textResponse(status: string, sentence: string): string {
  const body = `toolwright sandbox: ${sentence}\n`;
  return `HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
const DENIED = (host: string): string => `${host} is not an allowed domain; allowed: localhost`;
const RAW_IP = (ip: string): string =>
  `connections to IP addresses (${ip}) are refused; only allowed domains are reached, by name`;

/** The JSON body the origin sent back, from a whole HTTP response. */
function originEcho(response: string): SeenRequest {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as SeenRequest;
}

describe('the filtering proxy over HTTP (SPEC SB-3)', () => {
  it('SB-3: CONNECT to an allowed domain is answered 200 and tunnelled, bytes sent early included', async () => {
    const { proxy, refusals } = await proxyFor();
    const inner = `GET /tunnelled HTTP/1.1\r\nHost: localhost:${originPort}\r\nConnection: close\r\n\r\n`;
    const response = await exchange(
      proxy.socketPath,
      `CONNECT localhost:${originPort} HTTP/1.1\r\nHost: localhost:${originPort}\r\n\r\n${inner}`,
    );
    expect(response.startsWith('HTTP/1.1 200 Connection established\r\n\r\nHTTP/1.1 200 OK\r\n')).toBe(true);
    expect(originEcho(response.slice(response.indexOf('\r\n\r\n') + 4))).toMatchObject({
      method: 'GET',
      url: '/tunnelled',
    });
    expect(refusals).toEqual([]);
  });

  it('SB-3: a CONNECT client that waits for the 200 before it speaks gets a working tunnel', async () => {
    const { proxy } = await proxyFor();
    const client = await RawClient.connect(proxy.socketPath);
    client.socket.write(`CONNECT LocalHost:${originPort} HTTP/1.1\r\n\r\n`);
    await client.untilText('\r\n\r\n');
    expect(client.text).toBe('HTTP/1.1 200 Connection established\r\n\r\n');
    client.socket.end(`POST /posted HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello`);
    const response = (await client.untilClosed()).slice('HTTP/1.1 200 Connection established\r\n\r\n'.length);
    expect(originEcho(response)).toMatchObject({ method: 'POST', url: '/posted', body: 'hello' });
  });

  it('SB-3: an absolute-form request goes to its origin in origin form, without Proxy-* and hop-by-hop headers, with Connection: close', async () => {
    const { proxy } = await proxyFor();
    const head = [
      `POST http://localhost:${originPort}/path/to?query=1#fragment HTTP/1.1`,
      'Host: elsewhere.example',
      'Proxy-Authorization: Basic c2VjcmV0',
      'Proxy-Connection: keep-alive',
      'Connection: keep-alive, X-Hop',
      'Keep-Alive: timeout=5',
      'X-Hop: dropped',
      'X-Kept: kept',
      'Content-Length: 4',
    ];
    const response = await exchange(proxy.socketPath, `${head.join('\r\n')}\r\n\r\nbody`);
    expect(response.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    const echo = originEcho(response);
    expect([echo.method, echo.url, echo.body]).toEqual(['POST', '/path/to?query=1', 'body']);
    expect(echo.headers).toEqual({
      host: `localhost:${originPort}`,
      'x-kept': 'kept',
      'content-length': '4',
      connection: 'close',
    });
  });

  it('SB-3: a URL without a path is sent for /, a query kept', async () => {
    const { proxy } = await proxyFor();
    expect(
      originEcho(await exchange(proxy.socketPath, `GET http://localhost:${originPort} HTTP/1.0\r\n\r\n`)).url,
    ).toBe('/');
    const withQuery = await exchange(proxy.socketPath, `GET http://localhost:${originPort}?q=1 HTTP/1.1\r\n\r\n`);
    expect(originEcho(withQuery).url).toBe('/?q=1');
  });

  it('SB-3: a domain no rule allows gets 403 with the reason, and the host hears of it once', async () => {
    const { proxy, refusals } = await proxyFor();
    const before = seen.length;
    expect(await exchange(proxy.socketPath, 'CONNECT denied.example:443 HTTP/1.1\r\n\r\n')).toBe(
      textResponse('403 Forbidden', DENIED('denied.example')),
    );
    expect(await exchange(proxy.socketPath, 'GET http://localhost.evil.example/ HTTP/1.1\r\n\r\n')).toBe(
      textResponse('403 Forbidden', DENIED('localhost.evil.example')),
    );
    expect(refusals).toEqual([
      { host: 'denied.example', port: 443, reason: DENIED('denied.example') },
      { host: 'localhost.evil.example', port: 80, reason: DENIED('localhost.evil.example') },
    ]);
    expect(seen.length).toBe(before);
  });

  it('SB-3: with no rules at all, the reason says so', async () => {
    const { proxy, refusals } = await proxyFor({ allowedDomains: [] });
    const reason = 'localhost is not an allowed domain; allowed: none';
    expect(await exchange(proxy.socketPath, `CONNECT localhost:${originPort} HTTP/1.1\r\n\r\n`)).toBe(
      textResponse('403 Forbidden', reason),
    );
    expect(refusals).toEqual([{ host: 'localhost', port: originPort, reason }]);
  });

  it("SB-3: an IP address is refused, however it is written, even one that is the allowed domain's", async () => {
    const { proxy, refusals } = await proxyFor();
    const before = seen.length;
    const cases: [string, string, number][] = [
      [`CONNECT 127.0.0.1:${originPort} HTTP/1.1`, '127.0.0.1', originPort],
      [`GET http://127.0.0.1:${originPort}/ HTTP/1.1`, '127.0.0.1', originPort],
      [`CONNECT [::1]:${originPort} HTTP/1.1`, '::1', originPort],
      [`GET http://[::1]/ HTTP/1.1`, '::1', 80],
      [`GET http://2130706433:${originPort}/ HTTP/1.1`, '2130706433', originPort],
      [`CONNECT 127.1:${originPort} HTTP/1.1`, '127.1', originPort],
    ];
    for (const [line, ip] of cases)
      expect(await exchange(proxy.socketPath, `${line}\r\n\r\n`)).toBe(textResponse('403 Forbidden', RAW_IP(ip)));
    expect(refusals).toEqual(cases.map(([, host, port]) => ({ host, port, reason: RAW_IP(host) })));
    expect(seen.length).toBe(before);
  });

  it.each([
    [
      'GET / HTTP/1.1',
      'a proxy request names its whole URL ("GET http://example.com/ HTTP/1.1"), or is CONNECT host:port',
    ],
    [
      'GET https://localhost/ HTTP/1.1',
      'an https:// URL goes through a tunnel: send CONNECT host:443 (clients do so by themselves)',
    ],
    ['CONNECT localhost HTTP/1.1', '"localhost" names no port (CONNECT host:port)'],
    ['CONNECT localhost:0 HTTP/1.1', 'the port "0" is not a port from 1 to 65535'],
    ['CONNECT localhost:65536 HTTP/1.1', 'the port "65536" is not a port from 1 to 65535'],
    ['CONNECT localhost:+80 HTTP/1.1', 'the port "+80" is not a port from 1 to 65535'],
    ['CONNECT :443 HTTP/1.1', '":443" names no host'],
    ['CONNECT [nothing]:443 HTTP/1.1', '"nothing" is not an IPv6 address'],
    ['GET http://user:secret@localhost/ HTTP/1.1', 'a URL with a user name or password is not forwarded'],
    ['GET http://local_host!/ HTTP/1.1', '"local_host!" is not a domain name'],
    ['GET http://localhost/ HTTP/2.0', 'the request line is not "METHOD target HTTP/1.1"'],
    ['GET  http://localhost/ HTTP/1.1', 'the request line is not "METHOD target HTTP/1.1"'],
    ['GET http://localhost/ HTTP/1.1\r\nNo colon here', 'a header line is not "Name: value"'],
    ['GET http://localhost/ HTTP/1.1\r\n Folded: value', 'a header line is not "Name: value"'],
    ['GET http://localhost/ HTTP/1.1\r\nX-Bare: a\nb', 'a header line is not "Name: value"'],
  ])('SB-3: the malformed request %j gets 400 and is not a refusal', async (head, reason) => {
    const { proxy, refusals } = await proxyFor();
    expect(await exchange(proxy.socketPath, `${head}\r\n\r\n`)).toBe(textResponse('400 Bad Request', reason));
    expect(refusals).toEqual([]);
  });

  it('SB-3: an allowed destination that refuses the connection gets 502, and is not a refusal', async () => {
    const { proxy, refusals } = await proxyFor();
    const port = await freePort();
    const failed = `localhost:${port} could not be reached: it refused the connection (ECONNREFUSED)`;
    expect(await exchange(proxy.socketPath, `CONNECT localhost:${port} HTTP/1.1\r\n\r\n`)).toBe(
      textResponse('502 Bad Gateway', failed),
    );
    expect(await exchange(proxy.socketPath, `GET http://localhost:${port}/ HTTP/1.1\r\n\r\n`)).toBe(
      textResponse('502 Bad Gateway', failed),
    );
    expect(refusals).toEqual([]);
  });

  it('SB-3: an allowed name that does not resolve gets 502', async () => {
    const { proxy, refusals } = await proxyFor({ allowedDomains: ['*.invalid'], connectTimeoutMs: 60_000 });
    const response = await exchange(proxy.socketPath, 'CONNECT no-such-host.invalid:443 HTTP/1.1\r\n\r\n');
    expect(response).toMatch(
      /^HTTP\/1\.1 502 Bad Gateway\r\n[^]*\r\n\r\ntoolwright sandbox: no-such-host\.invalid:443 could not be reached: the name (does not resolve \(ENOTFOUND\)|could not be resolved now \(EAI_AGAIN\))\n$/,
    );
    expect(refusals).toEqual([]);
  });
});

const python = findExecutable('python3');

/** A port on 127.0.0.1 whose listener never accepts and whose backlog is full: a connection to it never completes. */
async function unansweredPort(): Promise<number> {
  const listener = spawn(
    python!,
    [
      '-c',
      "import socket,sys\ns=socket.socket()\ns.bind(('127.0.0.1',0))\ns.listen(0)\nprint(s.getsockname()[1],flush=True)\nsys.stdin.read()",
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const exited = new Promise((resolve) => listener.once('exit', resolve));
  cleanups.push(async () => {
    listener.kill('SIGKILL');
    await exited;
  });
  let output = '';
  listener.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntil(() => output.includes('\n') || listener.exitCode !== null, 'the port of the listener');
  const port = Number(output.trim());
  const filler = connect({ host: '127.0.0.1', port });
  cleanups.push(() => void filler.destroy());
  await new Promise((resolve, reject) => filler.once('connect', resolve).once('error', reject));
  return port;
}

describe('the filtering proxy and a destination that never answers (SPEC SB-3)', () => {
  it('SB-3: this machine has python3 (its listener with a full backlog never completes a connection)', () => {
    expect(python).toBeDefined();
  });

  it('SB-3: a connection that is not made within connectTimeoutMs gets 504 (HTTP) or reply 4 (SOCKS5)', async () => {
    const port = await unansweredPort();
    const { proxy, refusals } = await proxyFor({ connectTimeoutMs: 300 });
    expect(await exchange(proxy.socketPath, `CONNECT localhost:${port} HTTP/1.1\r\n\r\n`)).toBe(
      textResponse('504 Gateway Timeout', `localhost:${port} could not be reached: it did not answer within 300 ms`),
    );
    const { client, reply } = await socksConnect(proxy.socketPath, byName('localhost'), port);
    expect(reply).toEqual(replyWith(4));
    await client.untilClosed();
    expect(refusals).toEqual([]);
  });
});

describe('the filtering proxy over SOCKS5 (SPEC SB-3)', () => {
  it('SB-3: CONNECT to an allowed domain by name succeeds, bound to 0.0.0.0:0, and is piped both ways', async () => {
    const { proxy, refusals } = await proxyFor();
    const { client, reply } = await socksConnect(proxy.socketPath, byName('localhost'), originPort);
    expect(reply).toEqual(SUCCEEDED);
    client.socket.end(`GET /socks HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(originEcho(await client.untilClosed())).toMatchObject({ method: 'GET', url: '/socks' });
    expect(refusals).toEqual([]);
  });

  it('SB-3: a greeting and request sent at once, with data after them, are all served', async () => {
    const { proxy } = await proxyFor();
    const client = await RawClient.connect(proxy.socketPath);
    const port = Buffer.alloc(2);
    port.writeUInt16BE(originPort);
    const request = Buffer.concat([Buffer.from([5, 2, 2, 0, 5, 1, 0]), byName('localhost'), port]);
    client.socket.end(
      Buffer.concat([request, Buffer.from('GET /at-once HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')]),
    );
    const received = await client.untilClosed();
    expect([...client.received.subarray(0, 12)]).toEqual([5, 0, ...SUCCEEDED]);
    expect(originEcho(received.slice(12))).toMatchObject({ url: '/at-once' });
  });

  it('SB-3: a domain no rule allows is refused (reply 2, "not allowed by ruleset"), the host told once', async () => {
    const { proxy, refusals } = await proxyFor();
    const { client, reply } = await socksConnect(proxy.socketPath, byName('denied.example'), 443);
    expect(reply).toEqual(replyWith(2));
    await client.untilClosed();
    expect(refusals).toEqual([{ host: 'denied.example', port: 443, reason: DENIED('denied.example') }]);
  });

  it('SB-3: IPv4 and IPv6 addresses, and names that are addresses, are refused as raw IP connections', async () => {
    const { proxy, refusals } = await proxyFor();
    const before = seen.length;
    const cases: [Buffer, string][] = [
      [Buffer.from([1, 127, 0, 0, 1]), '127.0.0.1'],
      [Buffer.concat([Buffer.from([4]), Buffer.alloc(15), Buffer.from([1])]), '::1'],
      [byName('127.0.0.1'), '127.0.0.1'],
      [byName('2130706433'), '2130706433'],
      [byName('[::1]'), '[::1]'],
    ];
    for (const [address] of cases) {
      const { client, reply } = await socksConnect(proxy.socketPath, address, originPort);
      expect(reply).toEqual(replyWith(2));
      await client.untilClosed();
    }
    expect(refusals).toEqual(cases.map(([, host]) => ({ host, port: originPort, reason: RAW_IP(host) })));
    expect(seen.length).toBe(before);
  });

  it('SB-3: other commands get reply 7, unknown address types reply 8, no "no authentication" method 05 FF', async () => {
    const { proxy, refusals } = await proxyFor();
    const port = [originPort >> 8, originPort & 0xff];
    const bind = await exchange(
      proxy.socketPath,
      Buffer.from([5, 1, 0, 5, 2, 0, 3, 9, ...Buffer.from('localhost'), ...port]),
    );
    expect([...Buffer.from(bind, 'latin1')]).toEqual([5, 0, ...replyWith(7)]);
    const udp = await exchange(proxy.socketPath, Buffer.from([5, 1, 0, 5, 3, 0, 1, 0, 0, 0, 0, 0, 0]));
    expect([...Buffer.from(udp, 'latin1')]).toEqual([5, 0, ...replyWith(7)]);
    const unknownType = await exchange(proxy.socketPath, Buffer.from([5, 1, 0, 5, 1, 0, 9, 1, 2, 3]));
    expect([...Buffer.from(unknownType, 'latin1')]).toEqual([5, 0, ...replyWith(8)]);
    const passwordOnly = await exchange(proxy.socketPath, Buffer.from([5, 1, 2]));
    expect([...Buffer.from(passwordOnly, 'latin1')]).toEqual([5, 0xff]);
    expect(refusals).toEqual([]);
  });

  it('SB-3: port 0, an empty name and a name with characters no domain has get reply 1, and are not refusals', async () => {
    const { proxy, refusals } = await proxyFor();
    for (const [address, port] of [
      [byName('localhost'), 0],
      [byName(''), originPort],
      [byName('local host'), originPort],
      [byName('localhost\u0000.evil'), originPort],
    ] as const) {
      const { client, reply } = await socksConnect(proxy.socketPath, address, port);
      expect(reply).toEqual(replyWith(1));
      await client.untilClosed();
    }
    expect(refusals).toEqual([]);
  });

  it('SB-3: an allowed destination that refuses the connection gets reply 5', async () => {
    const { proxy, refusals } = await proxyFor();
    const { client, reply } = await socksConnect(proxy.socketPath, byName('localhost'), await freePort());
    expect(reply).toEqual(replyWith(5));
    await client.untilClosed();
    expect(refusals).toEqual([]);
  });
});

describe('the filtering proxy against hostile clients (SPEC SB-3)', () => {
  it('SB-3: a client that sends part of a head and then idles is disconnected after handshakeTimeoutMs', async () => {
    const { proxy } = await proxyFor({ handshakeTimeoutMs: 200 });
    const clients = await Promise.all([0, 1, 2].map(() => RawClient.connect(proxy.socketPath)));
    clients[0]!.socket.write('GET http://localhost/ HTTP/1.1\r\nHost: loc');
    clients[1]!.socket.write(Buffer.from([5, 2, 0]));
    // clients[2] sends nothing at all.
    const started = Date.now();
    await waitUntil(() => clients.every((client) => client.closed), 'the close of every idle client');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(clients.map((client) => client.text)).toEqual(['', '', '']);
  });

  it('SB-3: a SOCKS5 client that idles after its greeting is disconnected too', async () => {
    const { proxy } = await proxyFor({ handshakeTimeoutMs: 200 });
    const client = await RawClient.connect(proxy.socketPath);
    client.socket.write(Buffer.from([5, 1, 0, 5, 1, 0, 3, 9, 0x6c]));
    const started = Date.now();
    await client.untilClosed();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect([...client.received]).toEqual([5, 0]);
  });

  it('SB-3: a head over 16 KiB gets 431, whether it ends or not', async () => {
    const { proxy, refusals } = await proxyFor();
    const tooLarge = textResponse('431 Request Header Fields Too Large', 'the request head is over 16384 bytes');
    const bigHeader = `X-Big: ${'a'.repeat(17 * 1024)}`;
    expect(await exchange(proxy.socketPath, `GET http://localhost/ HTTP/1.1\r\n${bigHeader}\r\n\r\n`)).toBe(tooLarge);
    const client = await RawClient.connect(proxy.socketPath);
    client.socket.write(`GET http://localhost/ HTTP/1.1\r\n${bigHeader}`);
    expect(await client.untilClosed()).toBe(tooLarge);
    expect(refusals).toEqual([]);
  });

  it('SB-3: a head of exactly 16 KiB is served', async () => {
    const { proxy } = await proxyFor();
    const start = `GET http://localhost:${originPort}/exact HTTP/1.1\r\nX-Fill: `;
    const head = `${start}${'a'.repeat(16 * 1024 - start.length - 4)}\r\n\r\n`;
    expect(head.length).toBe(16 * 1024);
    expect(originEcho(await exchange(proxy.socketPath, head)).url).toBe('/exact');
  });

  it('SB-3: a throwing or rejecting onRefused breaks nothing: the client is answered and the proxy goes on', async () => {
    let calls = 0;
    for (const onRefused of [
      () => {
        calls += 1;
        throw new Error('the host failed');
      },
      () => {
        calls += 1;
        return Promise.reject(new Error('the host failed later')) as unknown as void;
      },
    ]) {
      const { proxy } = await proxyFor({ onRefused });
      expect(await exchange(proxy.socketPath, 'CONNECT denied.example:443 HTTP/1.1\r\n\r\n')).toBe(
        textResponse('403 Forbidden', DENIED('denied.example')),
      );
      expect(
        originEcho(await exchange(proxy.socketPath, `GET http://localhost:${originPort}/after HTTP/1.1\r\n\r\n`)).url,
      ).toBe('/after');
    }
    expect(calls).toBe(2);
  });

  it('SB-3: close() ends open tunnels on both sides, stops listening and removes the socket', async () => {
    const upstreams: Socket[] = [];
    const holder = await startTcpServer((socket) => upstreams.push(socket));
    cleanups.push(() => holder.stop());
    const { proxy } = await proxyFor();
    const http = await RawClient.connect(proxy.socketPath);
    http.socket.write(`CONNECT localhost:${holder.port} HTTP/1.1\r\n\r\n`);
    await http.untilText('HTTP/1.1 200 Connection established\r\n\r\n');
    const { client: socks, reply } = await socksConnect(proxy.socketPath, byName('localhost'), holder.port);
    expect(reply).toEqual(SUCCEEDED);
    const idle = await RawClient.connect(proxy.socketPath);
    await waitUntil(() => upstreams.length === 2, 'both upstream connections');
    await proxy.close();
    await waitUntil(() => http.closed && socks.closed && idle.closed, 'the close of every client');
    await waitUntil(() => upstreams.every((socket) => socket.closed), 'the close of every upstream connection');
    expect(existsSync(proxy.socketPath)).toBe(false);
    await expect(RawClient.connect(proxy.socketPath)).rejects.toThrow(/ENOENT/);
    await proxy.close(); // a second close is harmless
  });

  it('SB-3: a destination that ends first ends the client once its last bytes are through', async () => {
    const holder = await startTcpServer((socket) => {
      socket.once('data', () => socket.end('last words'));
    });
    cleanups.push(() => holder.stop());
    const { proxy } = await proxyFor();
    const client = await RawClient.connect(proxy.socketPath);
    client.socket.write(`CONNECT localhost:${holder.port} HTTP/1.1\r\n\r\nhello`);
    expect(await client.untilClosed()).toBe('HTTP/1.1 200 Connection established\r\n\r\nlast words');
  });
  it('SB-3: a large transfer goes through a tunnel whole, in both directions', async () => {
    const size = 8 * 1024 * 1024;
    let uploaded = 0;
    const holder = await startTcpServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        uploaded += chunk.length;
        if (uploaded === size) socket.end(Buffer.alloc(size, 0x61));
      });
    });
    cleanups.push(() => holder.stop());
    const { proxy } = await proxyFor();
    const client = await RawClient.connect(proxy.socketPath);
    client.socket.write(`CONNECT localhost:${holder.port} HTTP/1.1\r\n\r\n`);
    await client.untilText('\r\n\r\n');
    client.socket.write(Buffer.alloc(size, 0x62));
    const received = await client.untilClosed();
    expect([uploaded, received.length]).toEqual([size, 'HTTP/1.1 200 Connection established\r\n\r\n'.length + size]);
  });
});

describe('startFilteringProxy options (SPEC SB-3)', () => {
  it('SB-3: a bad rule, a relative path or a bad timeout is refused with a ShellOptionsError', async () => {
    const socketPath = join(folder, 'never.sock');
    await expect(startFilteringProxy({ socketPath, allowedDomains: ['localhost', 'https://x.org'] })).rejects.toThrow(
      new ShellOptionsError(
        'The domain rule "https://x.org" holds a scheme; a rule names a domain alone and covers HTTP and HTTPS on every port: write "x.org".',
      ),
    );
    await expect(startFilteringProxy({ socketPath: 'relative.sock', allowedDomains: [] })).rejects.toThrow(
      'socketPath must be an absolute path, not "relative.sock"',
    );
    await expect(startFilteringProxy({ socketPath, allowedDomains: [], handshakeTimeoutMs: 0 })).rejects.toThrow(
      'handshakeTimeoutMs must be a whole number of milliseconds from 1 to 2,147,483,647, not 0.',
    );
    await expect(startFilteringProxy({ socketPath, allowedDomains: [], handshakeTimeoutMs: 2 ** 31 })).rejects.toThrow(
      'handshakeTimeoutMs must be a whole number of milliseconds from 1 to 2,147,483,647, not 2147483648.',
    );
    await expect(
      startFilteringProxy({ socketPath, allowedDomains: [], connectTimeoutMs: Number.NaN }),
    ).rejects.toSatisfy(ShellOptionsError.isInstance);
    expect(existsSync(socketPath)).toBe(false);
  });

  it('SB-3: a path that is taken is a ShellStartError, and the file there is left alone', async () => {
    const socketPath = join(folder, 'taken.sock');
    writeFileSync(socketPath, 'not mine');
    const failure = startFilteringProxy({ socketPath, allowedDomains: [] });
    await expect(failure).rejects.toSatisfy(ShellStartError.isInstance);
    await expect(failure).rejects.toThrow(
      `The sandbox's network proxy could not listen on ${socketPath}: listen EADDRINUSE`,
    );
    expect(existsSync(socketPath)).toBe(true);
  });

  it('SB-3: the socket is readable and writable by its owner only', async () => {
    const { proxy } = await proxyFor();
    expect(statSync(proxy.socketPath).mode & 0o777).toBe(0o600);
  });
});

const curl = findExecutable('curl');
const socat = findExecutable('socat');

/** socat on a free port of 127.0.0.1, bridging each connection to the proxy's socket (as the sandbox's bridge does); stopped after the test. */
async function bridgeTo(socketPath: string): Promise<number> {
  const port = await freePort();
  const bridge = spawn(socat!, [`TCP-LISTEN:${port},bind=127.0.0.1,fork,reuseaddr`, `UNIX-CONNECT:${socketPath}`], {
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise((resolve) => bridge.once('exit', resolve));
  cleanups.push(async () => {
    try {
      process.kill(-bridge.pid!, 'SIGKILL'); // socat and the children it forked for connections
    } catch {
      // Gone already.
    }
    await exited;
  });
  // socat listens once a connection to its port is accepted (the proxy sees it end at once).
  const deadline = Date.now() + 30_000;
  let listening = false;
  while (!listening) {
    expect([bridge.exitCode, Date.now() < deadline]).toEqual([null, true]);
    listening = await new Promise<boolean>((resolve) => {
      const probe = connect({ host: '127.0.0.1', port });
      probe.once('connect', () => resolve(true)).once('error', () => resolve(false));
      probe.end();
    });
    if (!listening) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return port;
}

/** Runs curl with a clean environment (no proxy variables of the machine's) and returns its exit code and output. */
async function runCurl(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(curl!, ['-sS', '--max-time', '60', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}

describe('the filtering proxy with curl, through a socat bridge (SPEC SB-3)', () => {
  it('SB-3: this machine has curl and socat (a real client, and the bridge the sandbox uses)', () => {
    expect({ curl: curl !== undefined, socat: socat !== undefined }).toEqual({ curl: true, socat: true });
  });

  it('SB-3: curl reaches an allowed domain through the HTTP proxy, a CONNECT tunnel and SOCKS5 with remote names', async () => {
    const { proxy, refusals } = await proxyFor();
    const port = await bridgeTo(proxy.socketPath);
    const url = `http://localhost:${originPort}/by-curl`;
    for (const args of [
      ['--proxy', `http://127.0.0.1:${port}`, url],
      ['--proxytunnel', '--proxy', `http://127.0.0.1:${port}`, url],
      ['--proxy', `socks5h://127.0.0.1:${port}`, url],
    ]) {
      const result = await runCurl(...args);
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(JSON.parse(result.stdout)).toMatchObject({ method: 'GET', url: '/by-curl' });
    }
    expect(refusals).toEqual([]);
  });

  it('SB-3: curl fails on a denied domain and on an IP address, with the 403 or SOCKS5 reply 2', async () => {
    const { proxy, refusals } = await proxyFor();
    const port = await bridgeTo(proxy.socketPath);
    const httpProxy = ['--proxy', `http://127.0.0.1:${port}`];
    expect(await runCurl('--fail', ...httpProxy, 'http://denied.example/')).toEqual({
      code: 22,
      stdout: '',
      stderr: 'curl: (22) The requested URL returned error: 403\n',
    });
    expect(await runCurl(...httpProxy, 'http://denied.example/')).toEqual({
      code: 0,
      stdout: `toolwright sandbox: ${DENIED('denied.example')}\n`,
      stderr: '',
    });
    expect(await runCurl(...httpProxy, 'https://denied.example/')).toEqual({
      code: 56,
      stdout: '',
      stderr: 'curl: (56) CONNECT tunnel failed, response 403\n',
    });
    expect(await runCurl('--proxy', `socks5h://127.0.0.1:${port}`, 'http://denied.example/')).toEqual({
      code: 97,
      stdout: '',
      stderr: "curl: (97) Can't complete SOCKS5 connection to denied.example. (2)\n",
    });
    expect(await runCurl('--proxy', `socks5h://127.0.0.1:${port}`, `http://127.0.0.1:${originPort}/`)).toEqual({
      code: 97,
      stdout: '',
      stderr: "curl: (97) Can't complete SOCKS5 connection to 127.0.0.1. (2)\n",
    });
    expect(refusals.map((refusal) => `${refusal.host}:${refusal.port}`)).toEqual([
      'denied.example:80',
      'denied.example:80',
      'denied.example:443',
      'denied.example:80',
      `127.0.0.1:${originPort}`,
    ]);
  });
});
