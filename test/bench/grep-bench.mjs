// The Grep section of `pnpm bench`: the built-in Grep tool (in process, called through a ToolGate as
// an agent would call it) beside GNU `grep -rn` and, where installed, ripgrep, on one generated tree
// of 20,000 files / ~200 MB, for the four kinds of search of SPEC PF-3 (a literal, a regex with a
// literal prefix, case-insensitive, a regex with no literal) and the files-only search. Every
// subject runs in every round, the order rotated, and the rounds are as many as fit the time the
// first round took (3 to 11); medians are reported. Counts are checked against what the generator
// planted; a mismatch is reported, never thrown; times are reported, never asserted. The tree is
// deleted afterwards, whatever happens. Run alone: `node test/bench/grep-bench.mjs [--json file]`.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createToolUse } from '../../packages/core/dist/index.js';
import { ToolGate } from '../../packages/gate/dist/index.js';
import { createFileTools } from '../../packages/tools/dist/file/create-file-tools.js';
import { currentLoad } from './bench-report.mjs';
import { generateGrepTree, NEEDLE_LITERAL, NEEDLE_PATTERN, NO_LITERAL_PATTERN } from './grep-tree.mjs';

const MIN_ROUNDS = 3;
const MAX_ROUNDS = 11;
const ROUNDS_BUDGET_MS = 60_000;
const MAX_BUFFER = 256 * 1_048_576;
const RG_INSTALL = 'apt-get install ripgrep (Debian, Ubuntu), brew install ripgrep (macOS) or cargo install ripgrep';

/** The searches: the pattern, grep's and rg's flags, Grep's input, what counts, and the PF-3 target. */
const CASES = [
  { key: 'literal', label: 'literal', pattern: NEEDLE_LITERAL, grep: ['-rnF'], rg: ['-nF'], tool: {}, target: 1.3 },
  {
    key: 'prefix',
    label: 'literal prefix',
    pattern: NEEDLE_PATTERN,
    grep: ['-rnE'],
    rg: ['-n'],
    tool: {},
    target: 1.3,
  },
  {
    key: 'ignoreCase',
    label: 'case-insensitive',
    pattern: NEEDLE_PATTERN.toUpperCase(),
    grep: ['-rniE'],
    rg: ['-ni'],
    tool: { '-i': true },
    target: 1.6,
  },
  {
    key: 'noLiteral',
    label: 'no literal',
    pattern: NO_LITERAL_PATTERN,
    grep: ['-rnE'],
    rg: ['-n'],
    tool: {},
    target: 2.5,
  },
  { key: 'files', label: 'files (-l)', pattern: NEEDLE_PATTERN, grep: ['-rlE'], rg: ['-l'], files: true },
];

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Lines a command prints (grep and rg print one per match, or per file with -l). */
function countLines(command, args) {
  const run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: MAX_BUFFER });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return run.stdout.split('\n').filter((line) => line !== '').length;
}

function version(command) {
  const run = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.split('\n')[0] : undefined;
}

/** The subjects of one case: name → a search that returns what it found. */
function subjectsOf(search, tree, grepTool, rg) {
  const args = (flags) => [...flags, search.pattern, tree.root];
  const subjects = { grep: () => countLines('grep', args(search.grep)) };
  if (rg !== undefined) subjects.rg = () => countLines('rg', ['--no-config', ...args(search.rg)]);
  subjects.Grep = search.files
    ? async () => (await grepTool({ pattern: search.pattern })).filesMatched
    : async () => (await grepTool({ pattern: search.pattern, output_mode: 'count', ...search.tool })).matchingLines;
  return subjects;
}

