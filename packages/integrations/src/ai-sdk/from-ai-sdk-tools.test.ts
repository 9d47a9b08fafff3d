import { createToolUse, SafetyLevel } from '@toolwright/core';
import { SchemaValidationMode, ToolGate, type AuditEvent } from '@toolwright/gate';
import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromAiSdkTools } from './from-ai-sdk-tools.js';

/** Two AI SDK tools as an app would write them: one with a zod schema, one with a JSON Schema. */
function appTools() {
  const weatherCalls: unknown[] = [];
  const sent: unknown[] = [];
  const toolSet = {
    get_weather: tool({
      description: 'The weather in a city',
      inputSchema: z.object({
        city: z.string().describe('The city'),
        unit: z.enum(['celsius', 'fahrenheit']).default('celsius').describe('The unit'),
      }),
      execute: (input) => {
        weatherCalls.push(input);
        return { city: input.city, unit: input.unit, temperature: 21 };
      },
    }),
    send_email: tool({
      description: 'Sends an email',
      inputSchema: jsonSchema<{ to: string; body: string }>({
        type: 'object',
        properties: { to: { type: 'string' }, body: { type: 'string' } },
        required: ['to', 'body'],
        additionalProperties: false,
      }),
      execute: ({ to, body }) => {
        sent.push({ to, body });
        return `Sent ${body.length} characters to ${to}.`;
      },
    }),
  } satisfies ToolSet;
  return { toolSet, weatherCalls, sent };
}

const call = (id: string, name: string, input: unknown) => createToolUse(id, name, input);

