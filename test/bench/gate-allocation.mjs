// Bytes allocated per gate call (synchronous no-op tool, valid call, no audit listener). Measured in a
// child Node with `--expose-gc --min-semi-space-size=128 --max-semi-space-size=128`: after a full GC, N calls run with a young
// generation large enough that no collection happens in between (checked with a `gc` performance
// observer; a run that saw one is repeated with fewer calls), so the growth of `heapUsed` over the N
// calls, divided by N, is everything those calls allocated, garbage included.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance, PerformanceObserver } from 'node:perf_hooks';

const CHILD_FLAGS = ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128'];

async function measureInChild() {
  const { createToolUse } = await import('../../packages/core/dist/index.js');
  const { createGrepGate } = await import('./gate-round-trip.mjs');
  const { invalidGrepArguments, validGrepArguments } = await import('./grep-arguments.mjs');
  const gate = createGrepGate();
  const audited = createGrepGate(undefined, { onAudit: () => undefined });
  const valid = createToolUse('call_1', 'grep', validGrepArguments);
  const invalid = createToolUse('call_1', 'grep', invalidGrepArguments);
  const collections = [];
  const observer = new PerformanceObserver((list) =>
    collections.push(...list.getEntries().map((entry) => entry.startTime)),
  );
  observer.observe({ entryTypes: ['gc'] });
  const perCall = async (target, use) => {
    for (let i = 0; i < 20_000; i++) await target.execute(use);
    for (let calls = 10_000; calls >= 500; calls = Math.floor(calls / 2)) {
      globalThis.gc();
      const start = performance.now();
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < calls; i++) await target.execute(use);
      const after = process.memoryUsage().heapUsed;
      const end = performance.now();
      // The observer reports asynchronously: let it catch up, then look for a collection inside the window.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (!collections.some((time) => time >= start && time <= end)) return { bytes: (after - before) / calls, calls };
    }
    return { bytes: Number.NaN, calls: 0 };
  };
  const result = {
    valid: await perCall(gate, valid),
    audited: await perCall(audited, valid),
    invalid: await perCall(gate, invalid),
  };
  observer.disconnect();
  process.stdout.write(JSON.stringify(result));
}

/** Runs the measurement in a child Node and prints it; returns its figures (bytes per call by case) and the table. */
export function runGateAllocationBench() {
  const child = spawnSync(process.execPath, [...CHILD_FLAGS, fileURLToPath(import.meta.url), '--child'], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`gate-allocation: the child failed: ${child.stderr}`);
  const figures = JSON.parse(child.stdout);
  const show = ({ bytes, calls }) =>
    bytes === null || Number.isNaN(bytes)
      ? 'not measured (a GC ran in every window)'
      : `${Math.round(bytes)} B/call (over ${calls} calls, no GC in between)`;
  const title = `Bytes allocated per gate call (node ${CHILD_FLAGS.join(' ')}; heapUsed growth with no GC in the window)`;
  const rows = [
    ['valid call, sync tool, no audit listener', show(figures.valid)],
    ['valid call, with an audit listener', show(figures.audited)],
    ['invalid call (typo + bad enum)', show(figures.invalid)],
  ];
  console.log('');
  console.log(title);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(42)} ${value}`);
  // JSON has no NaN: a case with no window free of GC is recorded as null.
  const bytesPerCall = Object.fromEntries(
    Object.entries(figures).map(([name, { bytes, calls }]) => [
      name,
      { bytes: bytes === null || Number.isNaN(bytes) ? null : Math.round(bytes), calls },
    ]),
  );
  return { data: { bytesPerCall }, tables: [{ title, columns: ['case', 'allocated'], rows }] };
}

if (process.argv.includes('--child')) await measureInChild();
else if (import.meta.url === `file://${process.argv[1]}`) runGateAllocationBench();
