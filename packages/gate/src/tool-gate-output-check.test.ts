// The output check (SPEC CO-4): a tool that declares an output schema gets through the gate only
// results whose structured payload fits it; any other success becomes an error result and an audit
// event, whatever made the tool (an output class, a hand-written schema) and whatever the mode.
import { createToolUse, GenericTool, SafetyLevel, ToolParam, ToolResult, type JsonObject } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from './execution/audit-event.js';
import type { ToolGateOptions } from './execution/gate-options.js';
import type { ToolPolicy } from './policy/tool-policy.js';
import { ScriptedTool } from '../test/test-tools.js';
import { ToolGate } from './tool-gate.js';

class CountInput {
  @ToolParam.string('What to count')
  what!: string;
}

class Count {
  @ToolParam.integer('How many')
  total!: number;

  @ToolParam.choice(['exact', 'estimate'], 'How sure the count is')
  kind!: 'exact' | 'estimate';

  @ToolParam.string('Where the count came from', { name: 'source_path', optional: true })
  sourcePath?: string;
}

/** A tool with an output class whose doExecute returns whatever the test gives it. */
class CountTool extends GenericTool<CountInput, Count> {
  constructor(private readonly output: unknown) {
    super({ name: 'count', description: 'Counts', safety: SafetyLevel.READ_ONLY, input: CountInput, output: Count });
  }
  protected doExecute(): Count {
    return this.output as Count;
  }
  protected render(output: Count): string {
    return `counted ${String(output.total)}`;
  }
}

const BREACH = 'The tool returned a result that breaks its output schema:';
const WITHHELD = 'The result was withheld.';

async function run(tool: ScriptedTool | CountTool, options: Omit<ToolGateOptions, 'tools'> = {}) {
  const events: AuditEvent[] = [];
  const gate = new ToolGate({ tools: [tool], ...options, onAudit: (event) => events.push(event) });
  const result = await gate.execute(createToolUse('call-1', tool.name, tool.name === 'count' ? { what: 'x' } : {}));
  const { durationMs: _durationMs, ...metadata } = result.metadata;
  return { result, metadata, events: events.map(({ durationMs: _ms, ...event }) => event) };
}

describe('the output check (CO-4)', () => {
  it('passes a payload that fits the output class on, with only the execution event', async () => {
    const { result, events } = await run(new CountTool({ total: 3, kind: 'exact', sourcePath: 'a.txt' }));
    expect(result).toMatchObject({
      content: 'counted 3',
      structured: { total: 3, kind: 'exact', source_path: 'a.txt' },
      isError: false,
    });
    expect(events).toEqual([
      { callId: 'call-1', tool: 'count', stage: 'execution', decision: 'ok', outcome: { kind: 'ran' } },
    ]);
  });

  it('withholds a payload that breaks the schema: the violations as sentences about the output, an audit event', async () => {
    const { result, metadata, events } = await run(
      new CountTool({ total: 2.5, kind: 'guess', source_paht: 'a.txt', secret: 'hunter2' }),
    );
    const sentences = [
      "Unknown field 'source_paht'. Did you mean 'source_path'?",
      "Unknown field 'secret'.",
      "Field 'total' must be an integer.",
      "Field 'kind' must be one of [exact, estimate].",
    ];
    const reason = `${BREACH} ${sentences.join(' ')}`;
    expect(result.isError).toBe(true);
    expect(result.content).toBe(`${reason} ${WITHHELD}`);
    expect(result.structured).toBeUndefined();
    expect(metadata).toEqual({
      outputViolations: [
        { path: 'source_paht', message: sentences[0] },
        { path: 'secret', message: sentences[1] },
        { path: 'total', message: sentences[2] },
        { path: 'kind', message: sentences[3] },
      ],
    });
    // Nothing of the withheld result — its text or a value it held — is in what the model reads.
    expect(result.content).not.toMatch(/counted|guess|hunter2|2\.5/);
    const outcome = { kind: 'failed', by: 'tool', reason };
    expect(events).toEqual([
      { callId: 'call-1', tool: 'count', stage: 'output', decision: 'error', reason, outcome },
      { callId: 'call-1', tool: 'count', stage: 'execution', decision: 'error', outcome },
    ]);
  });

  it('names a missing field with its type, at its path', async () => {
    const { result } = await run(new CountTool({ kind: 'exact' }));
    expect(result.content).toBe(`${BREACH} Field 'total' is required (integer). ${WITHHELD}`);
  });

  it('says so when the output is not an object at all', async () => {
    const { result } = await run(new CountTool(['not', 'a', 'count']));
    expect(result.content).toBe(`${BREACH} The output must be an object. ${WITHHELD}`);
  });

  it('holds a hand-written output schema to the same rules, a missing payload included', async () => {
    const outputSchema: JsonObject = {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
    };
    const ids = (answer: () => unknown) => new ScriptedTool({ name: 'ids', outputSchema }, answer);
    const fits = await run(ids(() => ToolResult.ok('two ids', { structured: [{ id: 'a' }, { id: 'b' }] })));
    expect(fits.result).toMatchObject({ content: 'two ids', structured: [{ id: 'a' }, { id: 'b' }], isError: false });
    const wrong = await run(ids(() => ToolResult.ok('ids', { structured: [{ id: 'a' }, { id: 7 }, {}] })));
    expect(wrong.result.content).toBe(
      `${BREACH} Field '[1].id' must be a string. Field '[2].id' is required (string). ${WITHHELD}`,
    );
    const text = await run(ids(() => 'just text'));
    expect(text.result.content).toBe(`${BREACH} The result has no structured payload. ${WITHHELD}`);
    expect(text.metadata).toEqual({
      outputViolations: [{ path: '', message: 'The result has no structured payload.' }],
    });
  });

  it('checks in every schema validation mode: a model may be tolerated, a broken promise is not', async () => {
    for (const schemaValidation of ['OFF', 'WARN', 'ENFORCE'] as const) {
      const { result } = await run(new CountTool({ total: 'many', kind: 'exact' }), { schemaValidation });
      expect(result.content).toBe(`${BREACH} Field 'total' must be an integer. ${WITHHELD}`);
    }
  });

  it('leaves error results alone: the schema describes successes', async () => {
    const tool = new ScriptedTool(
      { name: 'ids', outputSchema: { type: 'object', properties: {}, additionalProperties: false } },
      () => ToolResult.error('The index is gone.', { structured: { reason: 'gone' } }),
    );
    const { result, events } = await run(tool);
    expect(result).toMatchObject({ content: 'The index is gone.', structured: { reason: 'gone' }, isError: true });
    expect(events.map((event) => event.stage)).toEqual(['execution']);
  });

  it('checks what a policy rewrote the result to: the payload that leaves is the one checked', async () => {
    const rewriting: ToolPolicy = {
      name: 'redact',
      after: (_tool, _input, result) =>
        ToolResult.derive(result, { structured: { total: '[redacted]', kind: 'exact' } }),
    };
    const { result } = await run(new CountTool({ total: 1, kind: 'exact' }), { policies: [rewriting] });
    expect(result.content).toBe(`${BREACH} Field 'total' must be an integer. ${WITHHELD}`);
  });

  it('costs a tool without an output schema nothing: its result is as it answered', async () => {
    const { result, events } = await run(
      new ScriptedTool({ name: 'plain' }, () => ToolResult.ok('x', { structured: 5 })),
    );
    expect(result).toMatchObject({ content: 'x', structured: 5, isError: false });
    expect(events.map((event) => event.stage)).toEqual(['execution']);
  });
});
