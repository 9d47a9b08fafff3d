// `toolwright serve` for a new plugin: a banner that counts only what the client sees, the same
// gate flags and validation mode as `call`, and a did-you-mean for a mistyped tool name.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, ROOT } from '@toolwright/test-support/paths';
import { serverBanner } from './server-banner.js';

const PLUGIN = 'packages/cli/test/fixtures/author-journey/notes-plugin.mjs';
const client = new Client({ name: 'toolwright-author-serve-test', version: '1.0.0' });
let banner: () => Promise<string>;

beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      requireBuilt('packages/cli/dist/bundle/toolwright.js'),
      'serve',
      PLUGIN,
      '--allow-bash',
      '--allow',
      'search_notes',
      '--ask',
      'sync_notes(git:*)',
      '--timeout',
      '600000',
    ],
    cwd: ROOT,
    stderr: 'pipe',
  });
  banner = serverBanner(transport);
  await client.connect(transport);
});

afterAll(() => client.close());

const text = (content: unknown): string => ((content as { text: string }[])[0] as { text: string }).text;

describe('toolwright serve for a new plugin', () => {
  it('CL-5: the banner counts the tools the client is offered, and names each one left out and why', async () => {
    expect(await banner()).toBe(
      `toolwright serve: 2 of 3 tools from ${PLUGIN} on stdio: search_notes, sync_notes. Not offered: save_note (a WRITE tool; pass --allow-write to let it run).\n`,
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_notes', 'sync_notes']);
  });

  it('GV-4/CL-5: a mistyped parameter is refused by default (ENFORCE, as in call); a mistyped tool gets a did-you-mean', async () => {
    const typo = await client.callTool({ name: 'search_notes', arguments: { query: 'milk', limt: 3 } });
    expect(typo).toEqual({
      content: [{ type: 'text', text: "Unknown parameter 'limt'. Did you mean 'limit'? The tool was not executed." }],
      isError: true,
    });
    const unknown = await client.callTool({ name: 'search_note', arguments: { query: 'milk' } });
    expect(text(unknown.content)).toBe(
      "Unknown tool 'search_note'. Did you mean 'search_notes'? Available tools: search_notes, sync_notes.",
    );
  });

  it('CL-5: --ask is a serve flag too (nobody answers over stdio, so it denies); a good call runs', async () => {
    const asked = await client.callTool({ name: 'sync_notes', arguments: { command: 'git pull' } });
    expect(text(asked.content)).toBe(
      "Permission denied: the sync_notes command 'git pull' needs approval (sync_notes(git:*)), and no approver is configured.",
    );
    expect(await client.callTool({ name: 'search_notes', arguments: { query: 'milk' } })).toEqual({
      content: [{ type: 'text', text: 'buy milk\nmilk the cows' }],
      structuredContent: { count: 2, notes: ['buy milk', 'milk the cows'] },
    });
  });
});
