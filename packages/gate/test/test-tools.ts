// Tools the gate's tests run: small, real tools built on @toolwright/core.
import {
  AbstractTool,
  GenericTool,
  Nested,
  SafetyLevel,
  ToolParam,
  ToolResult,
  Type,
  type AbstractToolDefinition,
  type Tool,
  type ToolContext,
  type ToolInput,
} from '@toolwright/core';

export class Filter {
  @ToolParam({ description: 'Field to filter on', schema: Type.String() })
  field!: string;

  @ToolParam({ description: 'How to compare', enum: ['eq', 'ne'], default: 'eq' })
  operator!: 'eq' | 'ne';
}

export class SearchInput {
  @ToolParam({ description: 'Text to look for', schema: Type.String() })
  query!: string;

  @ToolParam({ description: 'Largest number of hits', schema: Type.Integer({ minimum: 1, maximum: 50 }), default: 10 })
  limit!: number;

  @ToolParam({ description: 'Filters', schema: Type.Array(Nested(() => Filter)), optional: true })
  filters?: Filter[];
}

/** A READ_ONLY GenericTool that counts its runs. */
export class SearchTool extends GenericTool<SearchInput, string> {
  runs = 0;
  constructor() {
    super({ name: 'search', description: 'Searches', safety: SafetyLevel.READ_ONLY, input: SearchInput });
  }
  protected doExecute(input: SearchInput): string {
    this.runs++;
    return `${input.query} (limit ${input.limit})`;
  }
  protected render(output: string): string {
    return output;
  }
}

/** An AbstractTool whose behaviour each test sets. */
export class ScriptedTool extends AbstractTool {
  runs = 0;
  constructor(
    definition: Partial<AbstractToolDefinition> & { name: string },
    private readonly behaviour: (input: ToolInput, context: ToolContext) => unknown = () => 'done',
  ) {
    super({
      description: `The ${definition.name} tool`,
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: true },
      ...definition,
    });
  }
  protected async run(input: ToolInput, context: ToolContext): Promise<string | ToolResult> {
    this.runs++;
    return (await this.behaviour(input, context)) as string | ToolResult;
  }
}

/** A tool that is not built on the SDK's base classes, so it can break every rule. */
/** A BASH tool named `name` whose subject is its `command` (a string, required): what the Bash rules judge. */
export function commandTool(name: string, behaviour?: ConstructorParameters<typeof ScriptedTool>[1]): ScriptedTool {
  return new ScriptedTool(
    {
      name,
      safety: SafetyLevel.BASH,
      subject: { kind: 'COMMAND', parameter: 'command' },
      inputSchema: {
        type: 'object',
        properties: { command: { type: 'string' } },
        required: ['command'],
        additionalProperties: false,
      },
    },
    behaviour,
  );
}

export function rawTool(name: string, execute: Tool['execute'], extra: Partial<Tool> = {}): Tool {
  return {
    name,
    description: `Raw ${name}`,
    inputSchema: { type: 'object', additionalProperties: false },
    safety: { level: SafetyLevel.READ_ONLY, destructive: false },
    concurrency: 'PARALLEL',
    execute,
    ...extra,
  };
}
