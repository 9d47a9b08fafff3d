// `toolwright serve builtin` driven by the official SDK client: the output limit and the arguments
// exactly as sent, compared with `toolwright call`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

// Inside the working directory the server was started in: tools that take a path are confined to it.
mkdirSync(join(ROOT, '.test-results'), { recursive: true });
const images = mkdtempSync(join(ROOT, '.test-results', 'serve-image-'));
afterAll(async () => {
  await client.close();
  rmSync(images, { recursive: true, force: true });
});

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

  it('CO-3/CO-1: an image read through Read reaches the MCP client as an image block, byte for byte', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const path = join(images, 'pixel.png');
    writeFileSync(path, png);
    const result = await client.callTool({ name: 'Read', arguments: { file_path: path } });
    expect(result).toEqual({
      content: [
        { type: 'text', text: `${path}: a PNG image, 1×1 pixels, 70 bytes.` },
        { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
      ],
    });
    const [, image] = result.content as { data: string }[];
    expect(Buffer.from(image!.data, 'base64').equals(png)).toBe(true);
  });
});
