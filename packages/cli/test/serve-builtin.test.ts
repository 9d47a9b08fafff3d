// `toolwright serve builtin` driven by the official SDK client: the output limit and the arguments
// exactly as sent, compared with `toolwright call`.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, ROOT } from '@toolwright/test-support/paths';
import { toolwright } from '@toolwright/test-support/run-toolwright';

const client = new Client({ name: 'toolwright-serve-builtin-test', version: '1.0.0' });

beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [requireBuilt('packages/cli/dist/bundle/toolwright.js'), 'serve', 'builtin', '--allow-bash'],
    cwd: ROOT,
    stderr: 'ignore',
  });
  await client.connect(transport);
});

afterAll(() => client.close());

describe('toolwright serve builtin', () => {
  it('PO-3/MC-1: a 3 MB Bash output reaches the client cut to 30,000 characters, with the marker and no raw payload', async () => {
    const result = await client.callTool({
      name: 'Bash',
      arguments: { command: 'head -c 3000000 /dev/zero | tr "\\0" x' },
    });
    const [block] = result.content as { type: string; text: string }[];
    expect(block?.text).toBe(
      `${'x'.repeat(29_764)}\n[Output cut: the command printed 3,000,000 bytes on stdout and nothing on stderr; shown: the first 29,764 characters of stdout. To see the rest, redirect the output to a file and read it in parts, or filter it with grep, head or tail.]`,
    );
    expect(block?.text).toHaveLength(30_000);
    expect(result.structuredContent).toBeUndefined();
    expect(result.isError).toBeUndefined();
  });

  it('BT-1/PO-3: a long failing Bash output keeps its cut line and its exit code through the gate', async () => {
    const result = await client.callTool({
      name: 'Bash',
      arguments: { command: 'head -c 100000 /dev/zero | tr "\\0" x; exit 1' },
    });
    const [block] = result.content as { type: string; text: string }[];
    expect(block?.text).toBe(
      `${'x'.repeat(29_751)}\n[Output cut: the command printed 100,000 bytes on stdout and nothing on stderr; shown: the first 29,751 characters of stdout. To see the rest, redirect the output to a file and read it in parts, or filter it with grep, head or tail.]\n[exit code: 1]`,
    );
    expect(block?.text).toHaveLength(30_000);
    expect(result.isError).toBe(true);
  });

  it("TC-1/CL-4/MC-1: a '__proto__' argument is refused over MCP exactly as toolwright call refuses it", async () => {
    const argumentsText = '{"path":".","__proto__":{"path":"/"}}';
    const cli = toolwright(['call', 'builtin', 'Ls', argumentsText, '--schema-mode', 'ENFORCE']);
    expect(cli).toMatchObject({ status: 1, stdout: "Unknown parameter '__proto__'. The tool was not executed.\n" });
    expect(
      await client.callTool({ name: 'Ls', arguments: JSON.parse(argumentsText) as Record<string, unknown> }),
    ).toEqual({
      content: [{ type: 'text', text: "Unknown parameter '__proto__'. The tool was not executed." }],
      isError: true,
    });
  });
});
