// MP-7: the MCP Inspector v2's CLI (@modelcontextprotocol/inspector 2.12.0, `--cli`) lists and calls
// the tools of `toolwright serve` with the orders plugin, over stdio (the Inspector starts the
// server) and over Streamable HTTP (`--http --port 0`), at both protocol eras it offers: legacy
// (2025-11-25, its default) and modern (2026-07-28). The Inspector needs Node 22.19: it runs on the
// pinned Node 22 of runner/ (installed by provision.ts, never onto the PATH); the server runs on the
// repository's Node. Each run prints one JSON object (`--format json`), which is compared whole.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLWRIGHT_MCP_VERSION } from '@toolwright/mcp';
import { requireBuilt, ROOT } from '@toolwright/test-support/paths';
import {
  exited,
  INSTALL_TIMEOUT_MS,
  provision,
  run,
  RUN_TIMEOUT_MS,
  runsHere,
  serveHttp,
  stopServers,
  type Provisioned,
} from './provision.js';

const BIN = requireBuilt('packages/cli/dist/bundle/toolwright.js');
const PLUGIN = 'examples/plugin-orders/dist/index.js';
const TOOL = 'search_orders';

/** The Inspector's engines field asks for Node 22.19 or later. */
const RUNS_HERE = runsHere(22, 19);

/** How long one run of the Inspector's CLI may take, however loaded the machine. */
const CLI_TIMEOUT_MS = 120_000;

/** The Inspector writes its state under ~/.mcp-inspector: here a throwaway home, removed after the tests. */
const home = mkdtempSync(join(tmpdir(), 'toolwright-inspector-home-'));

afterAll(async () => {
  await stopServers();
  rmSync(home, { recursive: true, force: true });
});

/** The eras the Inspector negotiates, and the revision each comes to with toolwright. */
const ERAS = [
  ['legacy', '2025-11-25'],
  ['modern', '2026-07-28'],
] as const;
type Era = (typeof ERAS)[number][0];

/** What each call result holds besides its content at an era: at 2026-07-28 the server names itself. */
function resultMeta(era: Era): Record<string, unknown> {
  return era === 'modern'
    ? { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolwright', version: TOOLWRIGHT_MCP_VERSION } } }
    : {};
}

/** How the Inspector reaches the server: its options for it, and the command it starts (stdio only). */
interface Target {
  readonly options: readonly string[];
  readonly command?: readonly string[];
}

/** A run of the Inspector: the JSON object it printed, and all it printed, for a failure's message. */
interface CliRun {
  readonly json: unknown;
  readonly shown: string;
}

/**
 * Runs `inspector --cli --format json --protocol-era <era> <target options> <options> [-- <command>]`,
 * expects exit `code` and stdout of exactly one JSON object, and parses it; a failure shows all it printed.
 */
async function inspector(
  provisioned: Provisioned,
  era: Era,
  options: readonly string[],
  target: Target,
  code: number,
): Promise<CliRun> {
  const args = [
    provisioned.inspector,
    '--cli',
    '--format',
    'json',
    '--protocol-era',
    era,
    ...target.options,
    ...options,
    ...(target.command === undefined ? [] : ['--', ...target.command]),
  ];
  const result = await run(provisioned.node, args, {
    env: { ...process.env, HOME: home },
    timeoutMs: CLI_TIMEOUT_MS,
  });
  const shown = `inspector ${args.slice(1).join(' ')}\n(exit ${result.code})\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`;
  expect(result.code, shown).toBe(code);
  let json: unknown;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    expect.fail(`the Inspector's stdout is not one JSON object:\n${shown}`);
  }
  return { json, shown };
}

/** Lists the tools, calls search_orders with a valid argument and with a misspelt one; checks each result exactly. */
async function listAndCall(provisioned: Provisioned, era: Era, target: Target): Promise<void> {
  const list = await inspector(provisioned, era, ['--method', 'tools/list'], target, 0);
  const { tools } = (list.json as { result: { tools: Array<{ name: string; inputSchema: Record<string, unknown> }> } })
    .result;
  expect(
    tools.map((tool) => tool.name),
    list.shown,
  ).toEqual([TOOL]);
  const schema = tools[0]?.inputSchema;
  expect(schema, list.shown).toMatchObject({ type: 'object', required: ['query'], additionalProperties: false });
  expect(Object.keys((schema?.['properties'] ?? {}) as object), list.shown).toEqual([
    'query',
    '-i',
    'status',
    'customer',
    'items',
    'limit',
  ]);

  const call = ['--method', 'tools/call', '--tool-name', TOOL];
  // The plugin's catalogue: of the three orders, one has a note with 'gift' in that case.
  const found = await inspector(provisioned, era, [...call, '--tool-arg', 'query=gift'], target, 0);
  expect(found.json, found.shown).toEqual({
    result: {
      ...resultMeta(era),
      content: [{ type: 'text', text: 'A-1002 [shipped] Grace Hopper: gift for a colleague' }],
    },
  });
  // A result with isError: true makes the Inspector exit 5 (its `tool_is_error`), with the result on stdout.
  const typo = await inspector(provisioned, era, [...call, '--tool-arg', 'qurey=gift'], target, 5);
  expect(typo.json, typo.shown).toEqual({
    result: {
      ...resultMeta(era),
      content: [{ type: 'text', text: "Unknown parameter 'qurey'. Did you mean 'query'? The tool was not executed." }],
      isError: true,
    },
  });
}

describe.skipIf(!RUNS_HERE)(
  'the MCP Inspector 2.12.0 CLI against toolwright serve (needs linux-x64 for the pinned Node 22, or Node 22.19+)',
  () => {
    let provisioned: Provisioned;

    beforeAll(async () => {
      provisioned = await provision();
    }, INSTALL_TIMEOUT_MS);

    it.each(ERAS)(
      'MP-7: over stdio at the %s era (%s), the Inspector lists search_orders and calls it: a result, and a typo refused',
      async (era) => {
        await listAndCall(provisioned, era, {
          options: ['--cwd', ROOT],
          command: [process.execPath, BIN, 'serve', PLUGIN, '--allow', TOOL],
        });
      },
      3 * CLI_TIMEOUT_MS,
    );

    it.each(ERAS)(
      'MP-7: over Streamable HTTP at the %s era (%s), the Inspector lists search_orders and calls it; SIGTERM stops the server with 0',
      async (era) => {
        const server = await serveHttp(PLUGIN, [TOOL]);
        expect(server.banner).toMatch(
          /^toolwright serve: 1 tool from examples\/plugin-orders\/dist\/index\.js on http:\/\/127\.0\.0\.1:\d+\/mcp: search_orders\.$/,
        );
        await listAndCall(provisioned, era, { options: ['--transport', 'http', '--server-url', server.url] });
        server.child.kill('SIGTERM');
        expect(await exited(server.child)).toBe(0);
      },
      3 * CLI_TIMEOUT_MS + RUN_TIMEOUT_MS,
    );
  },
);
