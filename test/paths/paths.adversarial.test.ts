// The adversarial suite for paths and files (SPEC PA-1..PA-4, PM-1, PM-4, BT-3): every case is
// what a hostile model or a malicious repository would try, run through the public API (ToolGate
// with createFileTools) and, for some, the CLI. Each asserts that nothing outside the rules was
// read, written, created or listed, and that the call did not hold the event loop.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolUse, type ToolResult } from '@toolwright/core';
import { ToolGate, type PermissionConfig } from '@toolwright/gate';
import { createFileTools, type FileToolOptions } from '@toolwright/tools';
import { afterAll, describe, expect, it } from 'vitest';
import { toolwright } from '@toolwright/test-support/run-toolwright';
import { watchLoop } from './loop-watch.js';

/** SPEC PA-4: no gate call on the built-in tools holds the event loop longer than this (CPU time). */
const LOOP_BUDGET_MS = 100;
const SECRET = 'OUTSIDE-SECRET-7f3a';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'tw-paths-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let cases = 0;
/** A fresh sandbox: `ws` (the workspace the rules allow) and `out` beside it, holding a secret. */
function sandbox(): { root: string; ws: string; out: string } {
  const root = join(base, `case-${++cases}`);
  const ws = join(root, 'ws');
  const out = join(root, 'out');
  mkdirSync(ws, { recursive: true });
  mkdirSync(out);
  writeFileSync(join(out, 'victim.txt'), `${SECRET}\n`);
  writeFileSync(join(ws, 'inside.txt'), 'inside\n');
  return { root, ws, out };
}

/** What `out` holds, name by name with contents: compared before and after each attack. */
function snapshot(folder: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const path = join(folder, name);
    try {
      found[name] = readFileSync(path, 'utf8');
    } catch {
      found[name] = '(folder)';
    }
  }
  return found;
}

function gateFor(
  ws: string,
  permissions: PermissionConfig | undefined,
  options: { tools?: FileToolOptions; approver?: (request: unknown) => boolean | Promise<boolean> } = {},
): (name: string, input: Record<string, unknown>) => Promise<ToolResult> {
  const gate = new ToolGate({
    tools: createFileTools(options.tools),
    ...(permissions === undefined ? {} : { permissions }),
    ...(options.approver === undefined ? {} : { approver: options.approver }),
    runOptions: { allowWrite: true },
    schemaValidation: 'ENFORCE',
    cwd: ws,
  });
  let calls = 0;
  return async (name, input) => {
    const watch = watchLoop();
    const result = await gate.execute(createToolUse(`call_${++calls}`, name, input));
    const { longestCpuMs } = watch.stop();
    expect(longestCpuMs, `${name} ${JSON.stringify(input).slice(0, 200)} held the event loop`).toBeLessThan(
      LOOP_BUDGET_MS,
    );
    return result;
  };
}

const rulesFor = (ws: string, out: string): PermissionConfig => ({
  allow: ['Read', 'Ls', 'Glob', 'Grep', `Write(${ws}/**)`, `Edit(${ws}/**)`],
  deny: [`Write(${out}/**)`, `Edit(${out}/**)`, `Read(${out}/**)`],
});

