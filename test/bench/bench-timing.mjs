// Timing helpers shared by the gate benchmarks: interleaved samples of sequential awaited calls,
// medians, ratios and a plain-text table.

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function timeCalls(fn, calls) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await fn();
  return Number(process.hrtime.bigint() - start) / calls;
}

/**
 * Median ns per call of each case: after `warmup` calls of each, `samples` rounds in which every
 * case times `callsPerSample` sequential awaited calls (interleaved, so drift spreads over all).
 */
export async function measureInterleaved(cases, { samples, callsPerSample, warmup }) {
  for (const fn of Object.values(cases)) await timeCalls(fn, warmup);
  const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let sample = 0; sample < samples; sample++) {
    for (const [name, fn] of Object.entries(cases)) times[name].push(await timeCalls(fn, callsPerSample));
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]));
}

/** `value / base` as `0.42x`. */
export function ratio(value, base) {
  return `${(value / base).toFixed(2)}x`;
}

/** Rows of cells as aligned text: the first column left-aligned, the others right-aligned. */
export function formatTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const line = (row) =>
    row.map((cell, column) => String(cell)[column === 0 ? 'padEnd' : 'padStart'](widths[column])).join('  ');
  return [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
