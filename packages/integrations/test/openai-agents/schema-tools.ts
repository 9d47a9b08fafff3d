// Tools whose schemas put the strict-schema choice to the test: an optional field, a recursive
// input class, an open object.
import {
  AbstractTool,
  GenericTool,
  Nested,
  SafetyLevel,
  ToolParam,
  Type,
  type ToolContext,
  type ToolInput,
} from '@toolwright/core';

/** A READ_ONLY tool with a required `room` and an optional `level`; records the input it was given. */
export class DimmerTool extends AbstractTool {
  readonly calls: unknown[] = [];

  constructor() {
    super({
      name: 'dim_light',
      description: 'Dims the light of a room',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: {
        type: 'object',
        properties: {
          room: { type: 'string', description: 'The room' },
          level: { type: 'integer', description: 'Brightness in percent', default: 50 },
        },
        required: ['room'],
        additionalProperties: false,
      },
    });
  }

  protected run(input: ToolInput): string {
    this.calls.push(input.toJSON());
    return `The ${input.getString('room', '?')} light is at ${input.getNumber('level', 50)}%.`;
  }
}

class AreaInput {
  @ToolParam({ description: 'The name of the area', schema: Type.String() })
  name!: string;

  @ToolParam({ description: 'The areas inside it', schema: Type.Array(Nested(() => AreaInput)), optional: true })
  areas?: AreaInput[];
}

/** A READ_ONLY tool whose input class refers to itself: a floor plan as a tree of areas. */
export class FloorPlanTool extends GenericTool<AreaInput, string[]> {
  constructor() {
    super({
      name: 'describe_floor_plan',
      description: 'Describes a floor plan as nested areas',
      safety: SafetyLevel.READ_ONLY,
      input: AreaInput,
    });
  }

  protected doExecute(input: AreaInput, _context: ToolContext): string[] {
    const names: string[] = [];
    const visit = (area: AreaInput, depth: number): void => {
      names.push(`${'  '.repeat(depth)}${area.name}`);
      for (const inner of area.areas ?? []) visit(inner, depth + 1);
    };
    visit(input, 0);
    return names;
  }

  protected render(output: string[]): string {
    return output.join('\n');
  }
}

/** A READ_ONLY tool with an open object (`tags` takes any keys), which has no faithful strict form. */
export class NoteTool extends AbstractTool {
  constructor() {
    super({
      name: 'write_note',
      description: 'Keeps a note with free-form tags',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: {
        type: 'object',
        properties: {
          text: { type: 'string', description: 'The note' },
          tags: { type: 'object', description: 'Any tags, by name' },
        },
        required: ['text'],
        additionalProperties: false,
      },
    });
  }

  protected run(input: ToolInput): string {
    return `Noted: ${input.getString('text', '')}`;
  }
}
