// The gate round trip beside the frameworks' own tool paths, on the same 13-field grep-like tool and
// the same inputs, all in one process with paired samples (each ratio is the median over rounds of
// the case's time over the AI SDK's time in the same round):
// - toolwright: `await gate.execute(toolUse)` (lookup, safety policy, permission, argument limits,
//   ENFORCE validation, binding to a GrepInput, the timeout, the output limit, duration metadata);
// - the Vercel AI SDK: `safeValidateTypes` of a zod schema + `executeTool`, what `generateText` runs
//   for one tool call (no permission check, limits, binding, timeout or output limit);
// - the OpenAI Agents SDK: `tool({ parameters: zod }).invoke(runContext, json)`;
// - LangChain.js: `tool(fn, { schema: zod }).invoke(input)`.
// Every tool returns the same rendered text. A benchmark, not a test: medians, no time assertions.
import { createRequire } from 'node:module';
import { createToolUse } from '../../packages/core/dist/index.js';
import { z } from 'zod';
import { createGrepGate, RENDERED } from './gate-round-trip.mjs';
import { grepZodSchema } from './grep-zod.mjs';
import { invalidGrepArguments, validGrepArguments } from './grep-arguments.mjs';
import { formatTable, measurePaired, ratio } from './bench-timing.mjs';

const require = createRequire(import.meta.url);
/** Loads a package the way the named package resolves it (for the AI SDK's provider-utils). */
async function importFrom(parent, name) {
  const from = createRequire(require.resolve(parent));
  return import(from.resolve(name));
}

const render = () => RENDERED;

async function loadPeers() {
  const utils = await importFrom('ai', '@ai-sdk/provider-utils');
  const aiSchema = utils.zodSchema(grepZodSchema);
  const execute = () => render();
  const aiCall = async (value) => {
    const validated = await utils.safeValidateTypes({ value, schema: aiSchema });
    if (!validated.success) return { error: validated.error.message };
    let output;
    for await (const part of utils.executeTool({
      execute,
      input: validated.value,
      options: { toolCallId: 'call_1', messages: [] },
    })) {
      if (part.type === 'final') output = part.output;
    }
    return { output };
  };

  const agents = await import('@openai/agents');
  const agentsTool = agents.tool({
    name: 'grep',
    description: 'Searches file contents with a regular expression',
    parameters: z.object(grepZodSchema.shape).strict(),
    execute: () => render(),
  });
  const runContext = new agents.RunContext({});
  const agentsCall = (json) => agentsTool.invoke(runContext, json, { toolCall: { callId: 'call_1' } });

  const langchain = await import('@langchain/core/tools');
  const langchainTool = langchain.tool(() => render(), {
    name: 'grep',
    description: 'Searches file contents with a regular expression',
    schema: grepZodSchema,
  });
  const langchainCall = async (value) => {
    try {
      return { output: await langchainTool.invoke(value) };
    } catch (error) {
      return { error: error.message };
    }
  };
  return { aiCall, agentsCall, langchainCall };
}

