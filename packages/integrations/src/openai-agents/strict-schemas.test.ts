import { run } from '@openai/agents';
import { AbstractTool, SafetyLevel, type JsonObject, type ToolInput } from '@toolwright/core';
import { SchemaValidationMode, ToolGate } from '@toolwright/gate';
import { toOpenAIStrictSchema } from '@toolwright/gate/providers';
import { describe, expect, it } from 'vitest';
import { DimmerTool, FloorPlanTool, NoteTool } from '../../test/openai-agents/schema-tools.js';
import { outputsSeen, scriptedAgent, scriptedModel, toolsOffered } from '../../test/openai-agents/scripted-run.js';
import { toAgentsTools } from './to-agents-tools.js';

/** A READ_ONLY tool with a given name and input schema, answering `done`. */
class PlainTool extends AbstractTool {
  constructor(name: string, inputSchema: JsonObject) {
    super({ name, description: `The ${name} tool`, safety: SafetyLevel.READ_ONLY, inputSchema });
  }

  protected run(_input: ToolInput): string {
    return 'done';
  }
}

const gateOver = (...tools: AbstractTool[]) => new ToolGate({ tools, schemaValidation: SchemaValidationMode.ENFORCE });

describe('toAgentsTools: strict schemas', () => {
  it("IN-2, PR-3: a tool with an optional field gets the gate's strict schema, and the model's null for that field reaches the tool as absent", async () => {
    const dimmer = new DimmerTool();
    const model = scriptedModel([
      { calls: [{ callId: 'call-1', name: 'dim_light', input: { room: 'kitchen', level: null } }] },
      { text: 'Dimmed.' },
    ]);
    await run(scriptedAgent(model, toAgentsTools(gateOver(dimmer))), 'Dim the kitchen.');
    expect(toolsOffered(model, 0)).toEqual([
      {
        name: 'dim_light',
        strict: true,
        parameters: {
          type: 'object',
          properties: {
            room: { type: 'string', description: 'The room' },
            level: { type: ['integer', 'null'], description: 'Brightness in percent (default: 50)' },
          },
          required: ['room', 'level'],
          additionalProperties: false,
        },
      },
    ]);
    expect(dimmer.calls).toEqual([{ room: 'kitchen' }]);
    expect(outputsSeen(model, 1)).toEqual([{ callId: 'call-1', text: 'The kitchen light is at 50%.' }]);
  });

  it('IN-2, PR-3: a recursive input class gets a strict schema with its $ref kept, and nested nulls are absent to the tool', async () => {
    const floorPlan = new FloorPlanTool();
    const model = scriptedModel([
      {
        calls: [
          {
            callId: 'call-1',
            name: 'describe_floor_plan',
            input: {
              name: 'house',
              areas: [
                { name: 'ground floor', areas: [{ name: 'kitchen', areas: null }] },
                { name: 'attic', areas: null },
              ],
            },
          },
        ],
      },
      { text: 'Described.' },
    ]);
    await run(scriptedAgent(model, toAgentsTools(gateOver(floorPlan))), 'Describe the house.');
    const [offered] = toolsOffered(model, 0);
    expect(offered).toEqual({
      name: 'describe_floor_plan',
      strict: true,
      parameters: toOpenAIStrictSchema(floorPlan.inputSchema),
    });
    expect(JSON.stringify(offered)).toContain('"items":{"$ref":"#"}');
    expect(outputsSeen(model, 1)).toEqual([{ callId: 'call-1', text: 'house\n  ground floor\n    kitchen\n  attic' }]);
  });

  it('IN-2: a tool with an open object keeps its plain schema, with strict: false (a strict form would refuse the keys it accepts)', async () => {
    const note = new NoteTool();
    const model = scriptedModel([
      { calls: [{ callId: 'call-1', name: 'write_note', input: { text: 'milk', tags: { shop: 'corner' } } }] },
      { text: 'Noted.' },
    ]);
    await run(scriptedAgent(model, toAgentsTools(gateOver(note))), 'Note: milk.');
    expect(toolsOffered(model, 0)).toEqual([{ name: 'write_note', strict: false, parameters: note.inputSchema }]);
    expect(outputsSeen(model, 1)).toEqual([{ callId: 'call-1', text: 'Noted: milk' }]);
  });

  it('IN-2: a strict form the SDK refuses (anyOf beside type) falls back to the plain schema, with strict: false', () => {
    const schema: JsonObject = {
      type: 'object',
      properties: { size: { type: 'string', anyOf: [{ enum: ['small', 'large'] }, { const: 'medium' }] } },
      required: ['size'],
      additionalProperties: false,
    };
    const [agentsTool] = toAgentsTools(gateOver(new PlainTool('pick_size', schema)));
    expect({ strict: agentsTool?.strict, parameters: agentsTool?.parameters }).toEqual({
      strict: false,
      parameters: schema,
    });
  });

  it('IN-2: with strict: false every tool keeps its plain schema', () => {
    const dimmer = new DimmerTool();
    const tools = toAgentsTools(gateOver(dimmer, new FloorPlanTool()), { strict: false });
    expect(tools.map(({ name, strict }) => ({ name, strict }))).toEqual([
      { name: 'dim_light', strict: false },
      { name: 'describe_floor_plan', strict: false },
    ]);
    expect(tools[0]?.parameters).toEqual(dimmer.inputSchema);
  });

  it('IN-2: two tools whose names the SDK would make the same are refused, naming both', () => {
    const schema: JsonObject = { type: 'object', properties: {}, additionalProperties: false };
    const gate = gateOver(new PlainTool('set-light', schema), new PlainTool('set_light', schema));
    expect(() => toAgentsTools(gate)).toThrow(
      "The tools 'set-light' and 'set_light' would both be called 'set_light' in the OpenAI Agents SDK, which allows only letters, digits and '_' in a tool name; rename one of them.",
    );
  });
});