/** Runs the section: prints its tables and returns its figures ({ data, tables, notes }). */
export async function runGrepBench() {
  console.log('');
  console.log('Grep: the built-in Grep tool through a ToolGate beside grep -rn and ripgrep, on one generated tree');
  const began = performance.now();
  const load = currentLoad();
  const tree = generateGrepTree();
  try {
    const generatedSeconds = (performance.now() - began) / 1_000;
    const gate = new ToolGate({
      tools: createFileTools(),
      permissions: { allow: [`Grep(${tree.root})`, `Grep(${tree.root}/**)`] },
      timeoutMs: 600_000,
    });
    let calls = 0;
    const grepTool = async (input) => {
      const result = await gate.execute(createToolUse(`bench_${++calls}`, 'Grep', { path: tree.root, ...input }));
      if (result.isError) throw new Error(`Grep failed: ${result.content}`);
      return result.metadata;
    };
    const versions = { grep: version('grep') ?? 'grep: not installed', rg: version('rg') };
    const subjects = CASES.map((search) => subjectsOf(search, tree, grepTool, versions.rg));
    const times = CASES.map((_, index) => Object.fromEntries(Object.keys(subjects[index]).map((name) => [name, []])));
    const found = CASES.map(() => ({}));

    // One unmeasured round (warm cache, warm pool, JIT) sizes the rest; then rounds, order rotated.
    const warmUp = performance.now();
    for (const [index, subject] of subjects.entries()) {
      for (const [name, search] of Object.entries(subject)) found[index][name] = await search();
    }
    const roundMs = performance.now() - warmUp;
    const rounds = Math.max(MIN_ROUNDS, Math.min(MAX_ROUNDS, Math.floor(ROUNDS_BUDGET_MS / roundMs)));
    for (let round = 0; round < rounds; round++) {
      for (const [index, subject] of subjects.entries()) {
        const names = Object.keys(subject);
        for (let offset = 0; offset < names.length; offset++) {
          const name = names[(round + offset) % names.length];
          const started = performance.now();
          await subject[name]();
          times[index][name].push(performance.now() - started);
        }
      }
    }

    const cases = Object.fromEntries(
      CASES.map((search, index) => {
        const expected = search.files ? tree.matchingFiles : tree.matchingLines;
        const medianMs = Object.fromEntries(
          Object.entries(times[index]).map(([name, values]) => [name, median(values)]),
        );
        const ratioToGrep = Object.fromEntries(
          Object.entries(medianMs).map(([name, ms]) => [name, name === 'grep' ? 1 : ms / medianMs.grep]),
        );
        const countsAgree = Object.values(found[index]).every((count) => count === expected);
        const targetMet = search.target === undefined ? undefined : ratioToGrep.Grep <= search.target;
        return [
          search.key,
          { ...pick(search), expected, found: found[index], countsAgree, medianMs, ratioToGrep, targetMet },
        ];
      }),
    );
    const data = {
      tree: {
        files: tree.files,
        bytes: tree.bytes,
        matchingFiles: tree.matchingFiles,
        matchingLines: tree.matchingLines,
      },
      generatedSeconds,
      rounds,
      versions,
      cases,
      seconds: (performance.now() - began) / 1_000,
    };
    return report(data, load);
  } finally {
    rmSync(tree.root, { recursive: true, force: true });
  }
}

function pick({ label, pattern, grep, rg, tool, target, files }) {
  return {
    label,
    pattern,
    grepFlags: grep,
    rgFlags: rg,
    grepToolInput: tool ?? {},
    targetRatio: target,
    counts: files ? 'files' : 'lines',
  };
}

/** Prints the section and returns its figures. */
function report(data, loadBefore) {
  const load = currentLoad();
  const ms = (value) => (value === undefined ? '—' : `${value.toFixed(0)} ms`);
  const ratio = (value) => (value === undefined ? '—' : `${value.toFixed(2)}×`);
  const rows = Object.values(data.cases).map((entry) => [
    entry.label,
    `\`${entry.pattern}\` (${entry.grepFlags.join(' ')})`,
    ms(entry.medianMs.grep),
    data.versions.rg === undefined ? 'not installed' : `${ms(entry.medianMs.rg)} (${ratio(entry.ratioToGrep.rg)})`,
    `${ms(entry.medianMs.Grep)} (${ratio(entry.ratioToGrep.Grep)})`,
    entry.targetRatio === undefined ? '—' : `≤ ${entry.targetRatio}× ${entry.targetMet ? 'met' : 'NOT met'}`,
    entry.countsAgree ? String(entry.expected) : `MISMATCH ${JSON.stringify(entry.found)}`,
  ]);
  const table = {
    title: `Grep on ${data.tree.files.toLocaleString('en-US')} files (${(data.tree.bytes / 1_048_576).toFixed(0)} MB), median of ${data.rounds} interleaved rounds`,
    columns: ['search', 'pattern (grep flags)', 'grep -rn', 'rg', 'Grep tool', 'target', 'found'],
    rows,
  };
  const notes = [
    `${data.versions.grep}; ${data.versions.rg ?? `rg: not installed (install: ${RG_INSTALL})`}; Node ${process.version}.`,
    `Tree generated in ${data.generatedSeconds.toFixed(1)} s; page cache warm (one unmeasured round first).`,
    'Grep tool: `await gate.execute(toolUse)` through a ToolGate (allow `Grep(<tree>)`, `Grep(<tree>/**)`), output_mode count ' +
      '(files_with_matches for the files row), in process; grep and rg: spawned, their output lines counted.',
    `Load average (1 min) ${loadBefore.oneMinute.toFixed(1)} before the section, ${load.oneMinute.toFixed(1)} after, on ${load.cpus} CPUs.`,
  ];
  const widths = table.columns.map((_, column) =>
    Math.max(...[table.columns, ...rows].map((row) => String(row[column]).length)),
  );
  const line = (row) =>
    row
      .map((cell, column) => String(cell).padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  console.log(table.title);
  for (const note of notes) console.log(note);
  console.log('');
  console.log(line(table.columns));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(`(${data.seconds.toFixed(1)} s in all, tree deleted)`);
  return { data, tables: [table], notes };
}

// Run on its own with `node test/bench/grep-bench.mjs [--json file]` (after a build).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { createBenchReport } = await import('./bench-report.mjs');
  const bench = createBenchReport(['--only', 'grep', ...process.argv.slice(2)]);
  await bench.run('grep', runGrepBench);
  bench.write();
}
