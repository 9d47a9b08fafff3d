// The output limit on every path a result leaves the gate by, and on what the provider adapters send.
import { createToolUse, parseToolUse, ToolResult, type ToolUse } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import type { ToolPolicy } from './policy/tool-policy.js';
import { toAnthropicToolResult } from './providers/anthropic.js';
import { toOpenAIChatToolMessage } from './providers/openai-chat.js';
import { toOpenAIResponsesFunctionOutput } from './providers/openai-responses.js';
import { ScriptedTool, SearchTool } from '../test/test-tools.js';
import type { ToolGateOptions } from './execution/gate-options.js';
import { ToolGate } from './tool-gate.js';

const ERROR_HINT = 'Fix what is shown and call again; the rest will be reported then.';
/** Long enough that every sentence naming it is over the small limit below. */
const NAME = 'a_tool_whose_name_is_long_enough_to_fill_any_message_it_is_in';
const SMALL_LIMIT = 80;

const refusingPolicy: ToolPolicy = {
  name: 'office-hours',
  before: () => ({ allowed: false, reason: `Calls to ${NAME} are allowed only in office hours, 9 to 5.` }),
};
const throwingPolicy: ToolPolicy = {
  name: 'broken',
  before: () => {
    throw new Error(`the broken policy could not decide about ${NAME}`);
  },
};
const typed = (behaviour?: ConstructorParameters<typeof ScriptedTool>[1]) =>
  new ScriptedTool(
    {
      name: NAME,
      subject: { kind: 'COMMAND', parameter: 'command' },
      inputSchema: {
        type: 'object',
        properties: { command: { type: 'string' }, count: { type: 'integer' } },
        additionalProperties: false,
      },
    },
    behaviour,
  );
const never = () => new Promise<string>(() => undefined);
const cancelled = AbortSignal.abort('stopped');

/** Each path out of the gate, with a call that takes it and the full text it gives without a limit. */
const paths: [string, Omit<ToolGateOptions, 'runOptions'>, ToolUse, string, AbortSignal?][] = [
  ['lookup', { tools: [typed()] }, createToolUse('c', 'nope', {}), `Unknown tool 'nope'. Available tools: ${NAME}.`],
  [
    'arguments',
    { tools: [typed()] },
    parseToolUse('c', NAME, '{"command":'),
    `Arguments for tool '${NAME}' are not valid JSON (Unexpected end of JSON input). Send the arguments as one JSON object.`,
  ],
  [
    'limits',
    { tools: [typed()] },
    createToolUse('c', NAME, { command: 'x'.repeat(1_048_600) }),
    'The arguments are 1048614 bytes of JSON; at most 1048576 are accepted. The tool was not executed.',
  ],
  [
    'policy',
    { tools: [typed()], policies: [refusingPolicy] },
    createToolUse('c', NAME, {}),
    `Calls to ${NAME} are allowed only in office hours, 9 to 5.`,
  ],
  [
    'permission',
    { tools: [typed()], permissions: { allow: [`${NAME}(git:*)`] } },
    createToolUse('c', NAME, { command: 'rm -rf build' }),
    `Permission denied: the ${NAME} command 'rm -rf build' matches no allow rule (${NAME}(git:*)).`,
  ],
  [
    'validation',
    { tools: [typed()], schemaValidation: 'ENFORCE' },
    createToolUse('c', NAME, { command: 5, count: 'three' }),
    "Parameter 'command' must be a string. The tool was not executed.\nParameter 'count' must be an integer. The tool was not executed.",
  ],
  [
    'execution (an error result)',
    { tools: [typed(() => ToolResult.error(`${NAME} found nothing to do in the folder it was given.`))] },
    createToolUse('c', NAME, {}),
    `${NAME} found nothing to do in the folder it was given.`,
  ],
  [
    'execution (an exception)',
    {
      tools: [
        typed(() => {
          throw new Error('the disk it writes to is full');
        }),
      ],
    },
    createToolUse('c', NAME, {}),
    `Tool '${NAME}' failed: the disk it writes to is full`,
  ],
  [
    'timeout',
    { tools: [typed(never)], timeoutMs: 1 },
    createToolUse('c', NAME, {}),
    `Tool '${NAME}' did not finish within 1ms and was abandoned.`,
  ],
  ['cancellation', { tools: [typed(never)] }, createToolUse('c', NAME, {}), `Tool '${NAME}' was cancelled.`, cancelled],
  [
    'gate failure',
    { tools: [typed()], policies: [throwingPolicy] },
    createToolUse('c', NAME, {}),
    `The tool call could not be processed: the broken policy could not decide about ${NAME}`,
  ],
];

