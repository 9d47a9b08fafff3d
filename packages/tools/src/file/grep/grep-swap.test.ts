import { spawn, type ChildProcess } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, ToolInput } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { GrepTool } from './grep-tool.js';
import { PARALLEL_MIN_FILES } from './grep-search.js';

const top = realpathSync(mkdtempSync(join(tmpdir(), 'tw-grep-swap-')));
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('Grep against a folder swapped under it', () => {
  it('PA-2: a racing swapper turning a folder into a link to outside: no Grep ever shows a line from outside', async () => {
    const ws = join(top, 'ws');
    const out = join(top, 'out');
    // Enough files that the search spreads over the workers too, in folders before and after the swapped one.
    for (const folder of ['a', 'sub', 'z']) {
      mkdirSync(join(ws, folder), { recursive: true });
      for (let index = 0; index < PARALLEL_MIN_FILES / 2; index++) {
        writeFileSync(join(ws, folder, `f${index}.txt`), `inside victim ${index}\n`);
      }
    }
    mkdirSync(out);
    for (let index = 0; index < PARALLEL_MIN_FILES / 2; index++) {
      writeFileSync(join(out, `f${index}.txt`), `outside victim ${index}\nvictim again\n`);
    }
    // Moves ws/sub away and puts a link to `out` in its place, then back, without pause.
    const swapper: ChildProcess = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs');
         process.chdir(${JSON.stringify(ws)});
         for (;;) {
           fs.renameSync('sub', 'held');
           fs.symlinkSync(${JSON.stringify(out)}, 'sub');
           fs.unlinkSync('sub');
           fs.renameSync('held', 'sub');
         }`,
      ],
      { stdio: 'ignore' },
    );
    try {
      const seen = new Set<string>();
      for (const deadline = performance.now() + 30_000; seen.size < 2 && performance.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        try {
          seen.add(lstatSync(join(ws, 'sub')).isSymbolicLink() ? 'link' : 'folder');
        } catch {
          // Between two renames.
        }
      }
      expect([...seen].sort()).toEqual(['folder', 'link']);
      const grep = new GrepTool();
      const context = createToolContext({ cwd: ws });
      let outside = 0;
      for (let call = 0; call < 30; call++) {
        const mode = call % 2 === 0 ? 'content' : 'count';
        const result = await grep.execute(ToolInput.of({ pattern: 'victim', output_mode: mode }), context);
        expect(result.isError).toBe(false);
        // A file outside (named as one inside) would show by its text, or by its count of two.
        if (result.content.includes('outside') || /:2$/m.test(result.content)) outside++;
      }
      expect(outside).toBe(0);
    } finally {
      swapper.kill('SIGKILL');
    }
  }, 120_000);
});