describe('fromAiSdkTools', () => {
  it('IN-1: zod and JSON Schema tools keep their names, descriptions and schemas (checked copies); default safety WRITE, destructive', async () => {
    const [weather, email] = await fromAiSdkTools(appTools().toolSet);
    expect(weather?.name).toBe('get_weather');
    expect(weather?.description).toBe('The weather in a city');
    expect(weather?.inputSchema).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        city: { type: 'string', description: 'The city' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius', description: 'The unit' },
      },
      required: ['city'],
      additionalProperties: false,
    });
    expect(Object.isFrozen(weather?.inputSchema)).toBe(true);
    expect(weather?.definition.origin).toBe('AI SDK tools');
    expect(weather?.safety).toEqual({ level: 'WRITE', destructive: true });
    expect(email?.name).toBe('send_email');
    expect(email?.safety).toEqual({ level: 'WRITE', destructive: true });
  });

  it('IN-1: behind a gate, the validation sentences, permissions and the safety policy apply; the zod schema applies its defaults', async () => {
    const { toolSet, weatherCalls, sent } = appTools();
    const events: AuditEvent[] = [];
    const gate = new ToolGate({
      tools: await fromAiSdkTools(toolSet),
      permissions: { allow: ['get_weather'], deny: ['send_email'] },
      schemaValidation: SchemaValidationMode.ENFORCE,
      runOptions: { allowWrite: true },
      onAudit: (event) => events.push(event),
    });
    const typo = await gate.execute(call('1', 'get_weather', { ciy: 'Paris' }));
    expect(typo).toMatchObject({
      isError: true,
      content: "Unknown parameter 'ciy'. Did you mean 'city'? The tool was not executed.",
    });
    const wrongUnit = await gate.execute(call('2', 'get_weather', { city: 'Paris', unit: 'kelvin' }));
    expect(wrongUnit.content).toBe(
      "Parameter 'unit' must be one of [celsius, fahrenheit], but was 'kelvin'. The tool was not executed.",
    );
    const weather = await gate.execute(call('3', 'get_weather', { city: 'Paris' }));
    expect(weather).toMatchObject({
      isError: false,
      content: '{"city":"Paris","unit":"celsius","temperature":21}',
      structured: { city: 'Paris', unit: 'celsius', temperature: 21 },
    });
    expect(weatherCalls).toEqual([{ city: 'Paris', unit: 'celsius' }]);
    const email = await gate.execute(call('4', 'send_email', { to: 'a@example.com', body: 'hi' }));
    expect(email).toMatchObject({
      isError: true,
      content: 'Permission denied: this send_email call matches the deny rule send_email.',
      metadata: { policyDenied: true },
    });
    expect(sent).toEqual([]);
    expect(events.map(({ callId, stage, decision }) => `${callId} ${stage} ${decision}`)).toEqual([
      '1 permission allow',
      '1 validation deny',
      '2 permission allow',
      '2 validation deny',
      '3 permission allow',
      '3 execution ok',
      '4 permission deny',
    ]);

    const readOnly = new ToolGate({ tools: await fromAiSdkTools(toolSet) });
    expect((await readOnly.execute(call('5', 'send_email', { to: 'a@example.com', body: 'hi' }))).content).toBe(
      'tool requires allowWrite=true: send_email',
    );
  });

  it('IN-1: safety comes from the options, per tool overrides first', async () => {
    const tools = await fromAiSdkTools(appTools().toolSet, {
      safety: SafetyLevel.READ_ONLY,
      tools: { send_email: { safety: { level: SafetyLevel.WRITE, destructive: false } } },
    });
    expect(tools.map((converted) => [converted.name, converted.safety, converted.concurrency])).toEqual([
      ['get_weather', { level: 'READ_ONLY', destructive: false }, 'PARALLEL'],
      ['send_email', { level: 'WRITE', destructive: false }, 'EXCLUSIVE'],
    ]);
    const gate = new ToolGate({ tools });
    expect(gate.offeredTools().map((offered) => offered.name)).toEqual(['get_weather']);
  });

  it('IN-1: the output limit cuts a long output and its structured payload', async () => {
    const toolSet = {
      read_log: tool({
        description: 'Reads the log',
        inputSchema: z.object({}),
        execute: () => ({ lines: Array.from({ length: 50 }, (_, index) => `line ${index}`) }),
      }),
    } satisfies ToolSet;
    const gate = new ToolGate({
      tools: await fromAiSdkTools(toolSet, { safety: SafetyLevel.READ_ONLY }),
      runOptions: { maxToolOutputChars: 200 },
    });
    const result = await gate.execute(call('1', 'read_log', {}));
    const json = JSON.stringify({ lines: Array.from({ length: 50 }, (_, index) => `line ${index}`) });
    expect(json.length).toBe(501);
    expect(result.isError).toBe(false);
    expect(result.content).toBe(
      `${json.slice(0, 95)}\n[Output cut: showed the first 95 of 501 characters. To see the rest, ask for a smaller part at a time.]`,
    );
    expect(result.structured).toBeUndefined();
    expect(result.metadata).toMatchObject({ truncated: true, originalLength: 501, structuredDropped: true });
  });

  it("IN-1: what execute throws is an error result; the gate's abort reaches execute as abortSignal", async () => {
    let seenSignal: AbortSignal | undefined;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const toolSet = {
      fail: tool({
        description: 'Fails',
        inputSchema: z.object({}),
        execute: (): string => {
          throw new Error('disk full');
        },
      }),
      wait: tool({
        description: 'Waits until stopped',
        inputSchema: z.object({}),
        execute: (_input, { abortSignal }) => {
          seenSignal = abortSignal;
          started();
          return new Promise<string>(() => undefined);
        },
      }),
    } satisfies ToolSet;
    const gate = new ToolGate({ tools: await fromAiSdkTools(toolSet, { safety: SafetyLevel.READ_ONLY }) });
    expect(await gate.execute(call('1', 'fail', {}))).toMatchObject({
      isError: true,
      content: "Tool 'fail' failed: disk full",
      metadata: { exception: { name: 'Error', message: 'disk full' } },
    });
    const controller = new AbortController();
    const pending = gate.execute(call('2', 'wait', {}), { signal: controller.signal });
    await running;
    expect(seenSignal?.aborted).toBe(false);
    controller.abort(new Error('stop'));
    expect(await pending).toMatchObject({ isError: true, content: "Tool 'wait' was cancelled." });
    expect(seenSignal?.aborted).toBe(true);
  });

  it('IN-1, SC-2: a schema the external-schema constructor refuses fails the conversion, naming the tool', async () => {
    const toolSet = {
      fetch_page: tool({
        description: 'Fetches a page',
        inputSchema: jsonSchema<{ url: string }>({
          type: 'object',
          properties: { url: { $ref: 'https://schemas.example.com/url.json' } },
        }),
        execute: () => 'page',
      }),
    } satisfies ToolSet;
    await expect(fromAiSdkTools(toolSet)).rejects.toMatchObject({
      name: 'ToolwrightError',
      code: 'INVALID_EXTERNAL_SCHEMA',
      message:
        "External tool 'fetch_page' from AI SDK tools: inputSchema#/properties/url/$ref: $ref must start with '#' (a reference inside the schema), not 'https://schemas.example.com/url.json'.",
    });
  });

  it('IN-1: a tool without execute, or a provider tool, cannot run behind a gate', async () => {
    const clientSide = {
      ask_user: tool({ description: 'Asks the user', inputSchema: z.object({ question: z.string() }) }),
    } satisfies ToolSet;
    await expect(fromAiSdkTools(clientSide)).rejects.toThrow(
      "AI SDK tool 'ask_user' from AI SDK tools has no execute function, so a gate cannot run it.",
    );
    const providerTool = {
      web_search: {
        type: 'provider',
        id: 'openai.web_search',
        args: {},
        inputSchema: z.object({ query: z.string() }),
        execute: () => 'results',
      },
    } satisfies ToolSet;
    await expect(fromAiSdkTools(providerTool, { origin: 'the OpenAI tools' })).rejects.toThrow(
      "AI SDK tool 'web_search' from the OpenAI tools is a provider tool: its provider runs it, so a gate cannot.",
    );
  });

  it("CO-4: an AI SDK tool's outputSchema is held to by the gate: a fitting output passes, another is an error", async () => {
    const toolSet = {
      lookup_ids: tool({
        description: 'Finds the ids of a name',
        inputSchema: z.object({ name: z.string() }),
        outputSchema: z.array(z.object({ id: z.string() })),
        execute: ({ name }) => (name === 'broken' ? ([{ id: 7 }] as unknown as { id: string }[]) : [{ id: 'a-1' }]),
      }),
    } satisfies ToolSet;
    const tools = await fromAiSdkTools(toolSet, { safety: SafetyLevel.READ_ONLY });
    expect(tools[0]?.outputSchema).toMatchObject({ type: 'array', items: { type: 'object', required: ['id'] } });
    const gate = new ToolGate({ tools });
    const fits = await gate.execute(call('1', 'lookup_ids', { name: 'x' }));
    expect([fits.isError, fits.content, fits.structured]).toEqual([false, '[{"id":"a-1"}]', [{ id: 'a-1' }]]);
    const broken = await gate.execute(call('2', 'lookup_ids', { name: 'broken' }));
    expect([broken.isError, broken.content]).toEqual([
      true,
      "The tool returned a result that breaks its output schema: Field '[0].id' must be a string. The result was withheld.",
    ]);
  });
});
