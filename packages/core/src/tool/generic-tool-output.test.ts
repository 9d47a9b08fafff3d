// Typed outputs (SPEC CO-4): an output class gives a GenericTool its output schema and its results'
// structured payload, from the one class, as the input class gives the input schema and the binding.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolParam } from '../decorators/tool-param.js';
import { Nested } from '../decorators/nested.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { buildInputSchema } from '../schema/build-input-schema.js';
import { Type } from '../index.js';
import { GenericTool } from './generic-tool.js';
import { SafetyLevel } from './safety.js';
import { createToolContext } from './tool-context.js';
import { ToolInput } from '../input/tool-input.js';
import { ToolResult } from './tool-result.js';

class LookupInput {
  @ToolParam.string('Text to look for')
  query!: string;
}

class Hit {
  @ToolParam.string('Where the hit is', { name: 'file_path' })
  filePath!: string;

  @ToolParam.integer('Line number, from 1')
  line!: number;
}

class Summary {
  @ToolParam.integer('Hits in all')
  total!: number;

  @ToolParam.array(() => Hit, 'The hits, in order')
  hits!: Hit[];

  @ToolParam({ description: 'Where the search began', schema: Nested(() => Hit), optional: true })
  start?: Hit;

  @ToolParam.choice(['complete', 'partial'], 'Whether every file was searched', { default: 'complete' })
  coverage!: 'complete' | 'partial';

  @ToolParam({ description: 'Labels', schema: z.array(z.string()), optional: true })
  labels?: string[];
}

type Behaviour = (input: LookupInput) => unknown;

class LookupTool extends GenericTool<LookupInput, Summary> {
  constructor(
    private readonly behaviour: Behaviour,
    private readonly renderer: (output: Summary) => string | ToolResult = (output) => `${output.total} hits`,
  ) {
    super({
      name: 'lookup',
      description: 'Looks things up',
      safety: SafetyLevel.READ_ONLY,
      input: LookupInput,
      output: Summary,
    });
  }
  protected doExecute(input: LookupInput): Summary {
    return this.behaviour(input) as Summary;
  }
  protected render(output: Summary): string | ToolResult {
    return this.renderer(output);
  }
}

const call = (tool: GenericTool<LookupInput, Summary>) =>
  tool.execute(ToolInput.of({ query: 'needle' }), createToolContext());

const HIT_SCHEMA = {
  type: 'object',
  properties: {
    file_path: { type: 'string', description: 'Where the hit is' },
    line: { type: 'integer', description: 'Line number, from 1' },
  },
  required: ['file_path', 'line'],
  additionalProperties: false,
};

