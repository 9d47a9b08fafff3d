// The MCP section of `pnpm bench`, all in one run on this machine:
//   1. `tools/call` latency through OUR MCP server (createMcpServer: the SDK's low-level Server in
//      front of a ToolGate — permission, ENFORCE validation, timeout, binding, output limit) vs the
//      same tool registered natively with the SDK's `McpServer.registerTool` and zod; both driven by
//      the official Client over the SDK's in-memory transport (`InMemoryTransport.createLinkedPair()`);
//   2. schema patterns from external definitions (SPEC SC-3): the classic ReDoS patterns on a
//      100 KB hostile input through core's validator (linear-time engine), beside V8's own RegExp
//      on a short input.
// Results are checked (contents, isError, messages); times are reported, never asserted.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import {
  compileSchemaValidator,
  createExternalToolDefinition,
  GenericTool,
  SafetyLevel,
  ToolParam,
  Type,
} from '../../packages/core/dist/index.js';
import { measurePaired, pairedRatio } from './bench-timing.mjs';
import { ToolGate } from '../../packages/gate/dist/index.js';
import { createMcpServer } from '../../packages/mcp/dist/index.js';
import { Client } from '../../packages/mcp/node_modules/@modelcontextprotocol/client/dist/index.mjs';
import {
  InMemoryTransport,
  McpServer,
  Server,
} from '../../packages/mcp/node_modules/@modelcontextprotocol/server/dist/index.mjs';

const WARMUP_CALLS = 2_000;
const SAMPLES = 61;
const CALLS_PER_SAMPLE = 200;
const HOSTILE_CHARACTERS = 100_000;
const LINEAR_RUNS = 5;
const V8_RUNS = 3;

/** [pattern, hostile input for the linear engine (100 KB), short input V8 still finishes on]. */
const REDOS = [
  ['(a+)+$', `${'a'.repeat(HOSTILE_CHARACTERS - 1)}!`, `${'a'.repeat(24)}!`],
  ['^(a|a)*$', `${'a'.repeat(HOSTILE_CHARACTERS - 1)}!`, `${'a'.repeat(24)}!`],
  ['a*a*a*a*a*b', 'a'.repeat(HOSTILE_CHARACTERS), 'a'.repeat(50)],
  // The P comes first, so no engine can stop early for want of the literal.
  ['(.*,){11}P', `P${','.repeat(HOSTILE_CHARACTERS - 1)}`, `P${','.repeat(25)}`],
];

class EchoInput {}
for (const [property, designType, options] of [
  ['text', String, { description: 'What to say back', schema: Type.String() }],
  ['times', Number, { description: 'How often', schema: Type.Integer(), optional: true }],
]) {
  Reflect.defineMetadata('design:type', designType, EchoInput.prototype, property);
  ToolParam(options)(EchoInput.prototype, property);
}

export class EchoTool extends GenericTool {
  constructor() {
    super({ name: 'echo', description: 'Says the text back', safety: SafetyLevel.READ_ONLY, input: EchoInput });
  }

  doExecute(input) {
    return Array.from({ length: input.times ?? 1 }, () => input.text).join(' ');
  }

  render(output) {
    return output;
  }
}

async function connect(server) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

function ourServer() {
  const gate = new ToolGate({ tools: [new EchoTool()], permissions: { allow: ['echo'] }, schemaValidation: 'ENFORCE' });
  return createMcpServer(gate, { name: 'toolwright-bench' });
}

export function nativeServer(strict = false) {
  const server = new McpServer({ name: 'native-bench', version: '1.0.0' });
  const shape = { text: z.string(), times: z.number().int().optional() };
  server.registerTool(
    'echo',
    {
      description: 'Says the text back',
      inputSchema: strict ? z.strictObject(shape) : z.object(shape),
    },
    async ({ text, times }) => ({
      content: [{ type: 'text', text: Array.from({ length: times ?? 1 }, () => text).join(' ') }],
    }),
  );
  return server;
}

