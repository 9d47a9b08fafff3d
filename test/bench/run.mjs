// Micro-benchmark on a 13-field grep-like input: the gate round trip (`await gate.execute(toolUse)`
// through a ToolGate to a no-op GenericTool), bindInput, a raw compiled ajv validation and a zod v4
// `safeParse` of the same object against the same shape, all measured in one run. Run with
// `pnpm bench` (builds first). A benchmark, not a test: it reports medians and asserts nothing about time.
// The shell section (shell-bench.mjs) follows: LocalShell beside child_process.spawn, execa and tree-kill.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from '../../packages/core/node_modules/ajv/dist/2020.js';
import { bindInput, buildInputSchema, createToolUse, ToolInput } from '../../packages/core/dist/index.js';
// Not exported by the package (the shape schema core compiles, and the options it compiles with); read from
// their module for the comparison.
import { SCHEMA_COMPILE_OPTIONS, toShapeSchema } from '../../packages/core/dist/validation/schema-validator.js';
import { z } from 'zod';
import { runGateAllocationBench } from './gate-allocation.mjs';
import { runGatePeersBench } from './gate-peers.mjs';
import { checkGateRoundTrip, createGrepGate } from './gate-round-trip.mjs';
import { runGateScaleBench } from './gate-scale.mjs';
import { invalidGrepArguments, validGrepArguments } from './grep-arguments.mjs';
import { GrepInput } from './grep-input.mjs';
import { grepZodSchema, validityShape } from './grep-zod.mjs';
import { runGrepBench } from './grep-bench.mjs';
import { runMcpBench } from './mcp-bench.mjs';
import { runMcpHttpBench } from './mcp-http-bench.mjs';
import { runShellBench } from './shell-bench.mjs';
import { runSshBench } from './ssh-bench.mjs';
import { createBenchReport } from './bench-report.mjs';

// `pnpm bench [--json <file>] [--only shell,mcp,grep,ssh]`: see bench-report.mjs.
const report = createBenchReport();

const WARMUP_CALLS = 20_000;
const SAMPLES = 30;
const CALLS_PER_SAMPLE = 5_000;

// Core's own compile options (schema-validator.ts), except `code.regExp`: ajv's default engine here.
// The schema has no `pattern`, so the engine is never used either way.
const BASELINE_OPTIONS = Object.fromEntries(Object.entries(SCHEMA_COMPILE_OPTIONS).filter(([key]) => key !== 'code'));

// One valid 13-field call, and the same call with a typo and a bad enum value: shared with the gate benchmarks.
const valid = validGrepArguments;
const invalid = invalidGrepArguments;

const schema = buildInputSchema(GrepInput);
const shapeIsSchema = JSON.stringify(toShapeSchema(schema)) === JSON.stringify(schema);
const check = new Ajv2020(BASELINE_OPTIONS).compile(schema);
const toolInput = ToolInput.of(valid);
const zodVersion = JSON.parse(readFileSync(new URL('../../node_modules/zod/package.json', import.meta.url))).version;
// The ToolUses are made once, outside the loop, as a provider adapter would make each of them once.
const validUse = createToolUse('call_1', 'grep', valid);
const invalidUse = createToolUse('call_1', 'grep', invalid);
const gate = createGrepGate();

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
const zodShape = JSON.stringify(validityShape(z.toJSONSchema(grepZodSchema)));
if (zodShape !== JSON.stringify(validityShape(schema))) {
  throw new Error(`the zod schema does not describe the JSON schema's shape: ${zodShape}`);
}
const parsed = grepZodSchema.safeParse(valid);
if (!parsed.success || JSON.stringify(parsed.data) !== JSON.stringify(valid)) {
  throw new Error(`zod refused the valid input: ${JSON.stringify(parsed.error?.issues)}`);
}
const zodRefused = grepZodSchema.safeParse(invalid);
const zodCodes = zodRefused.error?.issues.map((issue) => issue.code).sort();
if (zodRefused.success || JSON.stringify(zodCodes) !== '["invalid_value","unrecognized_keys"]') {
  throw new Error(`zod did not refuse the invalid input for the typo and the enum: ${JSON.stringify(zodRefused)}`);
}
const gateResults = await checkGateRoundTrip(validUse, invalidUse);
if (gateResults.refused.content !== refused.violations.map((violation) => violation.message).join('\n')) {
  throw new Error(`the gate and bindInput word the violations differently: ${gateResults.refused.content}`);
}

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
  zodValid: () => {
    if (grepZodSchema.safeParse(valid).success) sink++;
  },
  zodInvalid: () => {
    const result = grepZodSchema.safeParse(invalid);
    if (!result.success) sink += result.error.issues.length;
  },
};
// The gate is async: a sample times a batch of sequential awaited calls (the await is part of the cost).
const asyncCases = {
  gateValid: async () => {
    if (!(await gate.execute(validUse)).isError) sink++;
  },
  gateInvalid: async () => {
    if ((await gate.execute(invalidUse)).isError) sink += 2;
  },
};

function run(fn, calls) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) fn();
  return Number(process.hrtime.bigint() - start) / calls;
}