describe('GenericTool output classes (CO-4)', () => {
  it('derives the output schema from the class: closed at every level, in declaration order', () => {
    const tool = new LookupTool(() => ({}));
    expect(JSON.stringify(tool.outputSchema)).toBe(
      JSON.stringify({
        type: 'object',
        properties: {
          total: { type: 'integer', description: 'Hits in all' },
          hits: { type: 'array', description: 'The hits, in order', items: HIT_SCHEMA },
          start: {
            type: 'object',
            description: 'Where the search began',
            properties: HIT_SCHEMA.properties,
            required: HIT_SCHEMA.required,
            additionalProperties: false,
          },
          coverage: {
            type: 'string',
            description: 'Whether every file was searched',
            enum: ['complete', 'partial'],
            default: 'complete',
          },
          labels: { type: 'array', description: 'Labels', items: { type: 'string' } },
        },
        required: ['total', 'hits'],
        additionalProperties: false,
      }),
    );
    expect(tool.outputClass).toBe(Summary);
  });

  it('is byte-stable and cached: every tool of the class shares one frozen schema', () => {
    const first = new LookupTool(() => ({}));
    const second = new LookupTool(() => ({}));
    expect(second.outputSchema).toBe(first.outputSchema);
    expect(first.outputSchema).toBe(buildInputSchema(Summary));
    expect(Object.isFrozen(first.outputSchema)).toBe(true);
    expect(JSON.stringify(buildInputSchema(Summary))).toBe(JSON.stringify(first.outputSchema));
  });

  it('carries an instance as the structured payload, under wire names, defaults filled in', async () => {
    const tool = new LookupTool(() => {
      const hit = Object.assign(new Hit(), { filePath: 'src/a.ts', line: 3 });
      return Object.assign(new Summary(), { total: 1, hits: [hit], start: hit });
    });
    const result = await call(tool);
    expect(result).toEqual({
      content: '1 hits',
      structured: {
        total: 1,
        hits: [{ file_path: 'src/a.ts', line: 3 }],
        start: { file_path: 'src/a.ts', line: 3 },
        coverage: 'complete',
      },
      isError: false,
      metadata: {},
    });
  });

  it('takes a plain object of the same shape, and never changes it', async () => {
    const output = { total: 2, hits: [{ filePath: 'a', line: 1 }], coverage: 'partial', labels: ['x'] };
    const snapshot = structuredClone(output);
    const result = await call(new LookupTool(() => output));
    expect(result.structured).toEqual({
      total: 2,
      hits: [{ file_path: 'a', line: 1 }],
      coverage: 'partial',
      labels: ['x'],
    });
    expect(output).toEqual(snapshot);
  });

  it('keeps what the class does not declare under its own name, for the schema to refuse', async () => {
    const result = await call(
      new LookupTool(() => ({ total: 0, hits: [{ filePath: 'a', line: 1, column: 4 }], secret: 's3cr3t' })),
    );
    expect(result.structured).toEqual({
      total: 0,
      hits: [{ file_path: 'a', line: 1, column: 4 }],
      coverage: 'complete',
      secret: 's3cr3t',
    });
  });

  it('passes an output that is not an object on as it is (the schema refuses it)', async () => {
    for (const output of [null, 7, 'text', [1, 2]]) {
      const result = await call(
        new LookupTool(
          () => output,
          () => 'rendered',
        ),
      );
      expect(result.structured).toEqual(output);
    }
  });

  it('adds the payload to a successful result render made, keeping its metadata; an error carries none', async () => {
    const made = await call(
      new LookupTool(
        () => ({ total: 0, hits: [] }),
        () => ToolResult.ok('none', { metadata: { searched: 4 } }),
      ),
    );
    expect(made).toEqual({
      content: 'none',
      structured: { total: 0, hits: [], coverage: 'complete' },
      isError: false,
      metadata: { searched: 4 },
    });
    const failed = await call(
      new LookupTool(
        () => ({ total: 0, hits: [] }),
        () => ToolResult.error('The index is gone.'),
      ),
    );
    expect(failed).toEqual({ content: 'The index is gone.', isError: true, metadata: {} });
    const own = await call(
      new LookupTool(
        () => ({ total: 0, hits: [] }),
        () => ToolResult.ok('mine', { structured: { total: 9, hits: [] } }),
      ),
    );
    expect(own.structured).toEqual({ total: 9, hits: [] });
  });

  it('fails the call, naming the depth, for an output that refers back to itself', async () => {
    class Node {
      @ToolParam({ description: 'Next node', schema: Nested(() => Node), optional: true })
      next?: Node;
    }
    class ChainTool extends GenericTool<LookupInput, Node> {
      constructor() {
        super({
          name: 'chain',
          description: 'Chains',
          safety: SafetyLevel.READ_ONLY,
          input: LookupInput,
          output: Node,
        });
      }
      protected doExecute(): Node {
        const node: Node = {};
        node.next = node;
        return node;
      }
      protected render(): string {
        return 'chained';
      }
    }
    const result = await new ChainTool().execute(ToolInput.of({ query: 'x' }), createToolContext());
    expect(result.isError).toBe(true);
    expect(result.content).toBe("Tool 'chain' failed: The output of Node is nested deeper than 64 levels.");
    expect(new ChainTool().outputSchema).toEqual({
      type: 'object',
      properties: { next: { description: 'Next node', $ref: '#' } },
      additionalProperties: false,
    });
  });

  it('refuses an output class beside a hand-written output schema, and an output that is not a class', () => {
    class Both extends GenericTool<LookupInput, Summary> {
      constructor(definition: Record<string, unknown>) {
        super({
          name: 'both',
          description: 'Both',
          safety: SafetyLevel.READ_ONLY,
          input: LookupInput,
          ...definition,
        });
      }
      protected doExecute(): Summary {
        return { total: 0, hits: [], coverage: 'complete' };
      }
      protected render(): string {
        return '';
      }
    }
    const thrown = (definition: Record<string, unknown>) => {
      try {
        new Both(definition);
      } catch (error) {
        return ToolwrightError.isInstance(error) ? [error.code, error.message] : error;
      }
      return undefined;
    };
    expect(thrown({ output: Summary, outputSchema: { type: 'object' } })).toEqual([
      'INVALID_TOOL_DEFINITION',
      "Tool 'both' has both an output class and an outputSchema; the class is the one source of the schema, so give only the class.",
    ]);
    expect(thrown({ output: { type: 'object' } })).toEqual([
      'INVALID_TOOL_DEFINITION',
      "Tool 'both' has an output that is not a class; give the class whose @ToolParam fields describe the output.",
    ]);
    class Empty {}
    expect(thrown({ output: Empty })).toEqual([
      'NO_PARAMETERS',
      "Empty has no @ToolParam fields. Decorate each input field with @ToolParam({ description, schema }) or a shorthand such as @ToolParam.string('…').",
    ]);
    expect(new Both({}).outputSchema).toBeUndefined();
    expect(new Both({ outputSchema: { type: 'object' } }).outputSchema).toEqual({ type: 'object' });
  });

  it('checks an output class default against its own schema, as an input class default is', () => {
    class BadDefault {
      @ToolParam({ description: 'Count', schema: Type.Integer(), default: 1.5 })
      count!: number;
    }
    class BadTool extends GenericTool<LookupInput, BadDefault> {
      constructor() {
        super({
          name: 'bad',
          description: 'Bad',
          safety: SafetyLevel.READ_ONLY,
          input: LookupInput,
          output: BadDefault,
        });
      }
      protected doExecute(): BadDefault {
        return { count: 1 };
      }
      protected render(): string {
        return '';
      }
    }
    expect(() => new BadTool()).toThrow(/BadDefault\.count has the default 1\.5, which its own schema refuses/);
  });
});
