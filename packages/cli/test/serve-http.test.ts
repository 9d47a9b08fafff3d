// MP-2: `toolwright serve --http`, the real binary: the banner names the URL, the official client
// lists and calls through the gate at both revisions, a token file guards the endpoint, and a
// non-loopback bind or a readable token file is refused before anything listens.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireBuilt, ROOT } from '@toolwright/test-support/paths';

const BIN = requireBuilt('packages/cli/dist/bundle/toolwright.js');
const PLUGIN = 'examples/plugin-orders/dist/index.js';
const folder = mkdtempSync(join(tmpdir(), 'toolwright-serve-http-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

/** Starts `toolwright serve <plugin> --http …` and resolves with the child and its banner line. */
async function serve(flags: readonly string[]): Promise<{ child: ChildProcess; banner: string; url: URL }> {
  const child = spawn(process.execPath, [BIN, 'serve', PLUGIN, '--http', ...flags], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const deadline = Date.now() + 30_000;
  while (!stderr.includes('\n') && Date.now() < deadline && child.exitCode === null)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const banner = stderr.slice(0, stderr.indexOf('\n'));
  const url = /on (http:\/\/\S+?):? /.exec(banner)?.[1];
  if (url === undefined) throw new Error(`no URL in the banner: ${stderr}`);
  return { child, banner, url: new URL(url) };
}

async function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const run = (flags: readonly string[]) =>
  spawnSync(process.execPath, [BIN, 'serve', PLUGIN, ...flags], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('toolwright serve --http', () => {
  it('MP-2: listens on 127.0.0.1 at a free port named in the banner; clients of both revisions list and call; SIGTERM stops it', async () => {
    const { child, banner, url } = await serve(['--allow', 'search_orders']);
    expect(banner).toMatch(
      /^toolwright serve: 1 tool from examples\/plugin-orders\/dist\/index\.js on http:\/\/127\.0\.0\.1:\d+\/mcp: search_orders\.$/,
    );
    expect(Number(url.port)).toBeGreaterThan(0);
    for (const mode of ['auto', 'legacy'] as const) {
      const client = new Client({ name: 'serve-http-test', version: '1' }, { versionNegotiation: { mode } });
      await client.connect(new StreamableHTTPClientTransport(url));
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(mode === 'auto' ? '2026-07-28' : '2025-11-25');
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_orders']);
        const typo = await client.callTool({ name: 'search_orders', arguments: { qurey: 'gift' } });
        expect([typo.isError, typo.content]).toEqual([
          true,
          [{ type: 'text', text: expect.stringMatching(/^Unknown parameter 'qurey'\. Did you mean 'query'\?/) }],
        ]);
      } finally {
        await client.close();
      }
    }
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  });

  it('MP-2: with --token-file a request needs the token; without it, 401 and nothing runs', async () => {
    const tokenFile = join(folder, 'token');
    writeFileSync(tokenFile, 'a-token-of-some-length-42\n', { mode: 0o600 });
    const { child, url } = await serve(['--allow', 'search_orders', '--token-file', tokenFile]);
    try {
      const without = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect([without.status, without.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
      const client = new Client({ name: 'serve-http-test', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { Authorization: 'Bearer a-token-of-some-length-42' } },
        }),
      );
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_orders']);
      await client.close();
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  });

  it('MP-2: a non-loopback address without a token, a token file others can read, and HTTP flags without --http are usage errors', () => {
    const readable = join(folder, 'readable-token');
    writeFileSync(readable, 'a-token-of-some-length-42\n');
    chmodSync(readable, 0o644);
    const cases: [readonly string[], string][] = [
      [
        ['--http', '--host', '0.0.0.0', '--allowed-host', 'tools.internal:8080'],
        '--host 0.0.0.0 needs --token-file: anyone who reaches that address could call the tools (only a loopback address may go without)',
      ],
      [
        ['--http', '--token-file', readable],
        `--token-file ${readable} can be read by others (mode 644); make it private: chmod 600 ${readable}`,
      ],
      [
        ['--http', '--host', '::', '--token-file', join(folder, 'token')],
        '--host :: needs --allowed-host, the Host header value clients reach it by (e.g. tools.internal:8080)',
      ],
      [['--http', '--port', '70000'], '--port must be a whole number from 0 to 65535, not "70000"'],
      [['--port', '8080'], '--port needs --http (serve speaks stdio without it)'],
    ];
    for (const [flags, message] of cases) {
      const result = run(flags);
      expect([result.status, result.stderr]).toEqual([2, expect.stringContaining(message)]);
    }
  });
});
