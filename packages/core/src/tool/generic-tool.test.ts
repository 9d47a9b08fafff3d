import { describe, expect, it } from 'vitest';
import { ToolParam } from '../decorators/tool-param.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { Type } from '../index.js';
import { ToolInput } from '../input/tool-input.js';
import { GenericTool } from './generic-tool.js';
import { Concurrency, SafetyLevel } from './safety.js';
import { createToolContext, type ToolContext } from './tool-context.js';
import type { ToolResult } from './tool-result.js';

class EchoInput {
  @ToolParam({ description: 'Text to echo', schema: Type.String() })
  text!: string;

  @ToolParam({ description: 'How many times', schema: Type.Integer(), default: 1 })
  times!: number;
}

type Behaviour = (input: EchoInput) => unknown;

class EchoTool extends GenericTool<EchoInput, string> {
  constructor(private readonly behaviour: Behaviour = (input) => input.text.repeat(input.times)) {
    super({ name: 'echo', description: 'Echoes text', safety: SafetyLevel.READ_ONLY, input: EchoInput });
  }

  protected doExecute(input: EchoInput): string {
    return this.behaviour(input) as string;
  }

  protected render(output: string): string {
    return `echo: ${output}`;
  }
}

const context: ToolContext = createToolContext();

function run(tool: GenericTool<EchoInput, string>, input: unknown): Promise<ToolResult> {
  return tool.execute(input as ToolInput, context);
}

