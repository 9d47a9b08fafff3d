// Typed outputs on MCP (SPEC CO-4): a GenericTool's output class reaches tools/list as its
// outputSchema and each result as structuredContent, checked by the official client; a broken
// payload is an error; a non-object output goes wrapped in one key, schema and payload alike.
import {
  AbstractTool,
  GenericTool,
  SafetyLevel,
  ToolParam,
  ToolResult,
  buildInputSchema,
  type JsonObject,
} from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { describe, expect, it } from 'vitest';
import { connectInMemory } from '../../test/in-memory-client.js';
import { mcpOutputSchema, WRAPPED_OUTPUT_KEY } from './mcp-output-schema.js';

class WeatherInput {
  @ToolParam.string('City name')
  city!: string;
}

class Reading {
  @ToolParam.number('Temperature in °C', { name: 'temperature_c' })
  temperatureC!: number;

  @ToolParam.choice(['sun', 'rain', 'snow'], 'The sky')
  sky!: 'sun' | 'rain' | 'snow';
}

class WeatherTool extends GenericTool<WeatherInput, Reading> {
  constructor(private readonly reading: unknown) {
    super({
      name: 'weather',
      description: 'The weather in a city',
      safety: SafetyLevel.READ_ONLY,
      input: WeatherInput,
      output: Reading,
    });
  }
  protected doExecute(): Reading {
    return this.reading as Reading;
  }
  protected render(reading: Reading): string {
    return `${String(reading.temperatureC)} °C, ${String(reading.sky)}`;
  }
}

/** A list of nodes, each of which may hold more: an output schema that is not an object's, with references. */
const TREE_SCHEMA: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'array',
  items: { $ref: '#/$defs/node' },
  $defs: {
    node: {
      type: 'object',
      properties: { name: { type: 'string' }, children: { $ref: '#' } },
      required: ['name'],
      additionalProperties: false,
    },
  },
};

class TreeTool extends AbstractTool {
  constructor(private readonly answer: ToolResult) {
    super({
      name: 'tree',
      description: 'A tree of names',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      outputSchema: TREE_SCHEMA,
    });
  }
  protected run(): ToolResult {
    return this.answer;
  }
}

const connect = connectInMemory;

describe('typed outputs over MCP (CO-4)', () => {
  it('lists the output class as outputSchema and answers with structuredContent under its wire names', async () => {
    const client = await connect(new ToolGate({ tools: [new WeatherTool({ temperatureC: 21.5, sky: 'sun' })] }));
    const [listed] = (await client.listTools()).tools;
    expect(listed?.outputSchema).toEqual(buildInputSchema(Reading));
    expect(listed?.outputSchema).toEqual({
      type: 'object',
      properties: {
        temperature_c: { type: 'number', description: 'Temperature in °C' },
        sky: { type: 'string', description: 'The sky', enum: ['sun', 'rain', 'snow'] },
      },
      required: ['temperature_c', 'sky'],
      additionalProperties: false,
    });
    expect(await client.callTool({ name: 'weather', arguments: { city: 'Oslo' } })).toEqual({
      content: [{ type: 'text', text: '21.5 °C, sun' }],
      structuredContent: { temperature_c: 21.5, sky: 'sun' },
    });
    await client.close();
  });

  it('answers a payload that breaks the schema with an error and no structuredContent', async () => {
    const client = await connect(new ToolGate({ tools: [new WeatherTool({ temperatureC: 'warm', sky: 'fog' })] }));
    await client.listTools();
    expect(await client.callTool({ name: 'weather', arguments: { city: 'Oslo' } })).toEqual({
      content: [
        {
          type: 'text',
          text: "The tool returned a result that breaks its output schema: Field 'temperature_c' must be a number. Field 'sky' must be one of [sun, rain, snow]. The result was withheld.",
        },
      ],
      isError: true,
    });
    await client.close();
  });

  it(`wraps a non-object output in one key, '${WRAPPED_OUTPUT_KEY}', its references moved along, and the client's check passes`, async () => {
    const tree = [{ name: 'src', children: [{ name: 'index.ts' }] }, { name: 'README.md' }];
    const client = await connect(
      new ToolGate({ tools: [new TreeTool(ToolResult.ok('2 entries', { structured: tree }))] }),
    );
    const [listed] = (await client.listTools()).tools;
    expect(listed?.outputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        result: {
          type: 'array',
          items: { $ref: '#/properties/result/$defs/node' },
          $defs: {
            node: {
              type: 'object',
              properties: { name: { type: 'string' }, children: { $ref: '#/properties/result' } },
              required: ['name'],
              additionalProperties: false,
            },
          },
        },
      },
      required: ['result'],
      additionalProperties: false,
    });
    expect(await client.callTool({ name: 'tree', arguments: {} })).toEqual({
      content: [{ type: 'text', text: '2 entries' }],
      structuredContent: { result: tree },
    });
    await client.close();
  });

  it('checks the unwrapped payload against the tool’s own schema, references and all', async () => {
    const broken = [{ name: 'src', children: [{ title: 'index.ts' }] }];
    const client = await connect(
      new ToolGate({ tools: [new TreeTool(ToolResult.ok('1 entry', { structured: broken }))] }),
    );
    await client.listTools();
    expect(await client.callTool({ name: 'tree', arguments: {} })).toEqual({
      content: [
        {
          type: 'text',
          text: "The tool returned a result that breaks its output schema: Field '[0].children[0].name' is required (string). Unknown field '[0].children[0].title'. The result was withheld.",
        },
      ],
      isError: true,
    });
    await client.close();
  });

  it('keeps an object schema as it is, wraps one that names its own base without moving its references', () => {
    const object: JsonObject = { type: 'object', properties: {} };
    expect(mcpOutputSchema(object)).toEqual({ schema: object, wrapped: false });
    expect(mcpOutputSchema(object).schema).toBe(object);
    const based: JsonObject = { $id: 'https://example.com/list', type: 'array', items: { $ref: '#/$defs/x' } };
    expect(mcpOutputSchema(based)).toEqual({
      schema: {
        type: 'object',
        properties: { result: based },
        required: ['result'],
        additionalProperties: false,
      },
      wrapped: true,
    });
    expect(mcpOutputSchema({ type: 'integer' }).schema).toEqual({
      type: 'object',
      properties: { result: { type: 'integer' } },
      required: ['result'],
      additionalProperties: false,
    });
  });
});
