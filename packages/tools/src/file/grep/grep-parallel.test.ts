import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, ToolInput, type ToolResult } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { GrepFileFeed } from './grep-file-feed.js';
import { compileGrepPattern } from './grep-pattern.js';
import { searchInParallel } from './grep-parallel.js';
import { GrepWorkerPool } from './grep-pool.js';
import { PARALLEL_MIN_FILES, type GrepFile, type GrepPlan } from './grep-search.js';
import { GrepTool } from './grep-tool.js';
import { GrepWorker } from './grep-worker-client.js';

const FILES = 2_400;
const root = mkdtempSync(join(tmpdir(), 'tw-grep-parallel-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** One file in 97 holds 1–3 needle lines; one in 500 is binary; one is over 256 KB (a worker's job). */
const files: GrepFile[] = [];
const needles = new Map<string, number>();
for (let index = 0; index < FILES; index++) {
  const folder = join(root, `part-${String(index % 24).padStart(2, '0')}`);
  const path = join(folder, `file-${String(index).padStart(4, '0')}.txt`);
  mkdirSync(folder, { recursive: true });
  const lines = Array.from({ length: 20 }, (_, line) => `line ${line} of file ${index}`);
  if (index % 97 === 0) {
    const count = 1 + (index % 3);
    for (let needle = 0; needle < count; needle++) lines[needle * 5] = `a needle_${index} here`;
    needles.set(path, count);
  }
  if (index === 1_000) lines.push('x'.repeat(300_000), 'a needle_big here');
  if (index === 1_000) needles.set(path, (needles.get(path) ?? 0) + 1);
  writeFileSync(path, index % 500 === 499 ? Buffer.from([0x6e, 0, 0x0a]) : `${lines.join('\n')}\n`);
  files.push({ open: path, show: path });
}
files.sort((left, right) => (left.open < right.open ? -1 : 1));
const matching = files.filter((file) => needles.has(file.open));
const isBinary = (path: string): boolean => Number(/file-(\d+)\.txt$/.exec(path)?.[1]) % 500 === 499;

const grep = new GrepTool();
const run = (input: Record<string, unknown>): Promise<ToolResult> =>
  grep.execute(ToolInput.of({ path: root, ...input }), createToolContext({ cwd: root }));

function plan(mode: 'count' | 'files_with_matches', enough: number, signal: AbortSignal): GrepPlan {
  const compiled = compileGrepPattern('needle_[0-9a-z]+', { ignoreCase: false, multiline: false });
  if (!compiled.ok) throw new Error(compiled.reason);
  const source = { pattern: 'needle_[0-9a-z]+', ignoreCase: false, multiline: false };
  return {
    pattern: compiled.pattern,
    mode,
    format: { before: 0, after: 0, lineNumbers: true },
    enough,
    signal,
    source,
  };
}

describe('Grep over many files', () => {
  it('PF-3: a search of thousands of files spread over the cores finds what the one-thread search finds', async () => {
    expect(FILES).toBeGreaterThan(PARALLEL_MIN_FILES);
    const counted = await run({ pattern: 'needle_[0-9a-z]+', output_mode: 'count' });
    expect(counted.content).toBe(matching.map((file) => `${file.show}:${needles.get(file.open)}`).join('\n'));
    expect(counted.metadata).toMatchObject({
      filesSearched: FILES - 4,
      filesMatched: matching.length,
      matchingLines: [...needles.values()].reduce((sum, count) => sum + count, 0),
      skippedBinary: 4,
    });
    // Content mode searches on one thread: the same lines, file by file.
    const shown = await run({ pattern: 'needle_[0-9a-z]+', output_mode: 'content', '-n': false });
    const perFile = new Map<string, number>();
    for (const line of shown.content.split('\n')) {
      const path = line.slice(0, line.indexOf(':'));
      perFile.set(path, (perFile.get(path) ?? 0) + 1);
    }
    expect(Object.fromEntries(perFile)).toEqual(
      Object.fromEntries(matching.map((file) => [file.show, needles.get(file.open)])),
    );
  });

  it('PF-3: head_limit stops where the one-thread search stops: the same files, the same count of files searched', async () => {
    const limited = await run({ pattern: 'needle', head_limit: 3 });
    expect(limited.content).toBe(
      [
        ...matching.slice(0, 3).map((file) => file.show),
        '[Showing the first 3 files; there are more. Narrow the search, or raise head_limit.]',
      ].join('\n'),
    );
    // The one-thread search reads up to the fourth matching file, then stops.
    const fourth = files.indexOf(matching[3] as GrepFile);
    const binaryBefore = files.slice(0, fourth + 1).filter((file) => isBinary(file.open)).length;
    expect(limited.metadata).toMatchObject({
      filesSearched: fourth + 1 - binaryBefore,
      filesMatched: 4,
      truncated: true,
    });
  });

  it('PF-3: the pool gives the same findings as the tool, and an abort stops it with the abort error', async () => {
    const pool = new GrepWorkerPool(2);
    const controller = new AbortController();
    const large = new GrepWorker(controller.signal);
    try {
      const found = await searchInParallel(
        GrepFileFeed.of(files),
        plan('files_with_matches', 20_001, controller.signal),
        pool,
        large,
      );
      expect(found.output).toEqual(matching.map((file) => file.show));
      const stopping = new AbortController();
      const aborted = searchInParallel(GrepFileFeed.of(files), plan('count', 20_001, stopping.signal), pool, large);
      stopping.abort();
      await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      large.close();
      pool.terminate();
    }
  });

  it('PF-3: files that come while the search runs are searched in order; a walk that fails fails the search', async () => {
    const pool = new GrepWorkerPool(2);
    const controller = new AbortController();
    const large = new GrepWorker(controller.signal);
    try {
      const feed = new GrepFileFeed();
      const searching = searchInParallel(feed, plan('count', 20_001, controller.signal), pool, large);
      // A few files at a time, as a walk of many small folders finds them, each after a turn of the event loop.
      for (let at = 0; at < files.length; at += 37) {
        for (const file of files.slice(at, at + 37)) feed.add(file);
        await new Promise((resolve) => setImmediate(resolve));
      }
      feed.end();
      const found = await searching;
      expect(found.output).toEqual(matching.map((file) => `${file.show}:${needles.get(file.open)}`));
      expect([found.filesSearched, found.skippedBinary]).toEqual([FILES - 4, 4]);

      const failing = new GrepFileFeed();
      const failed = searchInParallel(failing, plan('count', 20_001, controller.signal), pool, large);
      for (const file of files.slice(0, 600)) failing.add(file);
      const error = new Error('the folder could not be listed');
      failing.fail(error);
      await expect(failed).rejects.toBe(error);
    } finally {
      large.close();
      pool.terminate();
    }
  });
});
