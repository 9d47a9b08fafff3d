// Whether a call's cost grows with the gate's configuration: the same valid grep call through a gate
// with 10 tools and 1 permission rule, and through one with 3,000 tools and 1,000 rules (allow and
// deny rules for other tools, with path and command patterns, plus the grep tool's own allow rule).
// Paired samples in one process: the two gates alternate in short rounds, many of them, and the
// figure is the median of the per-round ratios (a load swing slows both sides of a round). The
// rules are compiled per tool once, and a call reads only its own tool's rules: the ratio should be
// about 1 whatever the sizes. A benchmark, not a test.
import { performance } from 'node:perf_hooks';
import { createToolUse, GenericTool } from '../../packages/core/dist/index.js';
import { ToolGate } from '../../packages/gate/dist/index.js';
import { formatTable, measurePaired, ratio } from './bench-timing.mjs';
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
export async function runGateScaleBench({ samples = 301, callsPerSample = 500, warmup = 20_000 } = {}) {
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
  const { ns, ratio: ratios } = await measurePaired(
    {
      small: async () => void (sink += (await small.execute(use)).content.length),
      large: async () => void (sink += (await large.execute(use)).content.length),
    },
    () => 'small',
    { samples, callsPerSample, warmup },
  );
  const title = 'A call as the configuration grows (valid grep call, ENFORCE, permission rules)';
  const table = [
    ['gate', 'median', 'x small'],
    ['10 tools, 1 rule', `${ns.small.toFixed(0)} ns`, ratio(ratios.small)],
    ['3,000 tools, 1,000 rules', `${ns.large.toFixed(0)} ns`, ratio(ratios.large)],
  ];
  const note = `Median ns per call over ${samples} paired rounds of ${callsPerSample.toLocaleString('en-US')} sequential awaited calls per gate (order reversed every other round); x small is the median of the per-round ratios. Both gates built in ${setupMs.toFixed(0)} ms.`;
  console.log('');
  console.log(title);
  console.log(note);
  console.log(formatTable(table));
  console.log(`(both gates built in ${setupMs.toFixed(0)} ms; checksum ${sink})`);
  return {
    data: { medianNs: ns, ratioLargeToSmall: ratios.large, setupMs, samples, callsPerSample },
    tables: [{ title, columns: table[0], rows: table.slice(1) }],
    notes: [note],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await runGateScaleBench();
