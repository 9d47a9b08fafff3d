import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, ToolInput, type ToolResult } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadTool } from './read-tool.js';

const root = mkdtempSync(join(tmpdir(), 'tw-read-'));
const workspace = join(root, 'ws');
const outside = join(root, 'outside');
mkdirSync(workspace);
mkdirSync(outside);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(relative: string, content: string | Buffer): string {
  const path = join(workspace, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

const read = new ReadTool();
const confined = new ReadTool({ workspace });
const run = (input: Record<string, unknown>, tool = read, cwd = workspace): Promise<ToolResult> =>
  tool.execute(ToolInput.of(input), createToolContext({ cwd }));

describe('Read', () => {
  it('BT-3: shows lines numbered like cat -n: the number right-aligned in six columns, a tab, the text', async () => {
    const path = file('three.txt', 'alpha\n  beta\ngamma\n');
    const result = await run({ file_path: path });
    expect(result.content).toBe('     1\talpha\n     2\t  beta\n     3\tgamma');
    expect(result.metadata).toMatchObject({
      path,
      totalLines: 3,
      linesShown: 3,
      more: false,
      lineEndings: 'LF',
      endsWithNewline: true,
      invalidUtf8: false,
    });
  });

  it('BT-3: offset (1-based) and limit pick lines, and the result says where to continue', async () => {
    const path = file('ten.txt', Array.from({ length: 10 }, (_, index) => `line ${index + 1}`).join('\n') + '\n');
    expect((await run({ file_path: path, offset: 4, limit: 3 })).content).toBe(
      '     4\tline 4\n     5\tline 5\n     6\tline 6\n[Showing lines 4–6 of 10. Continue with offset: 7.]',
    );
    expect((await run({ file_path: path, offset: 9 })).content).toBe('     9\tline 9\n    10\tline 10');
    expect(await run({ file_path: path, offset: 11 })).toMatchObject({
      isError: true,
      content: `${path} has 10 lines; there is no line 11. Use an offset from 1 to 10.`,
    });
  });

  it('BT-3: a relative file_path resolves against the call’s working directory', async () => {
    file('sub/relative.txt', 'found me\n');
    const result = await run({ file_path: 'relative.txt' }, read, join(workspace, 'sub'));
    expect(result).toMatchObject({ isError: false, content: '     1\tfound me' });
    expect(result.metadata.path).toBe(join(workspace, 'sub/relative.txt'));
  });

  it('BT-3: a CRLF file shows its lines without the CR and says CRLF in the metadata', async () => {
    const path = file('windows.txt', 'one\r\ntwo\r\n');
    const result = await run({ file_path: path });
    expect(result.content).toBe('     1\tone\n     2\ttwo');
    expect(result.metadata).toMatchObject({ lineEndings: 'CRLF', endsWithNewline: true });
  });

  it('BT-3: a file without a trailing newline says so after its last line, as diff does', async () => {
    const path = file('no-newline.txt', 'first\nlast');
    const result = await run({ file_path: path });
    expect(result.content).toBe('     1\tfirst\n     2\tlast\n\\ No newline at end of file');
    expect(result.metadata).toMatchObject({ endsWithNewline: false, totalLines: 2 });
    expect((await run({ file_path: path, limit: 1 })).content).toBe(
      '     1\tfirst\n[Showing lines 1–1 of 2. Continue with offset: 2.]',
    );
  });

  it('BT-3: invalid UTF-8 bytes are shown as U+FFFD, and the result says so', async () => {
    const path = file('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x6f, 0x6b, 0x0a]));
    const result = await run({ file_path: path });
    expect(result.content).toBe(
      '     1\tcaf\uFFFD\n     2\tok\n[The file is not valid UTF-8: bytes that are not are shown as U+FFFD (�). Edit refuses such a file; Write replaces it whole.]',
    );
    expect(result.metadata.invalidUtf8).toBe(true);
  });

  it('BT-3: a UTF-8 byte order mark is not shown, but reported', async () => {
    const path = file('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo\n')]));
    const result = await run({ file_path: path });
    expect(result.content).toBe('     1\théllo');
    expect(result.metadata).toMatchObject({ bom: true, invalidUtf8: false });
  });

  it('BT-3: lines over 2,000 characters are cut with a note; a multi-byte character is never split', async () => {
    const path = file('long.txt', `${'é'.repeat(2_500)}\nshort\n`);
    const result = await run({ file_path: path });
    expect(result.content).toBe(
      `     1\t${'é'.repeat(2_000)} [… line cut at 2,000 characters; it is 5,000 bytes long]\n     2\tshort`,
    );
    expect(result.metadata.cutLines).toBe(1);
  });

  it('BT-3: refuses a binary file (a NUL byte in the first 8 KB)', async () => {
    const path = file('image.bin', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    expect(await run({ file_path: path })).toMatchObject({
      isError: true,
      content: `${path} looks binary (a NUL byte in its first 8 KB); Read shows text files only.`,
      metadata: { refused: 'binary', path },
    });
  });

  it('BT-3: refuses a file over 256 KB unless offset or limit is given, and says how to read it', async () => {
    const line = `${'x'.repeat(99)}\n`;
    const path = file('big.log', line.repeat(3_000));
    expect(await run({ file_path: path })).toMatchObject({
      isError: true,
      content: `${path} is 300,000 bytes, over the 262,144-byte limit for reading a whole file. Read it in parts with offset and limit (for example offset: 1, limit: 500), or find the lines you need with Grep.`,
      metadata: { refused: 'too-large' },
    });
    const part = await run({ file_path: path, offset: 2_999, limit: 5 });
    expect(part.content).toBe(`  2999\t${'x'.repeat(99)}\n  3000\t${'x'.repeat(99)}`);
    expect(part.metadata).toMatchObject({ totalLines: 3_000, more: false });
  });

  it('BT-3: the default window is 2,000 lines, and more than 10,000 are never shown', async () => {
    const path = file('many.txt', 'x\n'.repeat(12_000));
    expect((await run({ file_path: path })).metadata).toMatchObject({ linesShown: 2_000, more: true });
    expect((await run({ file_path: path, limit: 50_000 })).metadata).toMatchObject({ linesShown: 10_000 });
  });

  it('BT-3: refuses a folder and points to Ls; a missing file points to Ls and Glob', async () => {
    expect(await run({ file_path: workspace })).toMatchObject({
      isError: true,
      content: `${workspace} is a folder, not a file. List it with Ls.`,
      metadata: { refused: 'directory' },
    });
    expect((await run({ file_path: join(workspace, 'missing.txt') })).content).toBe(
      `No file or folder exists at ${join(workspace, 'missing.txt')}. Check the path with Ls or Glob.`,
    );
  });

  it('BT-3: refuses a FIFO at once instead of waiting for a writer', async () => {
    const fifo = join(workspace, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(await run({ file_path: fifo })).toMatchObject({
      isError: true,
      content: `${fifo} is not a regular file (a device, socket or pipe); Read shows regular files only.`,
      metadata: { refused: 'special-file' },
    });
  });

  it('BT-3: an empty file reads as empty', async () => {
    const path = file('empty.txt', '');
    expect(await run({ file_path: path })).toMatchObject({
      isError: false,
      content: `[${path} is empty: 0 bytes.]`,
      metadata: { totalLines: 0 },
    });
  });

  it('BT-3: refuses secret files — .env, .env.local, private keys, credential stores — but not .env.example', async () => {
    const env = file('.env', 'TOKEN=1\n');
    expect(await run({ file_path: env })).toMatchObject({
      isError: true,
      content: `${env} is an environment file (.env); the file tools never read, change or list secret files. Ask the user for what you need from it.`,
      metadata: { refused: 'secret' },
    });
    for (const [name, kind] of [
      ['.env.local', 'an environment file (.env.*)'],
      ['keys/id_ed25519', 'a private key (id_ed25519*)'],
      ['certs/server.pem', 'a key or certificate store (*.pem)'],
      ['home/.aws/credentials', 'a credential store (.aws/credentials)'],
      ['.npmrc', 'a credential store (.npmrc)'],
    ] as const) {
      const path = file(name, 'secret\n');
      expect(await run({ file_path: path }), name).toMatchObject({
        isError: true,
        content: `${path} is ${kind}; the file tools never read, change or list secret files. Ask the user for what you need from it.`,
        metadata: { refused: 'secret' },
      });
    }
    expect((await run({ file_path: file('.env.example', 'TOKEN=\n') })).content).toBe('     1\tTOKEN=');
  });

  it('BT-3: refuses a harmless-looking symbolic link to a secret file, naming the target', async () => {
    const env = file('real/.env', 'TOKEN=1\n');
    const link = join(workspace, 'notes.txt');
    symlinkSync(env, link);
    expect(await run({ file_path: link })).toMatchObject({
      isError: true,
      content: `${link} (a link to ${env}) is an environment file (.env); the file tools never read, change or list secret files. Ask the user for what you need from it.`,
    });
  });

  it('BT-3: a confined Read refuses paths outside the workspace, lexically and through symbolic links', async () => {
    writeFileSync(join(outside, 'data.txt'), 'outside\n');
    const escape = join(workspace, '../outside/data.txt');
    expect(await run({ file_path: escape }, confined)).toMatchObject({
      isError: true,
      content: `${join(outside, 'data.txt')} is outside the workspace ${workspace}. The file tools work only inside it: use a path under ${workspace}.`,
      metadata: { refused: 'outside-workspace' },
    });
    const link = join(workspace, 'way-out.txt');
    symlinkSync(join(outside, 'data.txt'), link);
    expect((await run({ file_path: link }, confined)).content).toBe(
      `${link} (really ${join(outside, 'data.txt')}) is outside the workspace ${workspace}. The file tools work only inside it: use a path under ${workspace}.`,
    );
    expect((await run({ file_path: link })).content).toBe('     1\toutside');
  });
});
