// MP-7: the tools the official MCP conformance suite (@modelcontextprotocol/conformance 0.1.16) calls
// by name, as a toolwright plugin for `toolwright serve --http`. Texts are the reference server's.
// The content tools (image, audio, embedded resource, mixed) answer with content parts (SPEC CO-1):
// a 1×1 red PNG, a short silent WAV, a text resource, and text beside an image and a resource.
import { Buffer } from 'node:buffer';
import { setTimeout as sleep } from 'node:timers/promises';
import { AbstractTool, SafetyLevel, ToolResult } from '@toolwright/core';

/** A 1×1 red pixel, as the suite suggests. */
const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** A WAV file of eight silent 8-bit samples at 8 kHz: the RIFF header, then the data. */
const SILENT_WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([44, 0, 0, 0]),
  Buffer.from('WAVEfmt '),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1f, 0, 0, 0x40, 0x1f, 0, 0, 1, 0, 8, 0]),
  Buffer.from('data'),
  Buffer.from([8, 0, 0, 0]),
  Buffer.alloc(8, 0x80),
]).toString('base64');

/** The embedded resource of the reference server. */
const EMBEDDED_RESOURCE = {
  uri: 'test://embedded-resource',
  mimeType: 'text/plain',
  text: 'This is an embedded resource content.',
};

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
  new ConformanceTool('test_image_content', 'Tests image content response', () =>
    ToolResult.ok([{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png', width: 1, height: 1 }]),
  ),
  new ConformanceTool('test_audio_content', 'Tests audio content response', () =>
    ToolResult.ok([{ type: 'audio', data: SILENT_WAV, mimeType: 'audio/wav' }]),
  ),
  new ConformanceTool('test_embedded_resource', 'Tests embedded resource content response', () =>
    ToolResult.ok([{ type: 'resource', resource: EMBEDDED_RESOURCE }]),
  ),
  new ConformanceTool(
    'test_multiple_content_types',
    'Tests response with multiple content types (text, image, resource)',
    () =>
      ToolResult.ok([
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png', width: 1, height: 1 },
        {
          type: 'resource',
          resource: {
            ...EMBEDDED_RESOURCE,
            text: '{"test":"data","value":123}',
            mimeType: 'application/json',
            uri: 'test://mixed-content-resource',
          },
        },
      ]),
  ),
];
