// Whether a call's cost grows with the gate's configuration: the same valid grep call through a gate
// with 10 tools and 1 permission rule, and through one with 3,000 tools and 1,000 rules (allow and
// deny rules for other tools, with path and command patterns, plus the grep tool's own allow rule).
// Interleaved samples in one process; a benchmark, not a test.
import { performance } from 'node:perf_hooks';
import { createToolUse, GenericTool } from '../../packages/core/dist/index.js';
import { ToolGate } from '../../packages/gate/dist/index.js';
import { formatTable, measureInterleaved, ratio } from './bench-timing.mjs';
import { GrepTool, RENDERED } from './gate-round-trip.mjs';
import { validGrepArguments } from './grep-arguments.mjs';
import { GrepInput } from './grep-input.mjs';

class NumberedTool extends GenericTool {
  constructor(index) {
    super({ name: `tool_${index}`, description: `Tool number ${index}`, safety: 'READ_ONLY', input: GrepInput });
  }

  doExecute() {
    return 0;
  }

  render() {
    return RENDERED;
  }
}

function gateWith(toolCount, ruleCount) {
  const tools = [new GrepTool(), ...Array.from({ length: toolCount - 1 }, (_, index) => new NumberedTool(index))];
  const others = Array.from({ length: ruleCount - 1 }, (_, index) => `tool_${index % (toolCount - 1)}`);
  const allow = ['grep', ...others.filter((_, index) => index % 2 === 0)];
  const deny = others.filter((_, index) => index % 2 === 1);
  return new ToolGate({ tools, permissions: { allow, deny }, schemaValidation: 'ENFORCE' });
}

/** Runs the section and prints it; returns its figures (medians in ns, the ratio) and the table. */
export async function runGateScaleBench({ samples = 30, callsPerSample = 2_000, warmup = 10_000 } = {}) {
  const began = performance.now();
  const small = gateWith(10, 1);
  const large = gateWith(3_000, 1_000);
  const setupMs = performance.now() - began;
  const use = createToolUse('call_1', 'grep', validGrepArguments);
  for (const gate of [small, large]) {
    const result = await gate.execute(use);
    if (result.isError || result.content !== RENDERED)
      throw new Error(`gate-scale: the call failed: ${result.content}`);
  }
  let sink = 0;
  const ns = await measureInterleaved(
    {
      small: async () => void (sink += (await small.execute(use)).content.length),
      large: async () => void (sink += (await large.execute(use)).content.length),
    },
    { samples, callsPerSample, warmup },
  );
  const title = 'A call as the configuration grows (valid grep call, ENFORCE, permission rules)';
  const table = [
    ['gate', 'median', 'x small'],
    ['10 tools, 1 rule', `${ns.small.toFixed(0)} ns`, ratio(ns.small, ns.small)],
    ['3,000 tools, 1,000 rules', `${ns.large.toFixed(0)} ns`, ratio(ns.large, ns.small)],
  ];
  const note = `Median ns per call over ${samples} interleaved samples of ${callsPerSample.toLocaleString('en-US')} sequential awaited calls; both gates built in ${setupMs.toFixed(0)} ms.`;
  console.log('');
  console.log(title);
  console.log(formatTable(table));
  console.log(`(both gates built in ${setupMs.toFixed(0)} ms; checksum ${sink})`);
  return {
    data: { medianNs: ns, ratioLargeToSmall: ns.large / ns.small, setupMs, samples, callsPerSample },
    tables: [{ title, columns: table[0], rows: table.slice(1) }],
    notes: [note],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await runGateScaleBench();
