import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolUse, type ToolResult } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileTools } from './create-file-tools.js';

// One tree for the whole file: an allowed folder, and beside it one the rules do not cover.
const root = mkdtempSync(join(tmpdir(), 'tw-gate-'));
const allowed = join(root, 'allowed');
const outside = join(root, 'outside');
const files: Readonly<Record<string, string | Buffer>> = {
  'notes.txt': 'first line\nsecond line\n',
  'crlf.txt': 'one\r\ntwo\r\n',
  'no-newline.txt': 'no newline at the end',
  'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
  'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
  'big.log': `${'y'.repeat(1_023)}\n`.repeat(300),
  'twice.txt': 'retry();\nretry();\n',
  '.env': 'TOKEN=hunter2\n',
  id_rsa: '-----BEGIN OPENSSH PRIVATE KEY-----\n',
  'src/app.ts': 'export function start() {\n  // TODO: wire the TOKEN\n  return 1;\n}\n',
};
for (const [relative, content] of Object.entries(files)) {
  mkdirSync(join(allowed, relative, '..'), { recursive: true });
  writeFileSync(join(allowed, relative), content);
}
mkdirSync(outside);
writeFileSync(join(outside, 'data.txt'), 'outside TOKEN data\n');
symlinkSync(join(outside, 'data.txt'), join(allowed, 'escape.txt'));
symlinkSync(outside, join(allowed, 'outdir'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const names = ['Read', 'Write', 'Edit', 'Ls', 'Glob', 'Grep'];
const gate = new ToolGate({
  tools: createFileTools(),
  permissions: { allow: names.flatMap((name) => [`${name}(${allowed})`, `${name}(${allowed}/**)`]) },
  runOptions: { allowWrite: true },
  schemaValidation: 'ENFORCE',
});
let calls = 0;
const call = (name: string, input: Record<string, unknown>, cwd = allowed): Promise<ToolResult> =>
  gate.execute(createToolUse(`call_${++calls}`, name, input), { cwd });
const rules = (name: string): string => `${name}(${allowed}), ${name}(${allowed}/**)`;

describe('the file tools through the gate', () => {
  it('BT-3, PM-4: a .. escape is denied by the gate before the tool runs, absolute or relative', async () => {
    expect(await call('Read', { file_path: `${allowed}/../outside/data.txt` })).toMatchObject({
      isError: true,
      content: `Permission denied: Read of '${outside}/data.txt' matches no allow rule (${rules('Read')}).`,
      metadata: { policyDenied: true },
    });
    // Grep answers to Read rules too (as in Claude Code): the message lists both.
    expect((await call('Grep', { pattern: 'TOKEN', path: '..' })).content).toBe(
      `Permission denied: Grep of '${root}' matches no allow rule (${rules('Read')}, ${rules('Grep')}).`,
    );
    expect((await call('Ls', {}, root)).metadata.policyDenied).toBe(true);
  });

  it('BT-3, PM-4: a symbolic link out of the allowed folder is denied by its real path; nothing is written through one', async () => {
    expect(await call('Read', { file_path: 'escape.txt' })).toMatchObject({
      isError: true,
      content: `Permission denied: Read of '${allowed}/escape.txt' (really '${outside}/data.txt') leaves what the allow rules cover (${rules('Read')}) through a symbolic link.`,
      metadata: { policyDenied: true },
    });
    expect((await call('Read', { file_path: `${allowed}/outdir/data.txt` })).metadata.policyDenied).toBe(true);
    expect((await call('Write', { file_path: 'outdir/planted.txt', content: 'x' })).metadata.policyDenied).toBe(true);
    expect((await call('Ls', { path: 'outdir' })).metadata.policyDenied).toBe(true);
    expect(existsSync(join(outside, 'planted.txt'))).toBe(false);
  });

  it('BT-3: searches inside the allowed folder list links but never follow them out of it', async () => {
    expect((await call('Grep', { pattern: 'outside' })).content).toBe(
      `No matches in ${allowed}.\n[Skipped files: 1 binary.]`,
    );
    const globbed = (await call('Glob', { pattern: '**/*' })).content.split('\n');
    expect(globbed).toContain(`${allowed}/escape.txt`);
    expect(globbed).toContain(`${allowed}/outdir`);
    expect(globbed.filter((path) => path.startsWith(`${allowed}/outdir/`))).toEqual([]);
  });

  it('BT-3: secrets are left out of Ls, Glob and Grep, and Read refuses them with a reason', async () => {
    expect((await call('Ls', {})).content).toBe(
      `${allowed}:\nbig.log\ncrlf.txt\nescape.txt@\nimage.png\nlatin1.txt\nno-newline.txt\nnotes.txt\noutdir@\nsrc/\ntwice.txt`,
    );
    expect((await call('Glob', { pattern: '*' })).content).toBe(
      [
        'big.log',
        'crlf.txt',
        'escape.txt',
        'image.png',
        'latin1.txt',
        'no-newline.txt',
        'notes.txt',
        'outdir',
        'twice.txt',
      ]
        .map((name) => `${allowed}/${name}`)
        .join('\n'),
    );
    expect((await call('Grep', { pattern: 'TOKEN|OPENSSH' })).content).toBe(`${allowed}/src/app.ts`);
    expect(await call('Read', { file_path: '.env' })).toMatchObject({
      isError: true,
      content: `${allowed}/.env is an environment file (.env); the file tools never read, change or list secret files. Ask the user for what you need from it.`,
      metadata: { refused: 'secret' },
    });
    expect((await call('Edit', { file_path: 'id_rsa', old_string: 'BEGIN', new_string: 'END' })).metadata.refused).toBe(
      'secret',
    );
  });

  it('BT-3: binary and oversized files are refused with what to do instead', async () => {
    expect((await call('Read', { file_path: 'image.png' })).content).toBe(
      `${allowed}/image.png starts like a PNG image, but its size in pixels cannot be read from it (a damaged or cut file); Read shows whole images only.`,
    );
    expect((await call('Read', { file_path: 'big.log' })).content).toBe(
      `${allowed}/big.log is 307,200 bytes, over the 262,144-byte limit for reading a whole file. Read it in parts with offset and limit (for example offset: 1, limit: 500), or find the lines you need with Grep.`,
    );
    const part = await call('Read', { file_path: 'big.log', offset: 300, limit: 10 });
    expect(part).toMatchObject({ isError: false, content: `   300\t${'y'.repeat(1_023)}` });
  });

  it('BT-3: CRLF, a missing final newline and invalid UTF-8 read as the model needs them', async () => {
    expect(await call('Read', { file_path: 'crlf.txt' })).toMatchObject({
      content: '     1\tone\n     2\ttwo',
      metadata: { lineEndings: 'CRLF' },
    });
    expect((await call('Read', { file_path: 'no-newline.txt' })).content).toBe(
      '     1\tno newline at the end\n\\ No newline at end of file',
    );
    expect(await call('Read', { file_path: 'latin1.txt' })).toMatchObject({
      content:
        '     1\tcaf\uFFFD\n[The file is not valid UTF-8: bytes that are not are shown as U+FFFD (�). Edit refuses such a file; Write replaces it whole.]',
      metadata: { invalidUtf8: true },
    });
  });

  it('BT-3: an Edit whose old_string occurs twice fails and says so; replace_all replaces both', async () => {
    expect(
      await call('Edit', { file_path: 'twice.txt', old_string: 'retry();', new_string: 'again();' }),
    ).toMatchObject({
      isError: true,
      content: `old_string occurs 2 times in ${allowed}/twice.txt. Add surrounding lines to make it unique, or set replace_all: true to replace all 2.`,
    });
    const all = await call('Edit', {
      file_path: 'twice.txt',
      old_string: 'retry();',
      new_string: 'again();',
      replace_all: true,
    });
    expect(all.metadata.replacements).toBe(2);
    expect(readFileSync(join(allowed, 'twice.txt'), 'utf8')).toBe('again();\nagain();\n');
  });

  it('BT-3, PO-2: a Write into a new nested folder creates it; without allowWrite the gate refuses Write', async () => {
    expect(await call('Write', { file_path: 'new/nested/deep/file.md', content: '# hi\n' })).toMatchObject({
      isError: false,
      content: `Wrote 5 bytes to ${allowed}/new/nested/deep/file.md (a new file; created the folder ${allowed}/new and any below it).`,
    });
    expect(readFileSync(join(allowed, 'new/nested/deep/file.md'), 'utf8')).toBe('# hi\n');
    const readOnly = new ToolGate({ tools: createFileTools(), permissions: { allow: ['Write'] } });
    expect(
      await readOnly.execute(createToolUse('w', 'Write', { file_path: `${allowed}/x.txt`, content: '' })),
    ).toMatchObject({
      isError: true,
      content: 'tool requires allowWrite=true: Write',
      metadata: { policyDenied: true },
    });
  });

  it('BT-3: Grep with context flags and each output mode', async () => {
    const app = `${allowed}/src/app.ts`;
    expect((await call('Grep', { pattern: 'TODO', output_mode: 'content', '-B': 1, '-A': 1 })).content).toBe(
      `${app}-1-export function start() {\n${app}:2:  // TODO: wire the TOKEN\n${app}-3-  return 1;`,
    );
    expect((await call('Grep', { pattern: 'todo', '-i': true, output_mode: 'content', '-C': 0 })).content).toBe(
      `${app}:2:  // TODO: wire the TOKEN`,
    );
    expect((await call('Grep', { pattern: 'line$', output_mode: 'count' })).content).toBe(`${allowed}/notes.txt:2`);
    expect((await call('Grep', { pattern: 'o', output_mode: 'files_with_matches', glob: '*.txt' })).content).toBe(
      [`${allowed}/crlf.txt`, `${allowed}/no-newline.txt`, `${allowed}/notes.txt`].join('\n'),
    );
    expect((await call('Grep', { pattern: 'x', output_mode: 'lines' })).content).toBe(
      "Parameter 'output_mode' must be one of [content, files_with_matches, count], but was 'lines'. The tool was not executed.",
    );
  });

  it('BT-3: a Grep pattern catastrophic for a backtracking engine finishes quickly through the gate', async () => {
    writeFileSync(join(allowed, 'evil.txt'), `${'a'.repeat(30)}!\n`.repeat(20_000));
    // A backtracking engine would spend about 2^30 steps on each of these 20,000 lines: finishing at all
    // (within the test timeout) shows the linear-time engine ran it, whatever the machine's speed.
    const result = await call('Grep', { pattern: '(a+)+$', path: 'evil.txt', output_mode: 'content' });
    expect(result).toMatchObject({
      isError: false,
      content: `No matches in ${allowed}/evil.txt.`,
      metadata: { engine: 're2js' },
    });
  });

  it('PO-6: a batch [Edit b.txt, Grep b.txt, Read b.txt] sees the edit in the later calls, every time', async () => {
    for (let run = 0; run < 10; run++) {
      writeFileSync(join(allowed, 'b.txt'), `old ${run}\n`);
      const [edit, grep, read] = await gate.executeBatch(
        [
          createToolUse(`e${run}`, 'Edit', { file_path: 'b.txt', old_string: `old ${run}`, new_string: `new ${run}` }),
          createToolUse(`g${run}`, 'Grep', { pattern: `(old|new) ${run}`, path: 'b.txt', output_mode: 'content' }),
          createToolUse(`r${run}`, 'Read', { file_path: 'b.txt' }),
        ],
        { cwd: allowed },
      );
      expect(edit?.isError).toBe(false);
      expect(grep?.content).toBe(`${allowed}/b.txt:1:new ${run}`);
      expect(read?.content).toBe(`     1\tnew ${run}`);
    }
  });

  it("PM-6: a mistyped path parameter is denied with the schema's sentence, so the model learns its mistake; a tool no rule allows reveals nothing", async () => {
    expect(await call('Read', { file_paht: 'notes.txt' })).toMatchObject({
      isError: true,
      metadata: { policyDenied: true },
      content:
        "Permission denied: this Read call has an empty path, which no pattern matches.\nUnknown parameter 'file_paht'. Did you mean 'file_path'? The tool was not executed.",
    });
    const unconfigured = new ToolGate({ tools: createFileTools(), cwd: allowed });
    expect((await unconfigured.execute(createToolUse('t', 'Read', { file_paht: 'notes.txt' }))).content).toBe(
      "Permission denied: the Read path '' cannot be judged. The path is empty.\nUnknown parameter 'file_paht'. Did you mean 'file_path'? The tool was not executed.",
    );
    const onlyGrep = new ToolGate({ tools: createFileTools(), permissions: { allow: ['Grep'] } });
    expect((await onlyGrep.execute(createToolUse('t', 'Read', { file_paht: 'notes.txt' }))).content).toBe(
      'Permission denied: Read is not in the allow list. Add Read or Read(pattern) to allow it.',
    );
  });
});
