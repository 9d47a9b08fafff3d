// Micro-benchmark: bindInput on a 13-field grep-like input class next to a raw compiled ajv
// validation of the same object against the same schema. Run with `pnpm bench` (builds first).
// A benchmark, not a test: it reports medians and asserts nothing about time.
import { Ajv2020 } from '../../packages/core/node_modules/ajv/dist/2020.js';
import { bindInput, buildInputSchema, toShapeSchema, ToolInput } from '../../packages/core/dist/index.js';
import { GrepInput } from './grep-input.mjs';

const WARMUP_CALLS = 20_000;
const SAMPLES = 30;
const CALLS_PER_SAMPLE = 5_000;

// The same options as core's schema-validator.ts, except `code.regExp` (ajv's default engine);
// the schema has no `pattern`, so the engine is never used either way.
const BASELINE_OPTIONS = {
  allErrors: true,
  verbose: true,
  strict: false,
  ownProperties: true,
  validateFormats: false,
  allowUnionTypes: true,
  addUsedSchema: true,
  useDefaults: false,
  coerceTypes: false,
  removeAdditional: false,
};

const valid = {
  pattern: 'bindInput\\(',
  path: 'packages/core/src',
  glob: '*.ts',
  output_mode: 'content',
  '-i': true,
  '-n': true,
  '-A': 2,
  '-B': 1,
  '-C': 0,
  type: 'ts',
  head_limit: 50,
  multiline: false,
  exclude: ['**/dist/**', '**/node_modules/**'],
};
// A typo (`head_limt`) and a value outside the enum (`output_mode: 'lines'`); otherwise the same.
const invalid = Object.fromEntries(
  Object.entries(valid).map(([key, value]) =>
    key === 'head_limit' ? ['head_limt', value] : [key, key === 'output_mode' ? 'lines' : value],
  ),
);

const schema = buildInputSchema(GrepInput);
const shapeIsSchema = JSON.stringify(toShapeSchema(schema)) === JSON.stringify(schema);
const check = new Ajv2020(BASELINE_OPTIONS).compile(schema);
const toolInput = ToolInput.of(valid);

// Sanity checks of the results (not of time): the cases measure what their labels say.
const bound = bindInput(GrepInput, valid);
if (!bound.ok || !(bound.value instanceof GrepInput) || bound.value.headLimit !== 50) {
  throw new Error(`the valid input did not bind: ${JSON.stringify(bound)}`);
}
if (!bindInput(GrepInput, toolInput).ok) throw new Error('the valid ToolInput did not bind');
const refused = bindInput(GrepInput, invalid);
if (refused.ok) throw new Error('the invalid input was bound');
if (!check(valid)) throw new Error(`ajv refused the valid input: ${JSON.stringify(check.errors)}`);
if (check(invalid)) throw new Error('ajv accepted the invalid input');
const ajvInvalidErrors = check.errors.length;

// Each case's result feeds `sink`, so no call can be optimised away.
let sink = 0;
const cases = {
  ajvValid: () => {
    if (check(valid)) sink++;
  },
  bindValid: () => {
    if (bindInput(GrepInput, valid).ok) sink++;
  },
  bindToolInput: () => {
    if (bindInput(GrepInput, toolInput).ok) sink++;
  },
  ajvInvalid: () => {
    if (!check(invalid)) sink += check.errors.length;
  },
  bindInvalid: () => {
    const result = bindInput(GrepInput, invalid);
    if (!result.ok) sink += result.violations.length;
  },
};

function run(fn, calls) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) fn();
  return Number(process.hrtime.bigint() - start) / calls;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const began = process.hrtime.bigint();
for (const fn of Object.values(cases)) run(fn, WARMUP_CALLS);
// Samples are interleaved across cases, so drift (thermal, GC, JIT) spreads over all of them.
const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let sample = 0; sample < SAMPLES; sample++) {
  for (const [name, fn] of Object.entries(cases)) samples[name].push(run(fn, CALLS_PER_SAMPLE));
}
const elapsed = Number(process.hrtime.bigint() - began) / 1e9;
const ns = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));

const rows = [
  ['valid, plain object', ns.bindValid, ns.ajvValid],
  ['valid, ToolInput (of() once)', ns.bindToolInput, ns.ajvValid],
  ['invalid (typo + bad enum)', ns.bindInvalid, ns.ajvInvalid],
];
const formatNs = (value) => `${value.toFixed(0)} ns`;
const table = [
  ['input', 'bindInput', 'raw ajv', 'bind / ajv'],
  ...rows.map(([label, bind, ajv]) => [label, formatNs(bind), formatNs(ajv), `${(bind / ajv).toFixed(1)}x`]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
const line = (row) =>
  row.map((cell, column) => (column === 0 ? cell.padEnd : cell.padStart).call(cell, widths[column])).join('  ');

console.log('bindInput vs raw ajv: 13-field grep-like input (12 scalars/enum + one array of strings)');
console.log(
  `Node ${process.version} (${process.platform}/${process.arch}); one run on this machine, not a portable figure.`,
);
console.log(
  `Median time per call over ${SAMPLES} samples of ${CALLS_PER_SAMPLE.toLocaleString('en-US')} calls, ` +
    `after ${WARMUP_CALLS.toLocaleString('en-US')} warm-up calls per case.`,
);
console.log(
  `Raw ajv: Ajv2020 ${Object.entries(BASELINE_OPTIONS)
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ')}; default regExp engine.`,
);
console.log(
  `Schema: buildInputSchema(GrepInput)${shapeIsSchema ? ', identical to the shape schema core compiles' : ''}.`,
);
console.log('');
console.log(line(table[0]));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of table.slice(1)) console.log(line(row));
console.log('');
console.log(
  `Invalid input: ajv reports ${ajvInvalidErrors} errors; bindInput reports ${refused.violations.length} violations:`,
);
for (const violation of refused.violations) console.log(`  ${violation.message}`);
console.log(`(${elapsed.toFixed(1)} s measured; checksum ${sink})`);
