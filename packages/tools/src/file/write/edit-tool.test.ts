import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, ToolInput, type ToolResult } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { EditTool } from './edit-tool.js';

const root = mkdtempSync(join(tmpdir(), 'tw-edit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const edit = new EditTool();
const run = (input: Record<string, unknown>): Promise<ToolResult> =>
  edit.execute(ToolInput.of(input), createToolContext({ cwd: root }));

function file(name: string, content: string | Buffer): string {
  const path = join(root, name);
  writeFileSync(path, content);
  return path;
}

describe('Edit', () => {
  it('BT-3: replaces a unique old_string, reports one replacement and shows the changed lines', async () => {
    const path = file('unique.ts', 'a\nb\nconst x = 1;\nc\nd\ne\n');
    const result = await run({ file_path: path, old_string: 'const x = 1;', new_string: 'const x = 2;\nconst y = 3;' });
    expect(result).toMatchObject({
      isError: false,
      content: `Replaced 1 occurrence in ${path}. The changed lines now read:\n     1\ta\n     2\tb\n     3\tconst x = 2;\n     4\tconst y = 3;\n     5\tc\n     6\td`,
      metadata: { path, replacements: 1, bytesBefore: 23, bytesAfter: 36 },
    });
    expect(readFileSync(path, 'utf8')).toBe('a\nb\nconst x = 2;\nconst y = 3;\nc\nd\ne\n');
  });

  it('BT-3: an old_string that occurs twice fails without replace_all, says how many times, and changes nothing', async () => {
    const path = file('twice.txt', 'foo bar\nfoo baz\n');
    expect(await run({ file_path: path, old_string: 'foo', new_string: 'qux' })).toMatchObject({
      isError: true,
      content: `old_string occurs 2 times in ${path}. Add surrounding lines to make it unique, or set replace_all: true to replace all 2.`,
      metadata: { occurrences: 2, replacements: 0 },
    });
    expect(readFileSync(path, 'utf8')).toBe('foo bar\nfoo baz\n');
    const all = await run({ file_path: path, old_string: 'foo', new_string: 'qux', replace_all: true });
    expect(all).toMatchObject({
      isError: false,
      content: `Replaced 2 occurrences in ${path}. The first change now reads:\n     1\tqux bar\n     2\tqux baz`,
      metadata: { replacements: 2 },
    });
    expect(readFileSync(path, 'utf8')).toBe('qux bar\nqux baz\n');
  });

  it('BT-3: a missing old_string, an empty one, or one equal to new_string fails with what to do', async () => {
    const path = file('plain.txt', 'hello world\n');
    expect((await run({ file_path: path, old_string: 'Hello', new_string: 'Bye' })).content).toBe(
      `old_string was not found in ${path}. It must match the file exactly, indentation and line breaks included: Read the file and copy the text.`,
    );
    expect((await run({ file_path: path, old_string: '', new_string: 'x' })).content).toBe(
      'old_string is empty. Copy the exact text to replace from Read; to create a file, use Write.',
    );
    expect((await run({ file_path: path, old_string: 'hello', new_string: 'hello' })).content).toBe(
      'old_string and new_string are the same, so nothing would change. Give the new text in new_string.',
    );
    expect(readFileSync(path, 'utf8')).toBe('hello world\n');
  });

  it('BT-3: the replacement is literal text: $& and $1 are not patterns', async () => {
    const path = file('dollar.txt', 'price\n');
    await run({ file_path: path, old_string: 'price', new_string: '$& costs $1' });
    expect(readFileSync(path, 'utf8')).toBe('$& costs $1\n');
  });

  it('BT-3: in a CRLF file, \\n in old_string and new_string stands for \\r\\n, and the file stays CRLF', async () => {
    const path = file('crlf.txt', 'one\r\ntwo\r\nthree\r\n');
    const result = await run({ file_path: path, old_string: 'one\ntwo', new_string: 'uno\ndos' });
    expect(result).toMatchObject({ isError: false, metadata: { replacements: 1, crlfTranslated: true } });
    expect(readFileSync(path, 'utf8')).toBe('uno\r\ndos\r\nthree\r\n');
  });

  it('BT-3: refuses files that are not valid UTF-8, and binary files, leaving their bytes alone', async () => {
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]);
    const latin1 = file('latin1.txt', bytes);
    expect(await run({ file_path: latin1, old_string: 'caf', new_string: 'CAF' })).toMatchObject({
      isError: true,
      content: `${latin1} is not valid UTF-8, and rewriting it would change bytes you have not seen. Replace it whole with Write, or change it with a byte-level tool.`,
      metadata: { refused: 'not-utf8' },
    });
    expect(readFileSync(latin1)).toEqual(bytes);
    const binary = file('data.bin', Buffer.from([0x61, 0x00, 0x62]));
    expect(await run({ file_path: binary, old_string: 'a', new_string: 'b' })).toMatchObject({
      isError: true,
      content: `${binary} looks binary (a NUL byte in its first 8 KB); Edit changes text files only.`,
      metadata: { refused: 'binary' },
    });
    expect(readFileSync(binary)).toEqual(Buffer.from([0x61, 0x00, 0x62]));
  });

  it('BT-3: keeps a UTF-8 byte order mark', async () => {
    const path = file('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x = 1\n')]));
    await run({ file_path: path, old_string: 'x = 1', new_string: 'x = 2' });
    expect([...readFileSync(path).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(readFileSync(path, 'utf8')).toBe('\uFEFFx = 2\n');
  });

  it('TC-10, PO-6: Edit is a destructive WRITE tool whose resource key is its file', () => {
    expect(edit.safety).toEqual({ level: 'WRITE', destructive: true, openWorld: false, idempotent: false });
    expect(edit.resourceKeys(ToolInput.of({ file_path: '/srv/app/./main.ts' }))).toEqual({
      writes: ['/srv/app/main.ts'],
    });
    expect(edit.inputSchema).toMatchObject({
      additionalProperties: false,
      required: ['file_path', 'old_string', 'new_string'],
    });
  });
});
