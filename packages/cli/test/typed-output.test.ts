// Typed outputs through the CLI (SPEC CO-4): a plugin's output class reaches `toolwright docs` as an
// output table, `schema --provider mcp` as the outputSchema, and `call --json` as the structured
// payload; a tool whose output breaks its class is an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileLegacy } from './compile-legacy.js';
import { freshProject, type FreshProject } from './fresh-project.js';
import { toolwright } from '@toolwright/test-support/run-toolwright';

const SOURCE = `
import { GenericTool, Nested, SafetyLevel, ToolParam, Type } from '@toolwright/core';

class ForecastInput {
  @ToolParam.string('City name')
  city!: string;
}

class Day {
  @ToolParam.string('Date, YYYY-MM-DD')
  date!: string;

  @ToolParam.number('Highest temperature in °C', { name: 'high_c' })
  highC!: number;
}

class Forecast {
  @ToolParam.string('The city, as the service spells it')
  city!: string;

  @ToolParam.array(() => Day, 'One entry a day, in order', { maxItems: 7 })
  days!: Day[];

  @ToolParam.choice(['live', 'cached'], 'Where the figures came from', { default: 'live' })
  source!: 'live' | 'cached';

  @ToolParam({ description: 'Warnings in force', schema: Type.Array(Type.String()), optional: true })
  warnings?: string[];
}

export class ForecastTool extends GenericTool<ForecastInput, Forecast> {
  constructor() {
    super({ name: 'forecast', description: 'The week ahead', safety: SafetyLevel.READ_ONLY, input: ForecastInput, output: Forecast });
  }
  protected doExecute(input: ForecastInput): Forecast {
    if (input.city === 'Atlantis') return { city: input.city, days: [{ date: 'soon', highC: 'hot' }] } as unknown as Forecast;
    return { city: input.city, days: [{ date: '2026-12-02', highC: 4.5 }] };
  }
  protected render(forecast: Forecast): string {
    return forecast.days.map((day) => day.date + ': ' + String(day.highC) + ' °C').join('\\n');
  }
}
`;

const DAY_SCHEMA = {
  type: 'object',
  properties: {
    date: { type: 'string', description: 'Date, YYYY-MM-DD' },
    high_c: { type: 'number', description: 'Highest temperature in °C' },
  },
  required: ['date', 'high_c'],
  additionalProperties: false,
};

let project: FreshProject;
let plugin: string;

beforeAll(() => {
  project = freshProject('acme-weather');
  plugin = project.write('dist/weather.mjs', compileLegacy(SOURCE));
});
afterAll(() => project.remove());

describe('typed outputs through the CLI (CO-4)', () => {
  it('docs: the output table, with whether each field is always there, and its nested types', () => {
    const run = toolwright(['docs', plugin], project.root);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      [
        '### Output',
        '',
        'Each successful call also returns this structured result (MCP `structuredContent`):',
        '',
        '| Name | Type | Always present | Constraints | Description |',
        '| --- | --- | --- | --- | --- |',
        '| `city` | string | yes |  | The city, as the service spells it |',
        '| `days` | array of object | yes | at most 7 items | One entry a day, in order |',
        '| `source` | string: `live`, `cached` | yes |  | Where the figures came from |',
        '| `warnings` | array of string | no |  | Warnings in force |',
        '',
        '#### Output `days[]`',
        '',
        '| Name | Type | Always present | Constraints | Description |',
        '| --- | --- | --- | --- | --- |',
        '| `date` | string | yes |  | Date, YYYY-MM-DD |',
        '| `high_c` | number | yes |  | Highest temperature in °C |',
        '',
        '### Example call',
      ].join('\n'),
    );
  });

  it('schema --provider mcp: the output schema beside the input schema', () => {
    const run = toolwright(['schema', plugin, 'forecast', '--provider', 'mcp'], project.root);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      name: 'forecast',
      outputSchema: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'The city, as the service spells it' },
          days: { type: 'array', description: 'One entry a day, in order', items: DAY_SCHEMA, maxItems: 7 },
          source: {
            type: 'string',
            description: 'Where the figures came from',
            enum: ['live', 'cached'],
            default: 'live',
          },
          warnings: { type: 'array', description: 'Warnings in force', items: { type: 'string' } },
        },
        required: ['city', 'days'],
        additionalProperties: false,
      },
    });
  });

  it('call --json: the structured payload under wire names, the default filled in', () => {
    const run = toolwright(['call', plugin, 'forecast', '{"city":"Oslo"}', '--json'], project.root);
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect([printed.isError, printed.content, printed.structured]).toEqual([
      false,
      '2026-12-02: 4.5 °C',
      { city: 'Oslo', days: [{ date: '2026-12-02', high_c: 4.5 }], source: 'live' },
    ]);
  });

  it('call: an output that breaks its class is an error, exit code 1, and nothing of it is printed', () => {
    expect(toolwright(['call', plugin, 'forecast', '{"city":"Atlantis"}'], project.root)).toEqual({
      status: 1,
      stdout:
        "The tool returned a result that breaks its output schema: Field 'days[0].high_c' must be a number. The result was withheld.\n",
      stderr: '',
    });
  });
});
