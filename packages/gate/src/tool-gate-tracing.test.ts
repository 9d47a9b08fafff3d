import { context, trace, SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { createToolUse, ToolResult, type ToolContext } from '@toolwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedTool } from '../test/test-tools.js';
import type { ToolGateOptions } from './execution/gate-options.js';
import { ToolGate } from './tool-gate.js';
import type { GateTracer } from './execution/tool-tracing.js';
import { SchemaValidationMode } from './validation/schema-validation-mode.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
});
afterAll(() => {
  context.disable();
});

// Any tracer of @opentelemetry/api fits the gate's option, with no cast.
const tracer: GateTracer = provider.getTracer('toolwright-test');

function lightTool(behaviour: (context: ToolContext) => unknown = () => 'on') {
  return new ScriptedTool(
    {
      name: 'set_light',
      description: 'Switches a light',
      inputSchema: {
        type: 'object',
        properties: { state: { type: 'string', enum: ['on', 'off'], description: 'The state' } },
        required: ['state'],
        additionalProperties: false,
      },
    },
    (_input, toolContext) => behaviour(toolContext),
  );
}

function tracedGate(options: Partial<ToolGateOptions> = {}, tool = lightTool()) {
  exporter.reset();
  const gate = new ToolGate({
    tools: [tool],
    tracer,
    schemaValidation: SchemaValidationMode.ENFORCE,
    permissions: { allow: ['set_light'] },
    ...options,
  });
  return { gate, tool };
}

const call = (input: unknown, name = 'set_light', id = 'call_1') => createToolUse(id, name, input);

function onlySpan(): ReadableSpan {
  const spans = exporter.getFinishedSpans();
  expect(spans).toHaveLength(1);
  return spans[0]!;
}

function summary(span: ReadableSpan) {
  return {
    name: span.name,
    kind: span.kind,
    status: span.status,
    errorType: span.attributes['error.type'],
    events: span.events.map((event) => [event.name, event.attributes?.['toolwright.decision']]),
  };
}