/** Runs the section and prints its table; returns its figures (medians in ns by case, ratios) and the table. */
export async function runGatePeersBench({ samples = 41, callsPerSample = 1_000, warmup = 10_000 } = {}) {
  const { aiCall, agentsCall, langchainCall } = await loadPeers();
  const gate = createGrepGate();
  const auditedGate = createGrepGate(undefined, { onAudit: () => undefined });
  const validUse = createToolUse('call_1', 'grep', validGrepArguments);
  const invalidUse = createToolUse('call_1', 'grep', invalidGrepArguments);
  const validJson = JSON.stringify(validGrepArguments);
  const invalidJson = JSON.stringify(invalidGrepArguments);

  // What each case answers, checked once (results, not time): the labels say what is measured.
  const checks = [
    [(await gate.execute(validUse)).content === RENDERED, 'gate valid'],
    [(await gate.execute(invalidUse)).isError, 'gate invalid'],
    [(await aiCall(validGrepArguments)).output === RENDERED, 'AI SDK valid'],
    [(await aiCall(invalidGrepArguments)).error !== undefined, 'AI SDK invalid'],
    [(await agentsCall(validJson)) === RENDERED, 'Agents valid'],
    [String(await agentsCall(invalidJson)).includes('error'), 'Agents invalid'],
    [(await langchainCall(validGrepArguments)).output === RENDERED, 'LangChain valid'],
    [(await langchainCall(invalidGrepArguments)).error !== undefined, 'LangChain invalid'],
  ];
  const failed = checks.filter(([ok]) => !ok).map(([, label]) => label);
  if (failed.length > 0) throw new Error(`gate-peers: unexpected results for ${failed.join(', ')}`);

  let sink = 0;
  const cases = {
    gateValid: async () => void (sink += (await gate.execute(validUse)).content.length),
    gateAuditedValid: async () => void (sink += (await auditedGate.execute(validUse)).content.length),
    gateFreshValid: async () =>
      void (sink += (await gate.execute(createToolUse('call_1', 'grep', validGrepArguments))).content.length),
    aiValid: async () => void (sink += (await aiCall(validGrepArguments)).output.length),
    agentsValid: async () => void (sink += String(await agentsCall(validJson)).length),
    langchainValid: async () => void (sink += (await langchainCall(validGrepArguments)).output.length),
    gateInvalid: async () => void (sink += (await gate.execute(invalidUse)).content.length),
    aiInvalid: async () => void (sink += (await aiCall(invalidGrepArguments)).error.length),
    agentsInvalid: async () => void (sink += String(await agentsCall(invalidJson)).length),
    langchainInvalid: async () => void (sink += (await langchainCall(invalidGrepArguments)).error.length),
  };
  const baseOf = (name) => (name.endsWith('Invalid') ? 'aiInvalid' : 'aiValid');
  const { ns, ratio: ratios } = await measurePaired(cases, baseOf, { samples, callsPerSample, warmup });
  const row = (label, name) => [label, `${ns[name].toFixed(0)} ns`, ratio(ratios[name])];
  const title = 'Gate round trip beside the frameworks\u2019 own tool paths (13-field grep-like tool, same input)';
  const method = `Median ns per call over ${samples} rounds of ${callsPerSample.toLocaleString('en-US')} sequential awaited calls per case (order reversed every other round); x AI SDK is the median over the rounds of the case's time over the AI SDK's time in the same round.`;
  const table = [
    ['case', 'median', 'x AI SDK'],
    row('valid: toolwright gate (every stage, no audit listener)', 'gateValid'),
    row('valid: toolwright gate with an audit listener', 'gateAuditedValid'),
    row('valid: toolwright gate, the ToolUse made per call (createToolUse)', 'gateFreshValid'),
    row('valid: AI SDK safeValidateTypes + executeTool', 'aiValid'),
    row('valid: OpenAI Agents tool().invoke', 'agentsValid'),
    row('valid: LangChain tool().invoke', 'langchainValid'),
    row('invalid: toolwright gate (typo + bad enum)', 'gateInvalid'),
    row('invalid: AI SDK safeValidateTypes', 'aiInvalid'),
    row('invalid: OpenAI Agents tool().invoke', 'agentsInvalid'),
    row('invalid: LangChain tool().invoke', 'langchainInvalid'),
  ];
  console.log(title);
  console.log(method);
  console.log(formatTable(table));
  console.log(`(checksum ${sink})`);
  return {
    data: {
      medianNs: ns,
      ratioToAiSdk: {
        valid: ratios.gateValid,
        auditedValid: ratios.gateAuditedValid,
        invalid: ratios.gateInvalid,
      },
      samples,
      callsPerSample,
    },
    tables: [{ title, columns: table[0], rows: table.slice(1) }],
    notes: [method],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await runGatePeersBench();