describe('paths and files under attack', () => {
  describe('PA-1: dangling symbolic links never lead a write outside', () => {
    const links: ReadonlyArray<[label: string, target: (out: string) => string, reaches: string]> = [
      ['a relative link to a missing file', () => '../out/planted.txt', 'planted.txt'],
      ['an absolute link to a missing file', (out) => join(out, 'planted.txt'), 'planted.txt'],
      ['a link to a missing secret file', () => '../out/.env', '.env'],
      ['a chain of two links', () => 'hop', 'planted.txt'],
    ];
    for (const [label, target, reaches] of links) {
      for (const setup of ['rules', 'workspace', 'no rules'] as const) {
        it(`PA-1: Write through ${label} is refused (${setup}); nothing is created outside`, async () => {
          const { ws, out } = sandbox();
          symlinkSync(target(out), join(ws, 'notes.txt'));
          if (label.startsWith('a chain')) symlinkSync('../out/planted.txt', join(ws, 'hop'));
          const before = snapshot(out);
          const call =
            setup === 'rules'
              ? gateFor(ws, rulesFor(ws, out))
              : setup === 'workspace'
                ? gateFor(ws, { allow: ['Write', 'Edit', 'Read'] }, { tools: { workspace: ws } })
                : gateFor(ws, undefined);
          for (const name of ['Write', 'Edit']) {
            const input =
              name === 'Write'
                ? { file_path: 'notes.txt', content: 'planted' }
                : { file_path: 'notes.txt', old_string: 'a', new_string: 'b' };
            const result = await call(name, input);
            expect(result.isError).toBe(true);
          }
          expect(existsSync(join(out, reaches))).toBe(false);
          expect(snapshot(out)).toEqual(before);
        });
      }
    }

    it('PA-1: a dangling link to a missing folder cannot be used to create folders or files outside', async () => {
      const { ws, out } = sandbox();
      symlinkSync('../out/new-folder', join(ws, 'sub'));
      const call = gateFor(ws, rulesFor(ws, out));
      const result = await call('Write', { file_path: 'sub/deep/file.txt', content: 'x' });
      expect(result).toMatchObject({ isError: true, metadata: { policyDenied: true } });
      expect(result.content).toBe(
        `Permission denied: Write of '${ws}/sub/deep/file.txt' (really '${out}/new-folder/deep/file.txt') matches the deny rule Write(${out}/**).`,
      );
      expect(existsSync(join(out, 'new-folder'))).toBe(false);
    });

    it('PA-1: the CLI refuses the same dangling link (exit 1) and creates nothing', () => {
      const { ws, out } = sandbox();
      symlinkSync('../out/planted.txt', join(ws, 'notes.txt'));
      const run = toolwright(
        [
          'call',
          'builtin',
          'Write',
          JSON.stringify({ file_path: join(ws, 'notes.txt'), content: 'planted' }),
          '--allow',
          `Write(${ws}/**)`,
          '--deny',
          `Write(${out}/**)`,
          '--allow-write',
        ],
        ws,
      );
      expect(run.status).toBe(1);
      expect(run.stdout + run.stderr).toContain(`(really '${out}/planted.txt') matches the deny rule Write(${out}/**)`);
      expect(existsSync(join(out, 'planted.txt'))).toBe(false);
    });
  });

  describe('PA-2: the file a tool touches is the file the gate approved', () => {
    for (const name of ['Edit', 'Write', 'Read'] as const) {
      it(`PA-2: a folder swapped for a link inside the approver callback: the approved ${name} touches nothing outside`, async () => {
        const { ws, out } = sandbox();
        mkdirSync(join(ws, 'sub'));
        writeFileSync(join(ws, 'sub/victim.txt'), 'inside victim\n');
        const before = snapshot(out);
        const call = gateFor(
          ws,
          { allow: ['Read'], ask: [`${name}(${ws}/**)`], deny: [`Read(${out}/**)`] },
          {
            approver: () => {
              // Approved for ws/sub/victim.txt; by now ws/sub leads outside.
              rmSync(join(ws, 'sub'), { recursive: true });
              symlinkSync(out, join(ws, 'sub'));
              return true;
            },
          },
        );
        const input =
          name === 'Edit'
            ? { file_path: 'sub/victim.txt', old_string: SECRET, new_string: 'CHANGED' }
            : name === 'Write'
              ? { file_path: 'sub/victim.txt', content: 'CHANGED' }
              : { file_path: 'sub/victim.txt' };
        const result = await call(name, input);
        expect(result.isError).toBe(true);
        expect(result.content).not.toContain(SECRET);
        expect(result.content).toBe(
          `${ws}/sub/victim.txt (really ${out}/victim.txt) is not covered by the permission rules for this call (a link on the way may have changed after the check); nothing was read or changed.`,
        );
        expect(snapshot(out)).toEqual(before);
      });
    }

    it('PA-2: a racing swapper over 600 Write, Edit and Read calls: zero escapes', async () => {
      const { ws, out } = sandbox();
      mkdirSync(join(ws, 'real-sub'));
      writeFileSync(join(ws, 'real-sub/victim.txt'), `inside ${SECRET.toLowerCase()}\n`);
      symlinkSync('real-sub', join(ws, 'sub'));
      const before = snapshot(out);
      const seen = new Set<string>();
      // Swaps ws/sub between the folder inside and `out`, atomically (rename over the link), without pause.
      const swapper: ChildProcess = spawn(
        process.execPath,
        [
          '-e',
          `const fs = require('node:fs');
           process.chdir(${JSON.stringify(ws)});
           for (;;) for (const target of [${JSON.stringify(out)}, 'real-sub']) {
             try { fs.unlinkSync('sub.tmp'); } catch {}
             fs.symlinkSync(target, 'sub.tmp');
             fs.renameSync('sub.tmp', 'sub');
           }`,
        ],
        { stdio: 'ignore' },
      );
      try {
        // The race is on once both targets have been seen (however slowly the swapper starts).
        for (const deadline = performance.now() + 30_000; seen.size < 2 && performance.now() < deadline;) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          try {
            seen.add(readlinkSync(join(ws, 'sub')));
          } catch {
            // Between two renames.
          }
        }
        expect([...seen].sort()).toEqual([out, 'real-sub'].sort());
        const call = gateFor(ws, rulesFor(ws, out));
        let leaked = 0;
        const outcomes = new Set<string>();
        for (let index = 0; index < 200; index++) {
          const write = await call('Write', { file_path: `sub/new-${index}.txt`, content: 'written' });
          outcomes.add(write.isError ? 'refused' : 'written');
          // The file outside holds the same text: an Edit that escaped would change it.
          const [from, to] = index % 2 === 0 ? ['7f3a', '7f3b'] : ['7f3b', '7f3a'];
          await call('Edit', { file_path: 'sub/victim.txt', old_string: from, new_string: to });
          const read = await call('Read', { file_path: 'sub/victim.txt' });
          if (read.content.includes(SECRET)) leaked++;
        }
        expect(leaked).toBe(0);
        // Both states were met: some writes landed inside, some were refused.
        expect([...outcomes].sort()).toEqual(['refused', 'written']);
      } finally {
        swapper.kill('SIGKILL');
      }
      expect(snapshot(out)).toEqual(before);
    }, 120_000);
  });

  describe('PA-3: rules apply to every path a walking tool visits', () => {
    function privateTree(): { ws: string; out: string } {
      const { ws, out } = sandbox();
      mkdirSync(join(ws, 'private/deeper'), { recursive: true });
      mkdirSync(join(ws, 'pub'));
      writeFileSync(join(ws, 'private/n.txt'), `${SECRET} in private\n`);
      writeFileSync(join(ws, 'private/deeper/m.txt'), `${SECRET} deeper\n`);
      writeFileSync(join(ws, 'pub/p.txt'), `${SECRET.toLowerCase()} public\n`);
      return { ws, out };
    }
    const configs: ReadonlyArray<[label: string, config: (ws: string) => PermissionConfig]> = [
      [
        'a deny rule of the tool itself',
        (ws) => ({
          allow: ['Grep', 'Glob', 'Ls'],
          deny: ['Grep', 'Glob', 'Ls'].map((name) => `${name}(${ws}/private/**)`),
        }),
      ],
      ['a Read deny rule', (ws) => ({ allow: ['Grep', 'Glob', 'Ls'], deny: [`Read(${ws}/private/**)`] })],
      [
        'allow rules that leave private out',
        (ws) => ({ allow: [`Read(${ws})`, `Read(${ws}/pub/**)`, `Read(${ws}/inside.txt)`] }),
      ],
    ];
    for (const [label, config] of configs) {
      for (const start of ['.', 'pub/..', 'private/..'] as const) {
        it(`PA-3: Grep, Glob and Ls from '${start}' never show what ${label} covers`, async () => {
          const { ws } = privateTree();
          const call = gateFor(ws, config(ws));
          const grep = await call('Grep', { pattern: 'OUTSIDE', path: start, output_mode: 'content', '-i': true });
          expect(grep.isError).toBe(false);
          expect(grep.content).toBe(`${ws}/pub/p.txt:1:${SECRET.toLowerCase()} public`);
          const glob = await call('Glob', { pattern: '**/*', path: start });
          expect(glob.content.split('\n').sort()).toEqual([`${ws}/inside.txt`, `${ws}/pub/p.txt`]);
          const ls = await call('Ls', { path: start });
          expect(ls.content).not.toContain('private');
          expect(ls.content).toContain('pub/');
        });
      }
      it(`PA-3: a search that starts inside what ${label} covers is refused or finds nothing`, async () => {
        const { ws } = privateTree();
        const call = gateFor(ws, config(ws));
        for (const [name, input] of [
          ['Grep', { pattern: 'OUTSIDE', path: 'private', output_mode: 'content' }],
          ['Glob', { pattern: '**', path: 'private/deeper' }],
          ['Ls', { path: 'private' }],
          ['Grep', { pattern: 'OUTSIDE', path: 'private/n.txt' }],
        ] as const) {
          const result = await call(name, input);
          expect(result.content).not.toContain(SECRET);
          expect(result.content).not.toContain('n.txt\n');
          expect(result.isError).toBe(true);
        }
      });
    }

    it('PA-3: a link inside the allowed folder to a denied one lists only the link, never its contents', async () => {
      const { ws, out } = sandbox();
      symlinkSync(out, join(ws, 'to-out'));
      const call = gateFor(ws, rulesFor(ws, out));
      const grep = await call('Grep', { pattern: 'OUTSIDE', path: '.', output_mode: 'content' });
      expect(grep.content).toBe(`No matches in ${ws}.`);
      expect((await call('Grep', { pattern: 'OUTSIDE', path: 'to-out' })).isError).toBe(true);
      expect((await call('Ls', { path: 'to-out' })).isError).toBe(true);
      expect((await call('Glob', { pattern: '**', path: 'to-out' })).isError).toBe(true);
    });
  });

  describe('PM-1: without rules, tools that take a path stay in the working directory', () => {
    const attempts: ReadonlyArray<[name: string, input: (out: string) => Record<string, unknown>]> = [
      ['Read', (out) => ({ file_path: join(out, 'victim.txt') })],
      ['Read', () => ({ file_path: '../out/victim.txt' })],
      ['Read', () => ({ file_path: 'link-out/victim.txt' })],
      ['Read', () => ({ file_path: '/etc/passwd' })],
      ['Grep', () => ({ pattern: 'OUTSIDE', path: '..' })],
      ['Grep', () => ({ pattern: 'root', path: '/etc' })],
      ['Glob', () => ({ pattern: '*', path: '/' })],
      ['Ls', () => ({ path: 'link-out' })],
      ['Write', () => ({ file_path: '../out/new.txt', content: 'x' })],
      ['Edit', (out) => ({ file_path: join(out, 'victim.txt'), old_string: SECRET, new_string: 'x' })],
    ];
    for (const [name, input] of attempts) {
      it(`PM-1: ${name} ${JSON.stringify(input('<out>'))} is denied`, async () => {
        const { ws, out } = sandbox();
        symlinkSync(out, join(ws, 'link-out'));
        const before = snapshot(out);
        const result = await gateFor(ws, undefined)(name, input(out));
        expect(result).toMatchObject({ isError: true, metadata: { policyDenied: true } });
        expect(result.content).toMatch(/^Permission denied: .* is outside the working directory /);
        expect(result.content).not.toContain(SECRET);
        expect(snapshot(out)).toEqual(before);
      });
    }

    it('PM-1: inside the working directory the tools work as usual', async () => {
      const { ws, out } = sandbox();
      const call = gateFor(ws, undefined);
      expect((await call('Read', { file_path: 'inside.txt' })).content).toBe('     1\tinside');
      expect((await call('Write', { file_path: 'sub/new.txt', content: 'new' })).isError).toBe(false);
      expect(readFileSync(join(ws, 'sub/new.txt'), 'utf8')).toBe('new');
      expect((await call('Grep', { pattern: 'inside' })).content).toBe(`${ws}/inside.txt`);
      expect(existsSync(join(out, 'sub'))).toBe(false);
    });
  });

  describe('PA-4: bounded before expensive', () => {
    it('PA-4: a 140 KB path of 70,000 segments is refused at once, before any walk', async () => {
      const { ws } = sandbox();
      const call = gateFor(ws, { allow: [`Read(${tmpdir()}/**)`, `Read(${ws}/**)`] });
      const result = await call('Read', { file_path: `${ws}/${'a/'.repeat(70_000)}x` });
      expect(result.isError).toBe(true);
      expect(result.content).toBe(
        `Permission denied: the Read path '${ws}/${'a/'.repeat(200).slice(0, 200 - ws.length - 1)}…' cannot be judged. The path is longer than 4,096 bytes.`,
      );
    });

    it('PA-4: arguments over the size cap are refused before the permission stage ever sees them', async () => {
      const { ws } = sandbox();
      const asked: unknown[] = [];
      const call = gateFor(ws, { ask: ['Read'] }, { approver: (request) => (asked.push(request), true) });
      const result = await call('Read', { file_path: `${'b/'.repeat(600_000)}x` });
      expect(result.content).toBe(
        'The arguments are 1200017 bytes of JSON; at most 1048576 are accepted. The tool was not executed.',
      );
      expect(asked).toEqual([]);
    });

    const bombs: ReadonlyArray<[name: string, input: Record<string, unknown>, parameter: string]> = [
      ['Ls', { ignore: ['{1..100000}'] }, 'ignore "{1..100000}"'],
      ['Glob', { pattern: '{1..100000}' }, 'pattern'],
      ['Glob', { pattern: '{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}' }, 'pattern'],
      ['Grep', { pattern: 'x', glob: '{1..100000}' }, 'glob'],
      ['Grep', { pattern: 'x', glob: '{{1..99},{1..99}}{{1..99},{1..99}}' }, 'glob'],
    ];
    for (const [name, input, parameter] of bombs) {
      it(`PA-4: a brace bomb in ${name} ${parameter} is refused with a clear reason`, async () => {
        const { ws } = sandbox();
        const result = await gateFor(ws, undefined)(name, input);
        expect(result.isError).toBe(true);
        expect(result.content).toMatch(
          new RegExp(
            `^${parameter.replace(/[{}.()]/g, '\\$&')}: The glob's braces stand for [\\d,]+ patterns; at most 1,000 are accepted\\.`,
          ),
        );
      });
    }

    it('PA-4: a glob that takes a backtracking engine seconds matches in linear time', async () => {
      const { ws } = sandbox();
      mkdirSync(join(ws, 'many'));
      for (let index = 0; index < 200; index++) writeFileSync(join(ws, 'many', `${'a'.repeat(200)}${index}`), '');
      const call = gateFor(ws, undefined);
      const glob = await call('Glob', { pattern: 'many/*a*a*a*a*a*a*a*a*a*a*b' });
      expect(glob.content).toBe(`No files below ${ws} match the pattern.`);
      const grep = await call('Grep', { pattern: 'x', glob: '*a*a*a*a*a*a*a*a*a*a*b' });
      expect(grep.content).toBe(`No matches in ${ws}.`);
      const ls = await call('Ls', { path: 'many', ignore: ['*a*a*a*a*a*a*a*a*a*a*b'] });
      expect(ls.metadata.entries).toBe(200);
    });

    it('PA-4: Write, Edit and Read refuse a FIFO at once; four such calls do not stall a later Read', async () => {
      const { ws } = sandbox();
      expect(spawnSync('mkfifo', [join(ws, 'pipe')]).status).toBe(0);
      const call = gateFor(ws, undefined);
      const results = await Promise.all([
        call('Write', { file_path: 'pipe', content: 'x' }),
        call('Edit', { file_path: 'pipe', old_string: 'a', new_string: 'b' }),
        call('Read', { file_path: 'pipe' }),
        call('Write', { file_path: 'pipe', content: 'y' }),
      ]);
      expect(results.map((result) => [result.isError, result.metadata.refused])).toEqual([
        [true, 'special-file'],
        [true, 'special-file'],
        [true, 'special-file'],
        [true, 'special-file'],
      ]);
      expect((await call('Read', { file_path: 'inside.txt' })).content).toBe('     1\tinside');
    });

    it('PA-4: a repository that plants its .gitignore as a FIFO or a link to /dev/zero cannot hang a search', async () => {
      const { ws } = sandbox();
      mkdirSync(join(ws, '.git'));
      mkdirSync(join(ws, 'sub'));
      expect(spawnSync('mkfifo', [join(ws, '.gitignore')]).status).toBe(0);
      symlinkSync('/dev/zero', join(ws, 'sub/.gitignore'));
      writeFileSync(join(ws, 'sub/found.txt'), 'needle\n');
      const call = gateFor(ws, undefined);
      expect((await call('Grep', { pattern: 'needle' })).content).toBe(`${ws}/sub/found.txt`);
      expect((await call('Glob', { pattern: '**/*.txt' })).content).toBe(`${ws}/inside.txt\n${ws}/sub/found.txt`);
      expect((await call('Grep', { pattern: 'needle', path: 'sub' })).content).toBe(`${ws}/sub/found.txt`);
    });

    it('PA-4: /dev/zero and /proc entries are refused by Read, Edit and Write as special or outside', async () => {
      const { ws } = sandbox();
      symlinkSync('/dev/zero', join(ws, 'zero'));
      const rules = { allow: ['Read(/dev/**)', 'Edit(/dev/**)', 'Write(/dev/**)', `Read(${ws}/**)`, `Edit(${ws}/**)`] };
      const call = gateFor(ws, rules);
      const rss = process.memoryUsage().rss;
      for (const [name, input] of [
        ['Edit', { file_path: '/dev/zero', old_string: 'a', new_string: 'b' }],
        ['Read', { file_path: '/dev/zero' }],
        ['Write', { file_path: '/dev/null', content: 'x' }],
        ['Edit', { file_path: 'zero', old_string: 'a', new_string: 'b' }],
      ] as const) {
        const result = await call(name, input);
        expect(result.metadata.refused, `${name} ${input.file_path}`).toBe('special-file');
      }
      expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1_048_576);
      // A link to /proc leads outside the workspace's rules: denied by its real path.
      symlinkSync('/proc/self/environ', join(ws, 'environ'));
      const environ = await call('Read', { file_path: 'environ' });
      expect(environ).toMatchObject({ isError: true, metadata: { policyDenied: true } });
    });

    it('PA-4: Grep content mode on 150,000 matching lines returns exactly head_limit lines', async () => {
      const { ws } = sandbox();
      writeFileSync(join(ws, 'many.txt'), 'match me\n'.repeat(150_000));
      const call = gateFor(ws, undefined);
      const result = await call('Grep', { pattern: 'match', output_mode: 'content', head_limit: 5, path: 'many.txt' });
      expect(result.isError).toBe(false);
      expect(result.content.split('\n')).toEqual([
        ...[1, 2, 3, 4, 5].map((line) => `${ws}/many.txt:${line}:match me`),
        '[Showing the first 5 lines; there are more. Narrow the search, or raise head_limit.]',
      ]);
      const unlimited = await call('Grep', { pattern: 'match', output_mode: 'content', path: 'many.txt' });
      expect(unlimited.isError).toBe(false);
      expect(unlimited.content.startsWith(`${ws}/many.txt:1:match me\n${ws}/many.txt:2:match me\n`)).toBe(true);
    });

    it('PA-4: megabytes of text never hold the event loop: Grep in every mode, Edit with a million replacements, Read far in', async () => {
      const { ws } = sandbox();
      writeFileSync(join(ws, 'one-line.txt'), 'x'.repeat(6_000_000));
      writeFileSync(join(ws, 'lines.txt'), 'short line here\n'.repeat(400_000));
      const call = gateFor(ws, undefined);
      // A match at the very end of one 6 MB line, on the engine's slow path (no literal to skip to).
      writeFileSync(join(ws, 'one-line.txt'), `${'x'.repeat(6_000_000)}y`);
      const multiline = await call('Grep', {
        pattern: 'x+y',
        multiline: true,
        path: 'one-line.txt',
        output_mode: 'count',
      });
      expect(multiline.content).toBe(`${ws}/one-line.txt:1`);
      const line = await call('Grep', { pattern: '[a-z]+y', path: 'one-line.txt', output_mode: 'count' });
      expect(line.content).toBe(`${ws}/one-line.txt:1`);
      const count = await call('Grep', { pattern: 'line h', output_mode: 'count', path: 'lines.txt' });
      expect(count.content).toBe(`${ws}/lines.txt:400000`);
      const edit = await call('Edit', { file_path: 'lines.txt', old_string: 'e', new_string: 'E', replace_all: true });
      expect(edit.content.split('\n')[0]).toBe(
        `Replaced 1,200,000 occurrences in ${ws}/lines.txt. The first change now reads:`,
      );
      expect(readFileSync(join(ws, 'lines.txt'), 'utf8').slice(0, 32)).toBe('short linE hErE\nshort linE hErE\n');
      const read = await call('Read', { file_path: 'lines.txt', offset: 399_999, limit: 5 });
      expect(read.content.split('\n').slice(0, 2)).toEqual(['399999\tshort linE hErE', '400000\tshort linE hErE']);
    });

    it('PA-4: an abandoned Grep stops: its worker is terminated when the gate gives up', async () => {
      const { ws } = sandbox();
      // About a second and a half of CPU for the engine (no literal to skip to) on an idle machine.
      writeFileSync(join(ws, 'huge.txt'), `${'x'.repeat(15_000_000)}y`);
      const gate = new ToolGate({ tools: createFileTools(), cwd: ws, timeoutMs: 50 });
      const result = await gate.execute(
        createToolUse('slow', 'Grep', { pattern: 'x+y', multiline: true, path: 'huge.txt' }),
      );
      expect(result).toMatchObject({ isError: true, metadata: { timedOut: true } });
      // Had the search gone on, its thread would keep burning this process's CPU time for a while;
      // terminated, the process stays nearly idle through the next two seconds.
      const cpu = process.cpuUsage();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const spent = process.cpuUsage(cpu);
      expect((spent.user + spent.system) / 1000).toBeLessThan(400);
    });

    it('PA-4: Edit refuses a replace_all that would grow the file past its limit, and changes nothing', async () => {
      const { ws } = sandbox();
      // Three a's on each of 10,000 lines of 28 bytes: 280,000 + 30,000 × 10,239 bytes after the change.
      const original = 'a line with a few a letters\n'.repeat(10_000);
      writeFileSync(join(ws, 'grow.txt'), original);
      const rss = process.memoryUsage().rss;
      const result = await gateFor(ws, undefined)('Edit', {
        file_path: 'grow.txt',
        old_string: 'a',
        new_string: 'x'.repeat(10_240),
        replace_all: true,
      });
      expect(result).toMatchObject({ isError: true, metadata: { refused: 'too-large' } });
      expect(result.content).toBe(
        `Replacing 30,000 occurrences would make ${ws}/grow.txt 307,450,000 bytes, over Edit's limit of 16,777,216 bytes; nothing was changed. Replace fewer occurrences at a time, or write the file with Write.`,
      );
      expect(readFileSync(join(ws, 'grow.txt'), 'utf8')).toBe(original);
      expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1_048_576);
    });
  });
});