async function runAsync(fn, calls) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await fn();
  return Number(process.hrtime.bigint() - start) / calls;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const began = process.hrtime.bigint();
for (const fn of Object.values(cases)) run(fn, WARMUP_CALLS);
for (const fn of Object.values(asyncCases)) await runAsync(fn, WARMUP_CALLS);
// Samples are interleaved across cases, so drift (thermal, GC, JIT) spreads over all of them.
const samples = Object.fromEntries([...Object.keys(cases), ...Object.keys(asyncCases)].map((name) => [name, []]));
for (let sample = 0; sample < SAMPLES; sample++) {
  for (const [name, fn] of Object.entries(cases)) samples[name].push(run(fn, CALLS_PER_SAMPLE));
  for (const [name, fn] of Object.entries(asyncCases)) samples[name].push(await runAsync(fn, CALLS_PER_SAMPLE));
}
const elapsed = Number(process.hrtime.bigint() - began) / 1e9;
const ns = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));

// ajv and zod always get the plain object; the gate's ToolUse holds a ToolInput made once, so its
// valid figure sits in the ToolInput row (bindInput there is the binding the gate's tool does).
const rows = [
  ['valid, plain object', undefined, ns.bindValid, ns.ajvValid, ns.zodValid],
  ['valid, ToolInput (of() once)', ns.gateValid, ns.bindToolInput, ns.ajvValid, ns.zodValid],
  ['invalid (typo + bad enum)', ns.gateInvalid, ns.bindInvalid, ns.ajvInvalid, ns.zodInvalid],
];
const formatNs = (value) => (value === undefined ? '—' : `${value.toFixed(0)} ns`);
const table = [
  ['case', 'gate round trip', 'bindInput', 'raw ajv', 'zod safeParse', 'gate / ajv'],
  ...rows.map(([label, gateNs, bind, ajv, zod]) => [
    label,
    formatNs(gateNs),
    formatNs(bind),
    formatNs(ajv),
    formatNs(zod),
    gateNs === undefined ? '—' : `${(gateNs / ajv).toFixed(1)}x`,
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
const line = (row) =>
  row.map((cell, column) => (column === 0 ? cell.padEnd : cell.padStart).call(cell, widths[column])).join('  ');

console.log(
  'Gate round trip vs bindInput vs raw ajv vs zod: 13-field grep-like input (12 scalars/enum + one array of strings)',
);
console.log(
  `Node ${process.version} (${process.platform}/${process.arch}); one run on this machine, not a portable figure.`,
);
console.log(
  `Median time per call over ${SAMPLES} samples of ${CALLS_PER_SAMPLE.toLocaleString('en-US')} calls, ` +
    `after ${WARMUP_CALLS.toLocaleString('en-US')} warm-up calls per case; all cases in this one process, ` +
    'samples interleaved.',
);
console.log(
  `Raw ajv: Ajv2020 ${Object.entries(BASELINE_OPTIONS)
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ')}; default regExp engine.`,
);
console.log(
  `Schema: buildInputSchema(GrepInput)${shapeIsSchema ? ', identical to the shape schema core compiles' : ''}.`,
);
console.log(
  `zod ${zodVersion} (node_modules/zod), global config jitless: ${z.config().jitless === true}: ` +
    'schema.safeParse(object) on a z.strictObject of the same shape (checked against the JSON schema).',
);
console.log(
  [
    'Gate round trip: `await gate.execute(toolUse)`, timed in batches of sequential awaited calls; one ToolUse',
    "  made once (createToolUse); ToolGate with permissions { allow: ['grep'] }, schemaValidation ENFORCE,",
    '  no audit listener, no extra policy. Valid: lookup, safety policy, permission, argument limits, schema',
    "  validation (core's compiled ajv, violations as sentences, the binder's one check), the timeout (a",
    '  deadline when the tool must be waited for), bindInput to GrepInput, no-op doExecute, render, output',
    '  limit, duration metadata. Invalid: stops at validation.',
  ].join('\n'),
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
console.log(
  `zod reports ${zodRefused.error.issues.length} issues (${zodCodes.join(', ')}); ` +
    `the gate refuses with the same ${gateResults.refused.content.split('\n').length} lines as bindInput; ` +
    `valid calls return ${JSON.stringify(gateResults.ok.content)}.`,
);
console.log(`(${elapsed.toFixed(1)} s measured; checksum ${sink})`);
console.log('');
report.record('gate', {
  data: { medianNs: ns, samples: SAMPLES, callsPerSample: CALLS_PER_SAMPLE },
  tables: [
    {
      title: 'Gate round trip, bindInput, raw ajv and zod on a 13-field input',
      columns: table[0],
      rows: table.slice(1),
    },
  ],
});
// The gate's other sections always run too; each records its own figures (a failure is recorded, not raised).
await report.run('gatePeers', runGatePeersBench, { always: true });
await report.run('gateScale', runGateScaleBench, { always: true });
await report.run('gateAllocation', runGateAllocationBench, { always: true });

await report.run('shell', runShellBench);
await report.run('mcp', runMcpBench);
await report.run('mcpHttp', runMcpHttpBench);
await report.run('grep', runGrepBench);
await report.run('ssh', runSshBench);
report.write();
