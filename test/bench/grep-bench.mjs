// The Grep section of `pnpm bench`: the built-in Grep tool (re2js, in process, called through a
// ToolGate as an agent would call it) beside `grep -rnE` and, where installed, ripgrep, on one
// generated tree of ~20,000 files / ~200 MB, all in one run on this machine. Each search runs
// RUNS times after one warm-up; the median is reported. Result counts are checked against each
// other and against what the generator planted; times are reported, never asserted. The tree is
// deleted afterwards, whatever happens.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createToolUse } from '../../packages/core/dist/index.js';
import { ToolGate } from '../../packages/gate/dist/index.js';
import { createFileTools } from '../../packages/tools/dist/file/create-file-tools.js';
import { generateGrepTree, NEEDLE_PATTERN } from './grep-tree.mjs';

const RUNS = 3;
const MAX_BUFFER = 64 * 1_048_576;

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs `search` once to warm up, then RUNS times; returns the median ms and the last count. */
async function measure(search) {
  await search();
  const times = [];
  let count;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    count = await search();
    times.push(performance.now() - started);
  }
  return { ms: median(times), count };
}

/** Lines a command prints (grep and rg print one per match). */
function countLines(command, args) {
  const run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: MAX_BUFFER });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return run.stdout.split('\n').filter((line) => line !== '').length;
}

function version(command) {
  const run = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.split('\n')[0] : undefined;
}

/** Runs the Grep section; prints a table. Throws when the engines disagree on what matches. */
export async function runGrepBench() {
  console.log('');
  console.log('Grep: the built-in Grep tool through a ToolGate beside grep -rnE and ripgrep, on one generated tree');
  const began = performance.now();
  const tree = generateGrepTree();
  try {
    const generatedIn = (performance.now() - began) / 1_000;
    console.log(
      `Tree: ${tree.files.toLocaleString('en-US')} files, ${(tree.bytes / 1_048_576).toFixed(0)} MB in ${generatedIn.toFixed(1)} s; ` +
        `pattern /${NEEDLE_PATTERN}/ planted in ${tree.matchingFiles} files, ${tree.matchingLines} lines.`,
    );
    const gate = new ToolGate({
      tools: createFileTools(),
      permissions: { allow: [`Grep(${tree.root})`, `Grep(${tree.root}/**)`] },
      timeoutMs: 600_000,
    });
    let calls = 0;
    const grepTool = async (input) => {
      const result = await gate.execute(
        createToolUse(`bench_${++calls}`, 'Grep', { pattern: NEEDLE_PATTERN, path: tree.root, ...input }),
      );
      if (result.isError) throw new Error(`Grep failed: ${result.content}`);
      return result.metadata;
    };
    // Each row: [label, what it counts, measurement]; the first row of each kind (grep's) is the baseline.
    const rows = [];
    const add = async (label, kind, search) => rows.push([label, kind, await measure(search)]);
    const rg = version('rg');
    const shouting = NEEDLE_PATTERN.toUpperCase();
    await add('grep -rnE', 'lines', () => countLines('grep', ['-rnE', NEEDLE_PATTERN, tree.root]));
    if (rg !== undefined)
      await add('rg -n', 'lines', () => countLines('rg', ['-n', '--no-config', NEEDLE_PATTERN, tree.root]));
    await add('Grep count', 'lines', async () => (await grepTool({ output_mode: 'count' })).matchingLines);
    await add('grep -rniE', 'lines, -i', () => countLines('grep', ['-rniE', shouting, tree.root]));
    if (rg !== undefined)
      await add('rg -ni', 'lines, -i', () => countLines('rg', ['-ni', '--no-config', shouting, tree.root]));
    await add(
      'Grep count -i',
      'lines, -i',
      async () => (await grepTool({ pattern: shouting, '-i': true, output_mode: 'count' })).matchingLines,
    );
    await add('grep -rlE', 'files', () => countLines('grep', ['-rlE', NEEDLE_PATTERN, tree.root]));
    if (rg !== undefined)
      await add('rg -l', 'files', () => countLines('rg', ['-l', '--no-config', NEEDLE_PATTERN, tree.root]));
    await add('Grep files_with_matches', 'files', async () => (await grepTool({})).filesMatched);

    for (const [label, kind, { count }] of rows) {
      const expected = kind === 'files' ? tree.matchingFiles : tree.matchingLines;
      if (count !== expected) throw new Error(`${label} found ${count}, but the tree holds ${expected}.`);
    }
    const baseline = (kind) => rows.find((row) => row[1] === kind)[2].ms;
    console.log(
      `Node ${process.version}; ${version('grep')}; ${rg ?? 'ripgrep not installed'}. Median of ${RUNS} runs after one warm-up (page cache warm).`,
    );
    console.log(
      'Grep: `await gate.execute(toolUse)` through a ToolGate (allow Grep(<tree>), Grep(<tree>/**)), in process on re2js;',
    );
    console.log(
      '  grep and rg: spawned, their output lines counted. Each row counts matching lines or matching files.',
    );
    console.log('');
    const table = [
      ['search', 'counts', 'median', 'found', 'vs grep'],
      ...rows.map(([label, kind, { ms, count }]) => [
        label,
        kind,
        `${ms.toFixed(0)} ms`,
        String(count),
        `${(ms / baseline(kind)).toFixed(2)}x`,
      ]),
    ];
    const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
    for (const [index, row] of table.entries()) {
      console.log(
        row
          .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
          .join('  '),
      );
      if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
    }
    console.log(`All counts agree with the planted ${tree.matchingLines} lines in ${tree.matchingFiles} files.`);
  } finally {
    rmSync(tree.root, { recursive: true, force: true });
  }
  console.log(`(${((performance.now() - began) / 1_000).toFixed(1)} s in all, tree deleted)`);
}

// Run on its own with `node test/bench/grep-bench.mjs` (after a build).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGrepBench();
