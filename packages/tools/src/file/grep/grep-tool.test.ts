import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, ToolInput, type ToolResult } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { hostileFiles } from '../../../test/hostile-gitignore.js';
import { longestBlock } from '../../../test/longest-block.js';
import { GrepTool } from './grep-tool.js';

const root = mkdtempSync(join(tmpdir(), 'tw-grep-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const grep = new GrepTool();
const run = (input: Record<string, unknown>, cwd = root): Promise<ToolResult> =>
  grep.execute(ToolInput.of(input), createToolContext({ cwd }));

function tree(folder: string, files: Readonly<Record<string, string | Buffer>>): string {
  const base = join(root, folder);
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(join(base, relative, '..'), { recursive: true });
    writeFileSync(join(base, relative), content);
  }
  return base;
}

const code = tree('code', {
  'a.ts': 'import x from "y";\n// TODO one\nconst a = 1;\nconst b = 2;\nconst c = 3;\n// TODO two\nend\n',
  'b.js': 'function todo() {}\n',
  'docs/readme.md': 'nothing to see\n',
});
const a = join(code, 'a.ts');
const b = join(code, 'b.js');

describe('Grep', () => {
  it('BT-3: files_with_matches (the default) lists matching files, sorted; -i ignores case', async () => {
    expect(await run({ pattern: 'TODO', path: code })).toMatchObject({
      isError: false,
      content: a,
      metadata: { engine: 're2js', outputMode: 'files_with_matches', filesSearched: 3, filesMatched: 1 },
    });
    expect((await run({ pattern: 'todo', path: code, '-i': true })).content).toBe(`${a}\n${b}`);
  });

  it('BT-3: content mode prints path:line:text, and -n false leaves the numbers out', async () => {
    expect((await run({ pattern: 'TODO', path: code, output_mode: 'content' })).content).toBe(
      `${a}:2:// TODO one\n${a}:6:// TODO two`,
    );
    expect((await run({ pattern: 'TODO', path: code, output_mode: 'content', '-n': false })).content).toBe(
      `${a}:// TODO one\n${a}:// TODO two`,
    );
  });

  it('BT-3: -A, -B and -C print context lines as path-N-text, with -- between groups that do not touch', async () => {
    expect((await run({ pattern: 'TODO', path: a, output_mode: 'content', '-A': 1 })).content).toBe(
      [`${a}:2:// TODO one`, `${a}-3-const a = 1;`, '--', `${a}:6:// TODO two`, `${a}-7-end`].join('\n'),
    );
    expect((await run({ pattern: 'TODO', path: a, output_mode: 'content', '-B': 1, '-n': false })).content).toBe(
      [`${a}-import x from "y";`, `${a}:// TODO one`, '--', `${a}-const c = 3;`, `${a}:// TODO two`].join('\n'),
    );
    expect((await run({ pattern: 'TODO', path: a, output_mode: 'content', '-C': 2 })).content).toBe(
      [
        `${a}-1-import x from "y";`,
        `${a}:2:// TODO one`,
        `${a}-3-const a = 1;`,
        `${a}-4-const b = 2;`,
        `${a}-5-const c = 3;`,
        `${a}:6:// TODO two`,
        `${a}-7-end`,
      ].join('\n'),
    );
    expect((await run({ pattern: 'TODO one', path: a, output_mode: 'content', '-C': 5, '-A': 0 })).content).toBe(
      [`${a}-1-import x from "y";`, `${a}:2:// TODO one`].join('\n'),
    );
  });

  it('BT-3: count mode prints path:N matching lines per file', async () => {
    expect(await run({ pattern: 'const|todo', path: code, output_mode: 'count' })).toMatchObject({
      content: `${a}:3\n${b}:1`,
      metadata: { outputMode: 'count', filesMatched: 2, matchingLines: 4 },
    });
  });

  it('BT-3: head_limit keeps the first N lines, files or counts, and says there are more', async () => {
    expect((await run({ pattern: 'const', path: a, output_mode: 'content', head_limit: 2 })).content).toBe(
      `${a}:3:const a = 1;\n${a}:4:const b = 2;\n[Showing the first 2 lines; there are more. Narrow the search, or raise head_limit.]`,
    );
    expect(await run({ pattern: 'o', path: code, head_limit: 1 })).toMatchObject({
      content: `${a}\n[Showing the first 1 files; there are more. Narrow the search, or raise head_limit.]`,
      metadata: { truncated: true },
    });
    expect((await run({ pattern: 'const', path: a, output_mode: 'content', head_limit: 3 })).metadata.truncated).toBe(
      false,
    );
  });

  it('BT-3: glob and type pick files', async () => {
    expect((await run({ pattern: 'o', path: code, glob: '*.md' })).content).toBe(join(code, 'docs/readme.md'));
    expect((await run({ pattern: 'o', path: code, glob: 'docs/**' })).content).toBe(join(code, 'docs/readme.md'));
    expect((await run({ pattern: 'o', path: code, type: 'js' })).content).toBe(b);
    expect(await run({ pattern: 'o', path: code, type: 'constructor' })).toMatchObject({
      isError: true,
      content:
        "Unknown type 'constructor'. Known types: c, cpp, cs, css, go, html, java, js, json, kotlin, md, php, py, ruby, rust, scala, sh, sql, swift, toml, ts, txt, xml, yaml. Or filter with glob.",
      metadata: { refused: 'invalid-input' },
    });
    expect(await run({ pattern: 'o', path: code, type: 'cobol' })).toMatchObject({
      isError: true,
      content:
        "Unknown type 'cobol'. Known types: c, cpp, cs, css, go, html, java, js, json, kotlin, md, php, py, ruby, rust, scala, sh, sql, swift, toml, ts, txt, xml, yaml. Or filter with glob.",
    });
  });

  it('BT-3: multiline lets a pattern span lines; every line a match touches is a matching line', async () => {
    const path = join(tree('multi', { 'm.ts': 'start {\n  body\n}\nother\n' }), 'm.ts');
    expect((await run({ pattern: '\\{.*?\\}', path, output_mode: 'content' })).content).toBe(`No matches in ${path}.`);
    expect((await run({ pattern: '\\{.*?\\}', path, output_mode: 'content', multiline: true })).content).toBe(
      `${path}:1:start {\n${path}:2:  body\n${path}:3:}`,
    );
    expect((await run({ pattern: '^', path, output_mode: 'count', multiline: true })).content).toBe(`${path}:4`);
  });

  it('BT-3: CRLF lines match without their CR; invalid UTF-8 reads as U+FFFD', async () => {
    const base = tree('encodings', {
      'crlf.txt': 'alpha\r\nbeta\r\n',
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    });
    expect((await run({ pattern: 'alpha$', path: base, output_mode: 'content' })).content).toBe(
      `${join(base, 'crlf.txt')}:1:alpha`,
    );
    expect((await run({ pattern: 'caf\uFFFD', path: base, output_mode: 'content' })).content).toBe(
      `${join(base, 'latin1.txt')}:1:caf\uFFFD`,
    );
  });

  it('BT-3: skips binary files and says so; leaves secret files out; never follows symbolic links', async () => {
    const outside = tree('grep-outside', { 'far.txt': 'needle far away\n' });
    const base = tree('skips', {
      'data.bin': Buffer.concat([Buffer.from('needle'), Buffer.from([0])]),
      '.env': 'needle=secret\n',
      'text.txt': 'needle here\n',
    });
    symlinkSync(join(outside, 'far.txt'), join(base, 'link.txt'));
    symlinkSync(outside, join(base, 'linked-folder'));
    expect(await run({ pattern: 'needle', path: base })).toMatchObject({
      content: join(base, 'text.txt'),
      metadata: { filesSearched: 1, skippedBinary: 1, secretsHidden: 1 },
    });
    expect((await run({ pattern: 'absent', path: base })).content).toBe(
      `No matches in ${base}.\n[Skipped files: 1 binary.]`,
    );
    expect((await run({ pattern: 'needle', path: join(base, '.env') })).metadata.refused).toBe('secret');
  });

  it('BT-3: a pattern catastrophic for a backtracking engine finishes quickly on RE2', async () => {
    const line = `${'a'.repeat(5_000)}!\n`;
    const path = join(tree('redos', { 'evil.txt': `${line.repeat(200)}aaaa\n` }), 'evil.txt');
    // On a backtracking engine one of these lines alone would run for longer than the age of the universe,
    // so the search finishing at all (within the test timeout) shows the linear-time engine ran it.
    const result = await run({ pattern: '(a+)+$', path, output_mode: 'count' });
    expect(result).toMatchObject({ isError: false, content: `${path}:1`, metadata: { engine: 're2js' } });
    const nested = await run({ pattern: '(.*,){11}P', path: code, output_mode: 'content' });
    expect(nested).toMatchObject({ isError: false, content: `No matches in ${code}.` });
  });

  it('BT-3: refuses lookaround and backreferences with a reason, and patterns over 1,000 characters', async () => {
    expect(await run({ pattern: 'foo(?=bar)', path: code })).toMatchObject({
      isError: true,
      content:
        "The pattern uses lookahead and lookbehind, which Grep's linear-time engine (RE2) does not support (invalid or unsupported Perl syntax: `(?=`). Rewrite it without them: match the surrounding text instead, or search for each alternative.",
      metadata: { refused: 'invalid-input' },
    });
    expect((await run({ pattern: '(a)\\1', path: code })).content).toBe(
      "The pattern uses backreferences, which Grep's linear-time engine (RE2) does not support (invalid escape sequence: `\\1`). Rewrite it without them: match the surrounding text instead, or search for each alternative.",
    );
    expect((await run({ pattern: 'foo(', path: code })).content).toBe(
      'The pattern is not a valid regular expression: missing closing ): `foo(`. Grep uses RE2 syntax; escape literal characters like ( [ { . * + ? with a backslash.',
    );
    expect((await run({ pattern: 'x'.repeat(1_001), path: code })).content).toBe(
      'The pattern is 1,001 characters long; Grep takes at most 1,000. Search for a shorter, distinctive part.',
    );
    expect((await run({ pattern: 'x'.repeat(1_000), path: code })).isError).toBe(false);
  });

  it('BT-3: runs in this process on re2js even where rg is on PATH (one engine, one set of rules)', async () => {
    const bin = join(root, 'fake-bin');
    const marker = join(root, 'rg-was-run');
    mkdirSync(bin);
    writeFileSync(join(bin, 'rg'), `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(join(bin, 'rg'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path ?? ''}`;
    try {
      const result = await run({ pattern: 'TODO', path: code });
      expect(result.metadata.engine).toBe('re2js');
      expect(result.content).toBe(a);
    } finally {
      process.env.PATH = path;
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('BT-3: Grep finds the lines rg finds (written out here, and compared with rg where it is installed); the re2js path is the one taken', async () => {
    const base = tree('parity', {
      'one.ts': 'foo1 = 1\nbar starts\nends with baz\nFOO22\n',
      'two/deep.md': 'no match\nfoo333 and foo4\n  bar not first\nBAZ\n',
      'three.txt': 'nothing here\n',
    });
    const one = join(base, 'one.ts');
    const deep = join(base, 'two/deep.md');
    const rg = spawnSync('rg', ['--version'], { encoding: 'utf8' });
    // What `rg -n --no-heading --sort path [-i] <pattern> <base>` prints for each search.
    const searches = [
      ['foo\\d+', false, [`${one}:1:foo1 = 1`, `${deep}:2:foo333 and foo4`]],
      ['^bar', false, [`${one}:2:bar starts`]],
      ['baz$', true, [`${one}:3:ends with baz`, `${deep}:4:BAZ`]],
      ['foo\\d{2,}', true, [`${one}:4:FOO22`, `${deep}:2:foo333 and foo4`]],
    ] as const;
    for (const [pattern, ignoreCase, lines] of searches) {
      const ours = await run({ pattern, path: base, output_mode: 'content', '-i': ignoreCase });
      expect(ours.metadata.engine).toBe('re2js');
      expect(ours.content, pattern).toBe(lines.join('\n'));
      if (rg.status !== 0) {
        expect(rg.error).toMatchObject({ code: 'ENOENT' }); // no rg here: the written-out lines stand in for it
        continue;
      }
      const args = [
        '-n',
        '--no-heading',
        '--no-config',
        '--sort',
        'path',
        ...(ignoreCase ? ['-i'] : []),
        pattern,
        base,
      ];
      const theirs = spawnSync('rg', args, { encoding: 'utf8' }).stdout.trimEnd();
      expect(ours.content, pattern).toBe(theirs);
    }
  });

  it('BT-3, PO-4: an aborted call stops the search; a FIFO as path is refused instead of blocking', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = await grep.execute(
      ToolInput.of({ pattern: 'TODO', path: code }),
      createToolContext({ cwd: root, signal: controller.signal }),
    );
    expect(aborted).toMatchObject({ isError: true, content: "Tool 'Grep' failed: This operation was aborted" });
    const fifo = join(root, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(await run({ pattern: 'x', path: fifo })).toMatchObject({
      isError: true,
      content: `${fifo} is not a regular file or folder (a device, socket or pipe); it cannot be searched.`,
      metadata: { refused: 'special-file' },
    });
  });

  it('PA-4: a .gitignore of patterns a backtracking matcher takes exponential time on: Grep applies it and never holds the event loop', async () => {
    const base = tree('hostile', hostileFiles('needle\n'));
    let result: ToolResult | undefined;
    expect(await longestBlock(async () => (result = await run({ pattern: 'needle', path: base })), 100)).toBeLessThan(
      100,
    );
    expect(result?.metadata).toMatchObject({ filesMatched: 60, ignored: 1 });
  });
});