describe('ToolGate tracing (OpenTelemetry, GenAI semantic conventions)', () => {
  it('IN-5: one execute_tool span per call with the GenAI attributes and the decisions as events', async () => {
    const { gate } = tracedGate();
    const result = await gate.execute(call({ state: 'on' }, 'functions.set_light'));
    expect(result.isError).toBe(false);
    const span = onlySpan();
    expect(summary(span)).toEqual({
      name: 'execute_tool set_light',
      kind: SpanKind.INTERNAL,
      status: { code: SpanStatusCode.UNSET },
      errorType: undefined,
      events: [
        ['toolwright.gate.permission', 'allow'],
        ['toolwright.gate.execution', 'ok'],
      ],
    });
    expect(span.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'set_light',
      'gen_ai.tool.call.id': 'call_1',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': 'Switches a light',
    });
    expect(span.events[0]?.attributes).toEqual({
      'toolwright.decision': 'allow',
      'toolwright.rule': 'set_light',
      'toolwright.reason': expect.any(String),
    });
  });

  it('IN-5: refusals and failures end the span with an error status and a fixed error.type', async () => {
    const cases: [string, Partial<ToolGateOptions>, ReturnType<typeof call>, unknown][] = [
      ['unknown tool', {}, call({}, 'set_lihgt'), 'unknown_tool'],
      ['typo', {}, call({ stat: 'on' }), 'invalid_arguments'],
      ['bad enum', {}, call({ state: 'dim' }), 'invalid_arguments'],
      ['no rule allows it', { permissions: { allow: [] } }, call({ state: 'on' }), 'denied'],
      ['deny rule', { permissions: { allow: ['set_light'], deny: ['set_light'] } }, call({ state: 'on' }), 'denied'],
      [
        'held for approval',
        { permissions: { ask: ['set_light'] }, approvals: { secret: 'x'.repeat(32) } },
        call({ state: 'on' }),
        'approval_pending',
      ],
      ['too deep', {}, call({ state: nest(200) }), 'invalid_arguments'],
    ];
    for (const [label, options, toolUse, errorType] of cases) {
      const { gate, tool } = tracedGate(options);
      const result = await gate.execute(toolUse);
      const span = onlySpan();
      expect([label, result.isError, tool.runs, span.attributes['error.type']]).toEqual([label, true, 0, errorType]);
      expect(span.status).toEqual({
        code: SpanStatusCode.ERROR,
        message: span.events.at(-1)?.attributes?.['toolwright.reason'],
      });
    }
  });

  it('IN-5: a tool that fails, times out or is cancelled is tool_error, timeout or cancelled', async () => {
    const failing = tracedGate(
      {},
      lightTool(() => ToolResult.error('the bulb is broken')),
    );
    await failing.gate.execute(call({ state: 'on' }));
    expect(summary(onlySpan())).toMatchObject({ status: { code: SpanStatusCode.ERROR }, errorType: 'tool_error' });

    const throwing = tracedGate(
      {},
      lightTool(() => {
        throw new Error('wiring fault');
      }),
    );
    await throwing.gate.execute(call({ state: 'on' }));
    expect(summary(onlySpan())).toMatchObject({ status: { code: SpanStatusCode.ERROR }, errorType: 'tool_error' });

    const forever = (toolContext: ToolContext) =>
      new Promise((resolve) => toolContext.signal.addEventListener('abort', () => resolve('stopped')));
    const slow = tracedGate({ timeoutMs: 50 }, lightTool(forever));
    expect((await slow.gate.execute(call({ state: 'on' }))).metadata.timedOut).toBe(true);
    expect(summary(onlySpan())).toMatchObject({
      errorType: 'timeout',
      events: [expect.anything(), ['toolwright.gate.execution', 'timeout']],
    });

    const cancelled = tracedGate({}, lightTool(forever));
    const controller = new AbortController();
    const running = cancelled.gate.execute(call({ state: 'on' }), { signal: controller.signal });
    await waitFor(() => cancelled.tool.runs === 1);
    controller.abort();
    expect((await running).metadata.cancelled).toBe(true);
    expect(summary(onlySpan())).toMatchObject({ errorType: 'cancelled' });
  });

  it("IN-5: spans a tool starts are children of the call's span", async () => {
    const inner = provider.getTracer('inside-the-tool');
    const { gate } = tracedGate(
      {},
      lightTool(() =>
        inner.startActiveSpan('switch relay', (span) => {
          span.end();
          return 'on';
        }),
      ),
    );
    await gate.execute(call({ state: 'on' }));
    const spans = exporter.getFinishedSpans();
    const outer = spans.find((span) => span.name === 'execute_tool set_light');
    const child = spans.find((span) => span.name === 'switch relay');
    expect(child?.parentSpanContext?.spanId).toBe(outer?.spanContext().spanId);
    expect(child?.spanContext().traceId).toBe(outer?.spanContext().traceId);
  });

  it('IN-5: nothing is recorded without a tracer, even with a global provider set', async () => {
    trace.setGlobalTracerProvider(provider);
    try {
      const { gate } = tracedGate({ tracer: undefined });
      expect((await gate.execute(call({ state: 'on' }))).isError).toBe(false);
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      trace.disable();
    }
  });

  it('IN-5: a batch gives each call its own span', async () => {
    const { gate } = tracedGate();
    await gate.executeBatch([
      call({ state: 'on' }, 'set_light', 'a'),
      call({ state: 'off' }, 'set_light', 'b'),
      call({}, 'nope', 'c'),
    ]);
    const spans = exporter.getFinishedSpans().map((span) => [span.name, span.attributes['gen_ai.tool.call.id']]);
    expect(spans.sort((x, y) => String(x[1]).localeCompare(String(y[1])))).toEqual([
      ['execute_tool set_light', 'a'],
      ['execute_tool set_light', 'b'],
      ['execute_tool', 'c'],
    ]);
  });

  it('CO-1: a result of parts adds its count and the bytes of its binary parts to the span, never the bytes', async () => {
    const image = Buffer.alloc(300, 1).toString('base64');
    const { gate } = tracedGate(
      {},
      lightTool(() =>
        ToolResult.ok([
          { type: 'text', text: 'the hall' },
          { type: 'image', data: image, mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        ]),
      ),
    );
    expect((await gate.execute(call({ state: 'on' }))).parts).toHaveLength(3);
    const { attributes } = onlySpan();
    expect([attributes['toolwright.result.parts'], attributes['toolwright.result.binary_bytes']]).toEqual([3, 303]);
    expect(JSON.stringify(attributes)).not.toContain(image);
  });

  it("IN-5: the model's text stays out of span names and is cut in attributes", async () => {
    const { gate } = tracedGate();
    await gate.execute(call({}, `x${'y'.repeat(10_000)}`, 'i'.repeat(5_000)));
    const span = onlySpan();
    expect(span.name).toBe('execute_tool');
    expect(span.attributes['gen_ai.tool.name']).toBe(`x${'y'.repeat(127)}`);
    expect(span.attributes['gen_ai.tool.call.id']).toBe('i'.repeat(128));
  });

  it('IN-5: a cut attribute never ends in half of a surrogate pair', async () => {
    const { gate } = tracedGate();
    await gate.execute(call({}, `${'y'.repeat(127)}😀z`, `${'i'.repeat(127)}😀`));
    const span = onlySpan();
    expect(span.attributes['gen_ai.tool.name']).toBe('y'.repeat(127));
    expect(span.attributes['gen_ai.tool.call.id']).toBe('i'.repeat(127));
  });

  it('IN-5: a tracer or span that throws changes nothing: the call runs once and its result stands', async () => {
    const broken = [
      {
        startActiveSpan: () => {
          throw new Error('tracer down');
        },
      },
      {
        startActiveSpan: (_n: string, _o: unknown, fn: (span: unknown) => unknown) => {
          fn(throwingSpan);
          throw new Error('after start');
        },
      },
      { startActiveSpan: (_n: string, _o: unknown, fn: (span: unknown) => unknown) => fn(throwingSpan) },
    ];
    for (const faulty of broken) {
      const { gate, tool } = tracedGate({ tracer: faulty as unknown as Tracer });
      const result = await gate.execute(call({ state: 'on' }));
      expect([result.isError, result.content, tool.runs]).toEqual([false, 'on', 1]);
    }
  });
});

const throwingSpan = {
  setAttribute: () => {
    throw new Error('no');
  },
  addEvent: () => {
    throw new Error('no');
  },
  setStatus: () => {
    throw new Error('no');
  },
  end: () => {
    throw new Error('no');
  },
};

function nest(depth: number): unknown {
  let value: unknown = 'on';
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition was not met in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
