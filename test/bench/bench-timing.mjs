// Timing helpers shared by the gate benchmarks: paired samples of sequential awaited calls,
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
 * Paired samples, for ratios that hold still on a loaded machine: after `warmup` calls of each
 * case, `samples` rounds in which every case times `callsPerSample` sequential awaited calls, in
 * an order reversed every other round (no case always runs first or right after another). Returns
 * each case's median ns per call, and each case's ratio to its base case (`baseOf(name)`, a name
 * of `cases`) as the median over the rounds of its time divided by the base's time in the same
 * round: a swing of load that lasts longer than one round slows both sides and cancels out.
 * `times` holds every round's ns per call by case, for ratios between other pairs ({@link pairedRatio}).
 */
export async function measurePaired(cases, baseOf, { samples, callsPerSample, warmup }) {
  for (const fn of Object.values(cases)) await timeCalls(fn, warmup);
  const names = Object.keys(cases);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  const ratios = Object.fromEntries(names.map((name) => [name, []]));
  for (let sample = 0; sample < samples; sample++) {
    const order = sample % 2 === 0 ? names : [...names].reverse();
    const round = {};
    for (const name of order) round[name] = await timeCalls(cases[name], callsPerSample);
    for (const name of names) {
      times[name].push(round[name]);
      ratios[name].push(round[name] / round[baseOf(name)]);
    }
  }
  const medians = (table) => Object.fromEntries(names.map((name) => [name, median(table[name])]));
  return { ns: medians(times), ratio: medians(ratios), times };
}

/** The median over the rounds of `times[name]` divided by `times[base]` in the same round (see {@link measurePaired}). */
export function pairedRatio(times, name, base) {
  return median(times[name].map((value, round) => value / times[base][round]));
}

/** `value / base` as `0.42x`; with one argument, that ratio itself. */
export function ratio(value, base = 1) {
  return `${(value / base).toFixed(2)}x`;
}

/** Rows of cells as aligned text: the first column left-aligned, the others right-aligned. */
export function formatTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const line = (row) =>
    row.map((cell, column) => String(cell)[column === 0 ? 'padEnd' : 'padStart'](widths[column])).join('  ');
  return [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
