// The MCP serving section of `pnpm bench`, all in one run on this machine:
//   1. PF-8: `tools/call` over Streamable HTTP through OUR server (serveHttp: the Host, Origin and
//      token checks, the SDK's createMcpHandler, a ToolGate) beside the SDK's own HTTP serving of
//      the same tool (createMcpHandler with McpServer.registerTool and zod, mounted with
//      @modelcontextprotocol/node's toNodeHandler), driven by the SDK v2 client at each revision;
//   2. PF-7: starting `toolwright serve builtin` and answering its first tools/list, beside a bare
//      SDK server over stdio offering the same tool definitions.
// Results are checked (contents, refusals, tool names); times are reported, never asserted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ToolGate } from '../../packages/gate/dist/index.js';
import { serveHttp } from '../../packages/mcp/dist/index.js';
import {
  Client,
  StreamableHTTPClientTransport,
} from '../../packages/mcp/node_modules/@modelcontextprotocol/client/dist/index.mjs';
import { StdioClientTransport } from '../../packages/mcp/node_modules/@modelcontextprotocol/client/dist/stdio.mjs';
import { createMcpHandler } from '../../packages/mcp/node_modules/@modelcontextprotocol/server/dist/index.mjs';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { median, measurePaired, pairedRatio } from './bench-timing.mjs';
import { checkCalls, EchoTool, nativeServer } from './mcp-bench.mjs';

