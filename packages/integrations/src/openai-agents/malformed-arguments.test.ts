import { run } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { ToolGate, type AuditEvent } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { LightTool } from '../../test/ai-sdk/test-tools.js';
import type { AgentsToolsOptions } from './agents-tools-options.js';
import { outputsSeen, scriptedAgent } from '../../test/openai-agents/scripted-run.js';
import { toAgentsTools } from './to-agents-tools.js';

/** Runs one call whose arguments are the given text, approving every interruption; what the model and the gate saw. */
async function callWith(argumentsText: string, askVia: AgentsToolsOptions['askVia']) {
  const light = new LightTool();
  const events: AuditEvent[] = [];
  const gate = new ToolGate({ tools: [light], onAudit: (event) => events.push(event) });
  const model = new ScriptedModel([
    [functionCall('set_light', argumentsText, { callId: 'call-1' })],
    [assistantMessage('Sorry.')],
  ]);
  const agent = scriptedAgent(model, toAgentsTools(gate, { runOptions: { allowWrite: true }, askVia }));
  let result = await run(agent, 'Turn on the kitchen light.');
  const interruptions = result.interruptions.map((item) => item.arguments);
  for (const item of result.interruptions) result.state.approve(item);
  if (interruptions.length > 0) result = await run(agent, result.state);
  expect(result.finalOutput).toBe('Sorry.');
  expect(light.calls).toEqual([]);
  return {
    interruptions,
    outputs: outputsSeen(model, 1),
    audit: events.map(({ stage, decision }) => [stage, decision]),
  };
}

const NOT_JSON = '{"room": "kitch';
const NOT_AN_OBJECT = '["kitchen"]';
const PARSE_SENTENCE = 'An error occurred while parsing tool arguments. Please try again with valid JSON.';
const OBJECT_SENTENCE = "Error: Arguments for tool 'set_light' must be a JSON object, but were an array.";

describe('toAgentsTools: arguments that are not a JSON object', () => {
  it("IN-2: with askVia: 'gate', text that is not JSON gets the SDK's own sentence and never reaches the gate; an array gets the gate's", async () => {
    expect(await callWith(NOT_JSON, 'gate')).toEqual({
      interruptions: [],
      outputs: [{ callId: 'call-1', text: PARSE_SENTENCE }],
      audit: [],
    });
    expect(await callWith(NOT_AN_OBJECT, 'gate')).toEqual({
      interruptions: [],
      outputs: [{ callId: 'call-1', text: OBJECT_SENTENCE }],
      audit: [['arguments', 'deny']],
    });
  });

  it("IN-2: with askVia: 'openai-agents', the SDK puts such a call to the user before anything else (its rule for tools with an approval policy); approved, it ends as above", async () => {
    expect(await callWith(NOT_JSON, 'openai-agents')).toEqual({
      interruptions: [NOT_JSON],
      outputs: [{ callId: 'call-1', text: PARSE_SENTENCE }],
      audit: [],
    });
    expect(await callWith(NOT_AN_OBJECT, 'openai-agents')).toEqual({
      interruptions: [NOT_AN_OBJECT],
      outputs: [{ callId: 'call-1', text: OBJECT_SENTENCE }],
      audit: [['arguments', 'deny']],
    });
  });
});
