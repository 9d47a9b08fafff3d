// MP-7: the tools the official MCP conformance suite (@modelcontextprotocol/conformance 0.1.16) calls
// by name, as a toolwright plugin for `toolwright serve --http`. Texts are the reference server's.
// The content tools (image, audio, embedded resource, mixed) answer with text: a toolwright result
// holds text only until CO-1 (results beyond text) adds content parts, so their scenarios are
// expected failures in mcp-conformance.test.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { AbstractTool, SafetyLevel, ToolResult } from '@toolwright/core';

/** No parameters (the reference server's schema for every tool here). */
const NO_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };

/** Waits `ms`; a cancelled call stops waiting (and ends with an error result). */
const pause = (ms, signal) => sleep(ms, undefined, { signal });

/** A read-only tool that answers with `run` (no parameters unless it is given a schema). */
class ConformanceTool extends AbstractTool {
  constructor(name, description, run, inputSchema = NO_PARAMETERS) {
    super({ name, description, safety: SafetyLevel.READ_ONLY, inputSchema });
    this.answer = run;
  }

  run(input, context) {
    return this.answer(input, context);
  }
}

export default [
  new ConformanceTool(
    'test_simple_text',
    'Tests simple text content response',
    () => 'This is a simple text response for testing.',
  ),
  new ConformanceTool('test_tool_with_logging', 'Tests tool that emits log messages during execution', async (_, c) => {
    c.logger.info('Tool execution started');
    await pause(50, c.signal);
    c.logger.info('Tool processing data');
    await pause(50, c.signal);
    c.logger.info('Tool execution completed');
    return 'Tool with logging executed successfully';
  }),
  new ConformanceTool('test_tool_with_progress', 'Tests tool that reports progress notifications', async (_, c) => {
    c.progress({ progress: 0, total: 100, message: 'Completed step 0 of 100' });
    await pause(50, c.signal);
    c.progress({ progress: 50, total: 100, message: 'Completed step 50 of 100' });
    await pause(50, c.signal);
    c.progress({ progress: 100, total: 100, message: 'Completed step 100 of 100' });
    return 'Progress test completed';
  }),
  new ConformanceTool('test_error_handling', 'Tests error response handling', () =>
    ToolResult.error('This tool intentionally returns an error for testing'),
  ),
  // json-schema-2020-12: the tool list must carry this input schema as written.
  new ConformanceTool(
    'json_schema_2020_12_tool',
    'Tool with JSON Schema 2020-12 features for conformance testing',
    (input) => `Received: ${JSON.stringify(input.toJSON())}`,
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: {
          type: 'object',
          properties: {
            street: { type: 'string', description: 'Street and number' },
            city: { type: 'string', description: 'City' },
          },
          additionalProperties: false,
        },
      },
      properties: {
        name: { type: 'string', description: 'A name' },
        address: { $ref: '#/$defs/address', description: 'A postal address' },
      },
      additionalProperties: false,
    },
  ),
  // Until CO-1: text where the suite wants an image, audio or resource part.
  new ConformanceTool(
    'test_image_content',
    'Tests image content response (toolwright results hold text only until CO-1)',
    () => 'An image (image/png) would be here: toolwright results hold text only until CO-1.',
  ),
  new ConformanceTool(
    'test_audio_content',
    'Tests audio content response (toolwright results hold text only until CO-1)',
    () => 'An audio clip (audio/wav) would be here: toolwright results hold text only until CO-1.',
  ),
  new ConformanceTool(
    'test_embedded_resource',
    'Tests embedded resource content response (toolwright results hold text only until CO-1)',
    () =>
      'An embedded resource (test://embedded-resource) would be here: toolwright results hold text only until CO-1.',
  ),
  new ConformanceTool(
    'test_multiple_content_types',
    'Tests response with multiple content types (toolwright results hold text only until CO-1)',
    () =>
      'Multiple content types test: an image and a resource would follow; toolwright results hold text only until CO-1.',
  ),
];