const WARMUP_CALLS = 300;
const SAMPLES = 21;
const CALLS_PER_SAMPLE = 60;
const STARTS = 9;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function sdkHttpServer() {
  const handler = toNodeHandler(createMcpHandler(() => nativeServer()));
  const http = createServer((request, response) => void handler(request, response));
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${http.address().port}/mcp`),
    close: () => new Promise((resolve) => (http.closeAllConnections(), http.close(resolve))),
  };
}

async function connectHttp(url, mode) {
  const client = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

/** Part 1: µs per awaited tools/call over HTTP, ours and the SDK's, at each revision. */
export async function benchHttpToolsCall() {
  const gate = new ToolGate({ tools: [new EchoTool()], permissions: { allow: ['echo'] }, schemaValidation: 'ENFORCE' });
  const ours = await serveHttp(gate, { name: 'toolwright-bench' });
  const sdk = await sdkHttpServer();
  const clients = {
    ours2026: await connectHttp(ours.url, 'auto'),
    sdk2026: await connectHttp(sdk.url, 'auto'),
    ours2025: await connectHttp(ours.url, 'legacy'),
    sdk2025: await connectHttp(sdk.url, 'legacy'),
  };
  for (const [name, client] of Object.entries(clients)) {
    const expected = name.endsWith('2026') ? '2026-07-28' : '2025-11-25';
    if (client.getNegotiatedProtocolVersion() !== expected)
      throw new Error(`${name}: spoke ${client.getNegotiatedProtocolVersion()}, not ${expected}`);
    await checkCalls(name, client, name.startsWith('ours') ? /^Unknown parameter 'txet'/ : /Input validation error/);
  }
  const call = (client) => client.callTool({ name: 'echo', arguments: { text: 'hello', times: 2 } });
  const cases = Object.fromEntries(Object.entries(clients).map(([name, client]) => [name, () => call(client)]));
  const began = performance.now();
  const { ns, times } = await measurePaired(cases, (name) => (name.endsWith('2026') ? 'sdk2026' : 'sdk2025'), {
    samples: SAMPLES,
    callsPerSample: CALLS_PER_SAMPLE,
    warmup: WARMUP_CALLS,
  });
  const elapsedS = (performance.now() - began) / 1000;
  await Promise.all(Object.values(clients).map((client) => client.close()));
  await Promise.all([ours.close(), sdk.close()]);
  const us = Object.fromEntries(Object.entries(ns).map(([name, value]) => [name, value / 1000]));
  return {
    us,
    ratio2026: pairedRatio(times, 'ours2026', 'sdk2026'),
    ratio2025: pairedRatio(times, 'ours2025', 'sdk2025'),
    elapsedS,
  };
}

/** The time from spawning a stdio server to its first tools/list answer, in ms, and the names it listed. */
async function firstList(command, args) {
  const start = performance.now();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, cwd: ROOT, stderr: 'ignore' }));
  const { tools } = await client.listTools();
  const ms = performance.now() - start;
  await client.close();
  return { ms, tools };
}

/** Part 2: `toolwright serve builtin`'s first tools/list beside a bare SDK server with the same definitions. */
export async function benchFirstList() {
  const bin = join(ROOT, 'packages/cli/dist/bundle/toolwright.js');
  const flags = ['serve', 'builtin', '--allow-write', '--allow-bash', '--sandbox', 'off'];
  const listed = await firstList(process.execPath, [bin, ...flags]);
  const folder = mkdtempSync(join(tmpdir(), 'toolwright-bench-list-'));
  try {
    const definitions = join(folder, 'tools.json');
    writeFileSync(definitions, JSON.stringify(listed.tools));
    const bare = [
      process.execPath,
      [fileURLToPath(new URL('./fixtures/bare-stdio-server.mjs', import.meta.url)), definitions],
    ];
    const ours = [process.execPath, [bin, ...flags]];
    const times = { ours: [], bare: [] };
    for (let run = 0; run < STARTS; run++) {
      for (const [name, [command, args]] of run % 2 === 0
        ? [
            ['ours', ours],
            ['bare', bare],
          ]
        : [
            ['bare', bare],
            ['ours', ours],
          ]) {
        const result = await firstList(command, args);
        if (result.tools.length !== listed.tools.length) throw new Error(`${name} listed ${result.tools.length} tools`);
        times[name].push(result.ms);
      }
    }
    const ratios = times.ours.map((value, run) => value / times.bare[run]);
    return {
      tools: listed.tools.map((tool) => tool.name),
      oursMs: median(times.ours),
      bareMs: median(times.bare),
      ratio: median(ratios),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs both parts and prints them. */
export async function runMcpHttpBench() {
  const calls = await benchHttpToolsCall();
  const list = await benchFirstList();
  console.log('');
  console.log(
    "MCP over HTTP (PF-8): tools/call through serveHttp vs the SDK's createMcpHandler + toNodeHandler, same echo tool",
  );
  console.log(
    `Node ${process.version}; the SDK v2 client at each revision; median µs per awaited call over ${SAMPLES} paired rounds of ${CALLS_PER_SAMPLE} calls.`,
  );
  for (const [name, value] of Object.entries(calls.us))
    console.log(`  ${name.padEnd(10)} ${value.toFixed(0).padStart(7)} µs/call`);
  console.log(`  ours / SDK at 2026-07-28  ${calls.ratio2026.toFixed(2)}x`);
  console.log(`  ours / SDK at 2025-11-25  ${calls.ratio2025.toFixed(2)}x`);
  console.log(`  (${calls.elapsedS.toFixed(1)} s measured)`);
  console.log('');
  console.log(
    `First tools/list over stdio (PF-7): toolwright serve builtin (${list.tools.length} tools) vs a bare SDK server with the same definitions; median of ${STARTS} starts each`,
  );
  console.log(`  toolwright serve builtin  ${list.oursMs.toFixed(0).padStart(6)} ms`);
  console.log(`  bare SDK server           ${list.bareMs.toFixed(0).padStart(6)} ms`);
  console.log(`  ours / bare               ${list.ratio.toFixed(2)}x`);
  const perCall = (us) => `${us.toFixed(0)} µs`;
  return {
    data: { toolsCallUs: calls.us, ratio2026: calls.ratio2026, ratio2025: calls.ratio2025, firstList: list },
    tables: [
      {
        title: 'MCP tools/call over Streamable HTTP (PF-8: ours ≤ 1.1× the SDK)',
        columns: ['revision', 'ours (serveHttp → ToolGate)', "SDK's createMcpHandler + registerTool", 'ours ÷ SDK'],
        rows: [
          ['2026-07-28', perCall(calls.us.ours2026), perCall(calls.us.sdk2026), `${calls.ratio2026.toFixed(2)}×`],
          ['2025-11-25', perCall(calls.us.ours2025), perCall(calls.us.sdk2025), `${calls.ratio2025.toFixed(2)}×`],
        ],
      },
      {
        title: `First tools/list over stdio, from spawning the process (PF-7: ours ≤ 1.5× a bare server; ${list.tools.length} tools)`,
        columns: ['server', 'median', 'ours ÷ bare'],
        rows: [
          ['toolwright serve builtin', `${list.oursMs.toFixed(0)} ms`, `${list.ratio.toFixed(2)}×`],
          ['bare SDK Server, same definitions', `${list.bareMs.toFixed(0)} ms`, '1.00×'],
        ],
      },
    ],
    notes: [`The builtin tools listed: ${list.tools.join(', ')}.`],
  };
}
