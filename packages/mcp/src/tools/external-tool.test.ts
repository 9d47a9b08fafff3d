import {
  createExternalToolDefinition,
  createToolUse,
  SafetyLevel,
  ToolResult,
  type ExternalToolDefinition,
} from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { ExternalTool } from './external-tool.js';

const TREE = {
  type: 'object',
  properties: { name: { type: 'string' }, child: { $ref: '#' } },
  additionalProperties: false,
};

function define(inputSchema: unknown = TREE, extra: Record<string, unknown> = {}): ExternalToolDefinition {
  return createExternalToolDefinition({
    name: 'tree',
    description: 'Walks a tree',
    inputSchema,
    origin: 'manifest t.json',
    ...extra,
  });
}

function nestedInput(levels: number): Record<string, unknown> {
  let input: Record<string, unknown> = { name: 'leaf' };
  for (let level = 0; level < levels; level++) input = { child: input };
  return input;
}

function gateOf(tool: ExternalTool): ToolGate {
  return new ToolGate({ tools: [tool], schemaValidation: 'ENFORCE' });
}

describe('ExternalTool', () => {
  it('SC-2: accepts only a definition made by the one constructor', () => {
    const lookAlike = { ...define() };
    expect(() => new ExternalTool(lookAlike, { safety: SafetyLevel.READ_ONLY, invoke: () => 'ran' })).toThrow(
      'An ExternalTool needs a definition made by createExternalToolDefinition, which checks its schemas.',
    );
  });

  it('MC-2: takes the checked schemas, a local name and the declared safety', () => {
    const definition = define(TREE, { outputSchema: { type: 'object' } });
    const tool = new ExternalTool(definition, { name: 'local_tree', safety: SafetyLevel.WRITE, invoke: () => 'ran' });
    expect([tool.name, tool.description, tool.safety, tool.concurrency]).toEqual([
      'local_tree',
      'Walks a tree',
      { level: 'WRITE', destructive: false },
      'EXCLUSIVE',
    ]);
    expect(tool.inputSchema).toBe(definition.inputSchema);
    expect(tool.outputSchema).toBe(definition.outputSchema);
  });

  it('MC-2: a definition without a description gets its title and origin instead', () => {
    const untitled = new ExternalTool(define(TREE, { description: '' }), { safety: 'READ_ONLY', invoke: () => '' });
    const titled = new ExternalTool(define(TREE, { description: ' ', annotations: { title: 'Tree walker' } }), {
      safety: 'READ_ONLY',
      invoke: () => '',
    });
    expect([untitled.description, titled.description]).toEqual([
      'tree (a tool from manifest t.json; its source gives no description).',
      'Tree walker (a tool from manifest t.json; its source gives no description).',
    ]);
  });

  it('GV-5: a recursive $ref: "#" with a 20,000-level input is refused cleanly through the gate', async () => {
    let runs = 0;
    const gate = gateOf(new ExternalTool(define(), { safety: SafetyLevel.READ_ONLY, invoke: () => `ran ${++runs}` }));
    const shallow = await gate.execute(createToolUse('1', 'tree', nestedInput(10)));
    const deep = await gate.execute(createToolUse('2', 'tree', nestedInput(100)));
    const hostile = await gate.execute(createToolUse('3', 'tree', nestedInput(20_000)));
    expect([shallow.isError, shallow.content]).toEqual([false, 'ran 1']);
    expect([deep.isError, deep.content]).toEqual([
      true,
      'The arguments are nested 101 levels deep; at most 64 are accepted. The tool was not executed.',
    ]);
    expect([hostile.isError, hostile.content]).toEqual([
      true,
      "Arguments for tool 'tree' could not be read: Tool input is nested deeper than 512 levels (or contains a cycle).",
    ]);
    expect(runs).toBe(1);
  });

  it('SC-3: a hostile pattern from an external schema is checked in linear time through the gate', async () => {
    const schema = { type: 'object', properties: { q: { type: 'string', pattern: '(a+)+$' } } };
    const gate = gateOf(new ExternalTool(define(schema), { safety: SafetyLevel.READ_ONLY, invoke: () => 'ran' }));
    const started = performance.now();
    const result = await gate.execute(createToolUse('1', 'tree', { q: `${'a'.repeat(100_000)}!` }));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect([result.isError, result.content]).toEqual([
      true,
      "Parameter 'q' must match the pattern (a+)+$. The tool was not executed.",
    ]);
  });

  it('SC-3: format is not asserted through the gate either', async () => {
    const schema = { type: 'object', properties: { email: { type: 'string', format: 'email' } } };
    const gate = gateOf(new ExternalTool(define(schema), { safety: SafetyLevel.READ_ONLY, invoke: () => 'ran' }));
    const result = await gate.execute(createToolUse('1', 'tree', { email: 'not an email' }));
    expect([result.isError, result.content]).toEqual([false, 'ran']);
  });

  it('PO-4: what the invoker throws or returns becomes the result', async () => {
    const failing = new ExternalTool(define(), {
      name: 'failing',
      safety: SafetyLevel.READ_ONLY,
      invoke: () => {
        throw new Error('connection closed');
      },
    });
    const erring = new ExternalTool(define(), {
      name: 'erring',
      safety: SafetyLevel.READ_ONLY,
      invoke: () => ToolResult.error('remote said no'),
    });
    const gate = new ToolGate({ tools: [failing, erring] });
    const thrown = await gate.execute(createToolUse('1', 'failing', {}));
    const returned = await gate.execute(createToolUse('2', 'erring', {}));
    expect([thrown.isError, thrown.content, returned.isError, returned.content]).toEqual([
      true,
      "Tool 'failing' failed: connection closed",
      true,
      'remote said no',
    ]);
  });
});
