// BT-2/CL-4/CL-5: BashOutput and KillShell go where Bash goes. `toolwright serve builtin` without
// --allow-bash offers none of the three (its banner names each and why), and refuses a call to any
// of them as it refuses Bash; `toolwright call` does the same.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, ROOT } from '@toolwright/test-support/paths';
import { serverBanner } from './server-banner.js';
import { toolwright } from '@toolwright/test-support/run-toolwright';

const client = new Client({ name: 'toolwright-serve-builtin-bash-test', version: '1.0.0' });
let banner: () => Promise<string>;

beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [requireBuilt('packages/cli/dist/bundle/toolwright.js'), 'serve', 'builtin', '--allow-write'],
    cwd: ROOT,
    stderr: 'pipe',
  });
  banner = serverBanner(transport);
  await client.connect(transport);
});

afterAll(() => client.close());

const refusals: ReadonlyArray<[name: string, input: Record<string, unknown>]> = [
  ['Bash', { command: 'echo hi' }],
  ['BashOutput', { bash_id: 'bash_1' }],
  ['KillShell', { shell_id: 'bash_1' }],
];

const notOffered = (name: string): string => `${name} (a BASH tool; pass --allow-bash to let it run)`;

describe('toolwright serve builtin without --allow-bash', () => {
  it('BT-2/CL-5: offers none of Bash, BashOutput and KillShell, and the banner names each one left out', async () => {
    expect(await banner()).toBe(
      `toolwright serve: 6 of 9 tools from builtin on stdio: Read, Write, Edit, Ls, Glob, Grep. Not offered: ${['Bash', 'BashOutput', 'KillShell'].map(notOffered).join(', ')}.\n`,
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'Read',
      'Write',
      'Edit',
      'Ls',
      'Glob',
      'Grep',
    ]);
  });

  it('BT-2/MC-1: a call to BashOutput or KillShell is refused as a call to Bash is', async () => {
    for (const [name, input] of refusals) {
      expect(await client.callTool({ name, arguments: input }), name).toEqual({
        content: [{ type: 'text', text: `tool requires allowBash=true: ${name}` }],
        isError: true,
      });
    }
  });

  it('BT-2/CL-4: toolwright call refuses BashOutput and KillShell without --allow-bash as it refuses Bash, and runs them with it', () => {
    for (const [name, input] of refusals) {
      expect(toolwright(['call', 'builtin', name, JSON.stringify(input)]), name).toEqual({
        status: 1,
        stdout: `tool requires allowBash=true: ${name}; pass --allow-bash to let BASH tools run\n`,
        stderr: '',
      });
    }
    for (const [name, input] of refusals.slice(1)) {
      expect(toolwright(['call', 'builtin', name, JSON.stringify(input), '--allow-bash']), name).toEqual({
        status: 1,
        stdout: "No background shell has the id 'bash_1'. None was started.\n",
        stderr: '',
      });
    }
  });
});