describe('ToolGate: one output limit on every result', () => {
  it.each(paths)(
    'PO-3: the %s refusal or result is cut to the limit, with the marker',
    async (_path, options, use, full, signal) => {
      const run = (maxToolOutputChars: number) =>
        new ToolGate({ ...options, runOptions: { maxToolOutputChars } }).execute(use, signal ? { signal } : {});
      const unlimited = await run(1_000_000);
      expect(unlimited).toMatchObject({ content: full, isError: true });
      expect(unlimited.metadata.truncated).toBeUndefined();
      const limited = await run(SMALL_LIMIT);
      // An error's budget leaves room for OpenAI's 'Error: ' prefix: 73 of the 80 characters.
      const marker = (shown: number) => `\n[Output cut: showed the first ${shown} of ${full.length} characters.]`;
      const shown = 73 - marker(10).length;
      expect(limited.content).toBe(`${full.slice(0, shown)}${marker(shown)}`);
      expect(limited.isError).toBe(true);
      expect(limited.metadata).toMatchObject({ truncated: true, originalLength: full.length });
      expect(toOpenAIChatToolMessage('c', limited).content).toHaveLength(SMALL_LIMIT);
    },
  );

  it('PO-3: a successful result is cut to its full limit (no room kept for a prefix), and its marker says how to get the rest', async () => {
    const gate = new ToolGate({ tools: [typed(() => 'x'.repeat(500))], runOptions: { maxToolOutputChars: 200 } });
    const result = await gate.execute(createToolUse('c', NAME, {}));
    expect(result.content).toBe(
      `${'x'.repeat(95)}\n[Output cut: showed the first 95 of 500 characters. To see the rest, ask for a smaller part at a time.]`,
    );
    // The marker is measured with the largest count it could hold (200), so one character is left over.
    expect(result.content).toHaveLength(199);
    expect(result.metadata).toMatchObject({ truncated: true, originalLength: 500 });
  });

  it('PO-3: 20,000 mistyped keys give one bounded error, and every adapter sends at most the limit', async () => {
    const keys = Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`qeury_${index}`, 1]));
    const gate = new ToolGate({ tools: [new SearchTool()], schemaValidation: 'ENFORCE' });
    const result = await gate.execute(createToolUse('c', 'search', { query: 'q', ...keys }));
    expect(result.isError).toBe(true);
    expect(result.content).toHaveLength(29_993);
    expect(result.content.split('\n').slice(0, 2)).toEqual([
      "Unknown parameter 'qeury_0'. The tool was not executed.",
      "Unknown parameter 'qeury_1'. The tool was not executed.",
    ]);
    expect(result.content.slice(result.content.lastIndexOf('\n'))).toBe(
      `\n[Output cut: showed the first 29,864 of 1,188,889 characters. ${ERROR_HINT}]`,
    );
    expect(result.metadata).toMatchObject({ truncated: true, originalLength: 1_188_889 });
    expect(toAnthropicToolResult('c', result).content).toHaveLength(29_993);
    expect(toOpenAIChatToolMessage('c', result).content).toHaveLength(30_000);
    expect(toOpenAIResponsesFunctionOutput('c', result).output).toHaveLength(30_000);
  });

  it('PO-3: an unknown tool among 3,000 lists as many as fit, then the marker', async () => {
    const tools = Array.from({ length: 3_000 }, (_, index) => typedNamed(`tool_number_${index}`));
    const result = await new ToolGate({ tools }).execute(createToolUse('c', 'missing', {}));
    expect(result.content.startsWith("Unknown tool 'missing'. Available tools: tool_number_0, tool_number_1,")).toBe(
      true,
    );
    expect(result.content).toHaveLength(29_993);
    expect(result.content.slice(result.content.lastIndexOf('\n'))).toBe(
      `\n[Output cut: showed the first 29,867 of 52,930 characters. ${ERROR_HINT}]`,
    );
  });

  it("PO-3/TC-4: a failing tool's structured payload reaches the host; over the limit it is left out, and said so", async () => {
    const payload = { stderr: 'no such file' };
    const small = new ToolGate({ tools: [typed(() => ToolResult.error('[exit code: 2]', { structured: payload }))] });
    expect(await small.execute(createToolUse('c', NAME, {}))).toMatchObject({
      content: '[exit code: 2]',
      structured: payload,
      isError: true,
    });
    const big = { stdout: 'x'.repeat(1_048_576) };
    const loud = new ToolGate({ tools: [typed(() => ToolResult.ok('done', { structured: big }))] });
    const result = await loud.execute(createToolUse('c', NAME, {}));
    expect(result.structured).toBeUndefined();
    expect(result.content).toBe('done');
    expect(result.metadata).toMatchObject({ structuredDropped: true, structuredLength: 1_048_589 });
  });
});

function typedNamed(name: string): ScriptedTool {
  return new ScriptedTool({ name });
}