/** The floor: the SDK's bare Server whose tools/call handler echoes without any check. */
function bareServer() {
  const server = new Server({ name: 'bare-bench', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', (request) => {
    const { text, times } = request.params.arguments ?? {};
    if (typeof text !== 'string')
      return { content: [{ type: 'text', text: "Unknown parameter 'txet'" }], isError: true };
    return { content: [{ type: 'text', text: Array.from({ length: times ?? 1 }, () => text).join(' ') }] };
  });
  return server;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export async function checkCalls(label, client, invalidLine) {
  const ok = await client.callTool({ name: 'echo', arguments: { text: 'hello', times: 2 } });
  if (ok.isError || ok.content[0]?.text !== 'hello hello') {
    throw new Error(`${label}: the valid call did not echo: ${JSON.stringify(ok)}`);
  }
  const refused = await client.callTool({ name: 'echo', arguments: { txet: 'hello' } });
  const text = refused.content[0]?.text ?? '';
  if (refused.isError !== true || !invalidLine.test(text)) {
    throw new Error(`${label}: the invalid call was not refused as expected: ${JSON.stringify(refused)}`);
  }
  return text;
}

/** Part 1: tools/call through our server vs the native zod server; returns median µs per call. */
export async function benchToolsCall() {
  const ours = await connect(ourServer());
  const native = await connect(nativeServer());
  const strict = await connect(nativeServer(true));
  const bare = await connect(bareServer());
  const oursRefusal = await checkCalls('our server', ours, /^Unknown parameter 'txet'\. Did you mean 'text'\?/);
  const nativeRefusal = await checkCalls('native server', native, /Input validation error/);
  await checkCalls('native strict server', strict, /Input validation error/);
  await checkCalls('bare server', bare, /^Unknown parameter 'txet'/);
  const clients = { ours, native, strict, bare };
  const call = (client) => client.callTool({ name: 'echo', arguments: { text: 'hello', times: 2 } });
  const cases = Object.fromEntries(Object.entries(clients).map(([name, client]) => [name, () => call(client)]));
  const began = performance.now();
  // Paired rounds: every server in each round, the order reversed every other round; a ratio is the
  // median of the per-round ratios, so a swing of load slows both of its sides.
  const { ns, times } = await measurePaired(cases, () => 'native', {
    samples: SAMPLES,
    callsPerSample: CALLS_PER_SAMPLE,
    warmup: WARMUP_CALLS,
  });
  const elapsedS = (performance.now() - began) / 1000;
  await Promise.all(Object.values(clients).map((client) => client.close()));
  return {
    ours: ns.ours / 1000,
    native: ns.native / 1000,
    strict: ns.strict / 1000,
    bare: ns.bare / 1000,
    oursToNative: pairedRatio(times, 'ours', 'native'),
    oursToStrict: pairedRatio(times, 'ours', 'strict'),
    oursToBare: pairedRatio(times, 'ours', 'bare'),
    elapsedS,
    oursRefusal,
    nativeRefusal,
  };
}

/** Part 2: the ReDoS patterns, linear engine on 100 KB vs V8 on a short input; returns ms per pattern. */
export function benchSchemaPatterns() {
  return REDOS.map(([pattern, hostile, short]) => {
    const definition = createExternalToolDefinition({
      name: 'probe',
      description: 'Probes',
      inputSchema: { type: 'object', properties: { q: { type: 'string', pattern } } },
      origin: 'the MCP benchmark',
    });
    const validator = compileSchemaValidator(definition.inputSchema);
    const linear = [];
    for (let run = 0; run < LINEAR_RUNS; run++) {
      const start = performance.now();
      const violations = validator.validate({ q: hostile });
      linear.push(performance.now() - start);
      if (violations.length !== 1) throw new Error(`${pattern}: expected one violation, got ${violations.length}`);
    }
    const v8 = [];
    for (let run = 0; run < V8_RUNS; run++) {
      const expression = new RegExp(pattern);
      const start = performance.now();
      if (expression.test(short)) throw new Error(`${pattern}: V8 matched the short input`);
      v8.push(performance.now() - start);
    }
    return { pattern, linearMs: median(linear), v8Ms: median(v8), shortLength: short.length };
  });
}

/** Runs both parts and prints them. */
export async function runMcpBench() {
  const calls = await benchToolsCall();
  const patterns = benchSchemaPatterns();
  console.log('');
  console.log('MCP tools/call: our server (createMcpServer → ToolGate) vs McpServer.registerTool + zod');
  console.log(
    `Node ${process.version} (${process.platform}/${process.arch}); one run on this machine, not a portable figure.`,
  );
  console.log(
    `Official Client over InMemoryTransport.createLinkedPair(); median time per awaited call over ${SAMPLES} paired rounds ` +
      `of ${CALLS_PER_SAMPLE} calls per server (order reversed every other round), after ${WARMUP_CALLS.toLocaleString('en-US')} ` +
      'warm-up calls each; a ratio is the median of the per-round ratios.',
  );
  console.log(
    "Tool: echo { text: string, times?: integer }, called with { text: 'hello', times: 2 }. Ours: GenericTool in a ToolGate " +
      "with permissions { allow: ['echo'] } and ENFORCE validation. Native: registerTool with a default z.object " +
      "(unknown keys stripped) and with z.strictObject, the SDK's own validation. Floor: the SDK's bare Server, a handler with no checks.",
  );
  console.log(`  our server               ${calls.ours.toFixed(1).padStart(7)} µs/call`);
  console.log(`  native (z.object)        ${calls.native.toFixed(1).padStart(7)} µs/call`);
  console.log(`  native (z.strictObject)  ${calls.strict.toFixed(1).padStart(7)} µs/call`);
  console.log(`  bare Server (floor)      ${calls.bare.toFixed(1).padStart(7)} µs/call`);
  console.log(`  ours / native z.object   ${calls.oursToNative.toFixed(2).padStart(7)}x`);
  console.log(`  ours / native strict     ${calls.oursToStrict.toFixed(2).padStart(7)}x`);
  console.log(`  a typo, ours:    ${calls.oursRefusal}`);
  console.log(`  a typo, native:  ${calls.nativeRefusal.replaceAll('\n', ' | ')}`);
  console.log(`  (${calls.elapsedS.toFixed(1)} s measured)`);
  console.log('');
  console.log(
    `Schema patterns from an external definition (SC-3): core's validator (re2js) on a ${HOSTILE_CHARACTERS.toLocaleString('en-US')}-character ` +
      `hostile input (median of ${LINEAR_RUNS}) vs V8's RegExp on a short one (median of ${V8_RUNS}); both must not match.`,
  );
  const width = Math.max(...patterns.map((row) => row.pattern.length));
  for (const row of patterns) {
    console.log(
      `  ${row.pattern.padEnd(width)}  linear, 100 KB: ${row.linearMs.toFixed(2).padStart(6)} ms   ` +
        `V8, ${String(row.shortLength).padStart(2)} chars: ${row.v8Ms.toFixed(1).padStart(7)} ms`,
    );
  }
  const perCall = (us) => `${us.toFixed(1)} µs`;
  return {
    data: { toolsCallUs: { ours: calls.ours, native: calls.native, strict: calls.strict, bare: calls.bare }, patterns },
    tables: [
      {
        title: 'MCP tools/call over the in-memory transport',
        columns: ['server', 'per call', 'ours ÷ this'],
        rows: [
          ['ours (createMcpServer → ToolGate)', perCall(calls.ours), '1.00×'],
          ['native registerTool, z.object', perCall(calls.native), `${calls.oursToNative.toFixed(2)}×`],
          ['native registerTool, z.strictObject', perCall(calls.strict), `${calls.oursToStrict.toFixed(2)}×`],
          ['bare SDK Server (floor)', perCall(calls.bare), `${calls.oursToBare.toFixed(2)}×`],
        ],
      },
      {
        title: 'Schema patterns: linear engine on 100 KB vs V8 on a short input',
        columns: ['pattern', 'linear, 100 KB', 'V8, short'],
        rows: patterns.map((row) => [
          row.pattern,
          `${row.linearMs.toFixed(2)} ms`,
          `${row.v8Ms.toFixed(1)} ms (${row.shortLength} chars)`,
        ]),
      },
    ],
    notes: [
      `A typo, ours: ${calls.oursRefusal}`,
      `A typo, native z.object: ${calls.nativeRefusal.replaceAll('\n', ' | ')}`,
    ],
  };
}