describe('GenericTool', () => {
  it('TC-6: binds, runs doExecute and renders', async () => {
    const result = await run(new EchoTool(), ToolInput.of({ text: 'ab', times: 2 }));
    expect(result).toEqual({ content: 'echo: abab', isError: false, metadata: {} });
  });

  it('TC-6: derives its input schema from the input class', () => {
    expect(JSON.stringify(new EchoTool().inputSchema)).toBe(
      JSON.stringify({
        type: 'object',
        properties: {
          text: { type: 'string', description: 'Text to echo' },
          times: { type: 'integer', description: 'How many times', default: 1 },
        },
        required: ['text'],
        additionalProperties: false,
      }),
    );
  });

  it('TC-6: binding violations become one error result in the GV-2 sentences; doExecute does not run', async () => {
    let ran = false;
    const tool = new EchoTool(() => {
      ran = true;
      return 'x';
    });
    const result = await run(tool, ToolInput.of({ txet: 'a', times: 'two' }));
    expect(ran).toBe(false);
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      [
        "Unknown parameter 'txet'. Did you mean 'text'? The tool was not executed.",
        "Parameter 'times' must be an integer. The tool was not executed.",
      ].join('\n'),
    );
    expect(result.metadata.violations?.map((violation) => violation.kind)).toEqual(['unknown', 'type']);
  });

  it('TC-6: doExecute throwing an Error yields an error result without a stack', async () => {
    const result = await run(
      new EchoTool(() => {
        throw new RangeError('text too long');
      }),
      { text: 'a' },
    );
    expect(result).toEqual({
      content: "Tool 'echo' failed: text too long",
      isError: true,
      metadata: { exception: { name: 'RangeError', message: 'text too long' } },
    });
    expect(result.content).not.toContain(' at ');
  });

  it('TC-6: doExecute rejecting yields an error result', async () => {
    const result = await run(new EchoTool(() => Promise.reject(new Error('disk gone'))), { text: 'a' });
    expect(result.content).toBe("Tool 'echo' failed: disk gone");
    expect(result.isError).toBe(true);
  });

  it.each([
    ['a string', 'plain failure', "Tool 'echo' failed: plain failure"],
    ['an object', { code: 7 }, 'Tool \'echo\' failed: {"code":7}'],
    ['undefined', undefined, "Tool 'echo' failed: undefined"],
    ['an empty string', '', "Tool 'echo' failed: (empty)"],
  ])('TC-6: doExecute throwing a non-Error (%s) yields an error result', async (_label, thrownValue, content) => {
    const result = await run(
      new EchoTool(() => {
        throw thrownValue;
      }),
      { text: 'a' },
    );
    expect(result.isError).toBe(true);
    expect(result.content).toBe(content);
  });

  it('TC-6: an object that cannot be serialised still becomes an error result', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = await run(
      new EchoTool(() => {
        throw cyclic;
      }),
      { text: 'a' },
    );
    expect(result.content).toBe("Tool 'echo' failed: [object Object]");
  });

  it('TC-3: execute never rejects, whatever it is given; no input at all is an empty input (TC-1)', async () => {
    const tool = new EchoTool();
    for (const absent of [undefined, null]) {
      expect(await run(tool, absent)).toMatchObject({
        content: "Parameter 'text' is required (string). The tool was not executed.",
        isError: true,
      });
    }
    const answers: [unknown, string][] = [
      [42, 'Tool input must be a JSON object, but was an integer.'],
      ['text', 'Tool input must be a JSON object, but was a string.'],
      [[1], 'Tool input must be a JSON object, but was an array.'],
      [
        { text: 'a', nested: { deep: new Date() } },
        "Tool input at 'nested.deep' is an instance of Date, which JSON cannot carry.",
      ],
    ];
    for (const [input, problem] of answers) {
      expect(await run(tool, input)).toEqual({
        content: `Tool 'echo' failed: ${problem}`,
        isError: true,
        metadata: { exception: { name: 'ToolwrightError', message: problem } },
      });
    }
    expect((await run(tool, { text: 'plain object' })).content).toBe('echo: plain object');
  });

  it('TC-6: render throwing yields an error result', async () => {
    class BadRender extends GenericTool<EchoInput, string> {
      constructor() {
        super({ name: 'bad_render', description: 'Renders badly', safety: SafetyLevel.READ_ONLY, input: EchoInput });
      }
      protected doExecute(input: EchoInput): string {
        return input.text;
      }
      protected render(): string {
        throw new Error('cannot render');
      }
    }
    expect((await new BadRender().execute(ToolInput.of({ text: 'a' }), context)).content).toBe(
      "Tool 'bad_render' failed: cannot render",
    );
  });

  it('TC-6: overriding execute as a method is refused at construction', () => {
    class Overrides extends EchoTool {
      // @ts-expect-error -- execute is a final property; redeclaring it as a method does not compile.
      async execute(): Promise<ToolResult> {
        return Promise.reject(new Error('never'));
      }
    }
    let error: unknown;
    try {
      new Overrides();
    } catch (caught) {
      error = caught;
    }
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect((error as ToolwrightError).code).toBe('FINAL_MEMBER_OVERRIDDEN');
    expect((error as Error).message).toBe(
      'Overrides overrides execute(), which AbstractTool keeps final so that a tool call never throws and always goes through binding. Implement run() instead.',
    );
  });

  it('TC-6: overriding execute with a field is refused at construction', () => {
    class FieldOverride extends EchoTool {
      override execute = (): Promise<ToolResult> => Promise.reject(new Error('never'));
    }
    expect(() => new FieldOverride()).toThrow(TypeError);
    expect(() => new FieldOverride()).toThrow('Cannot redefine property: execute');
  });

  it('TC-6: overriding run (which binds) is refused at construction', () => {
    class SkipsBinding extends EchoTool {
      protected override async run(): Promise<string> {
        return 'unbound';
      }
    }
    expect(() => new SkipsBinding()).toThrow(
      'SkipsBinding overrides run(), which GenericTool keeps final so that a tool call never throws and always goes through binding. Implement doExecute() and render() instead.',
    );
  });

  it('TC-10: declares safety and concurrency; READ_ONLY defaults to PARALLEL, others to EXCLUSIVE', () => {
    const echo = new EchoTool();
    expect(echo.safety).toEqual({ level: 'READ_ONLY', destructive: false });
    expect(echo.concurrency).toBe(Concurrency.PARALLEL);
    class Writer extends GenericTool<EchoInput, string> {
      constructor() {
        super({
          name: 'writer',
          description: 'Writes',
          safety: { level: SafetyLevel.WRITE, destructive: true },
          input: EchoInput,
        });
      }
      protected doExecute(input: EchoInput): string {
        return input.text;
      }
      protected render(output: string): string {
        return output;
      }
    }
    expect(new Writer().safety).toEqual({ level: 'WRITE', destructive: true });
    expect(new Writer().concurrency).toBe(Concurrency.EXCLUSIVE);
  });

  it('PM-2: exposes its permission subject from the declared field, empty when absent', () => {
    class SubjectTool extends GenericTool<EchoInput, string> {
      constructor(parameter: string) {
        super({
          name: 'subject_tool',
          description: 'Has a subject',
          safety: SafetyLevel.READ_ONLY,
          input: EchoInput,
          subject: { kind: 'COMMAND', parameter },
        });
      }
      protected doExecute(input: EchoInput): string {
        return input.text;
      }
      protected render(output: string): string {
        return output;
      }
    }
    const tool = new SubjectTool('text');
    expect(tool.permissionSubject(ToolInput.of({ text: 'git status' }))).toEqual({
      kind: 'COMMAND',
      value: 'git status',
    });
    expect(tool.permissionSubject(ToolInput.of({ text: null }))).toEqual({ kind: 'COMMAND', value: '' });
    expect(tool.permissionSubject(ToolInput.of({ text: 5 }))).toEqual({ kind: 'COMMAND', value: '' });
    expect(new EchoTool().permissionSubject(ToolInput.of({ text: 'x' }))).toBeUndefined();
    expect(() => new SubjectTool('command')).toThrow(
      "Tool 'subject_tool' takes its permission subject from 'command', which EchoInput does not declare. Name one of its wire names: text, times.",
    );
  });
});
