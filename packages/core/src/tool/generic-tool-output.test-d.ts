// Compile-time agreement of a GenericTool's output class with its `Output` and of each output field
// with its schema (SPEC CO-4, TC-7). Every `@ts-expect-error` below must be an error: if the check
// stopped catching it, the directive itself would fail to compile, and this type test with it.
import { describe, expectTypeOf, it } from 'vitest';
import { GenericTool, SafetyLevel, ToolParam, Type, type GenericToolDefinition, type OutputClass } from '../index.js';

class Input {
  @ToolParam.string('Query')
  query!: string;
}

class Output {
  @ToolParam.integer('Hits')
  total!: number;

  @ToolParam.array('string', 'Names', { optional: true })
  names?: string[];
}

class Other {
  @ToolParam.string('Name')
  name!: string;
}

const base = { name: 'typed', description: 'Typed', safety: SafetyLevel.READ_ONLY, input: Input } as const;

describe('GenericTool output types', () => {
  it('CO-4: accepts the output class of the Output type, and a plain object of its shape from doExecute', () => {
    class Typed extends GenericTool<Input, Output> {
      constructor() {
        super({ ...base, output: Output });
      }
      protected doExecute(): Output {
        return { total: 1, names: ['a'] };
      }
      protected render(output: Output): string {
        return String(output.total);
      }
    }
    expectTypeOf<Typed['outputClass']>().toEqualTypeOf<(new () => Output) | undefined>();
    expectTypeOf<OutputClass<Output>>().toEqualTypeOf<new () => Output>();
  });

  it('CO-4: refuses an output class whose instances are not the Output type', () => {
    const definition: GenericToolDefinition<Input, Output> = {
      ...base,
      // @ts-expect-error -- Other's instances are not Outputs
      output: Other,
    };
    expectTypeOf(definition).not.toBeAny();
  });

  it('CO-4: refuses an output class for an output that is not an object', () => {
    expectTypeOf<OutputClass<string>>().toEqualTypeOf<never>();
    const definition: GenericToolDefinition<Input, string> = {
      ...base,
      // @ts-expect-error -- a text output has no output class
      output: Output,
    };
    expectTypeOf(definition).not.toBeAny();
  });

  it('TC-7: refuses an output field whose type differs from its schema', () => {
    class Disagreeing {
      // @ts-expect-error -- number field, string schema
      @ToolParam({ description: 'Count', schema: Type.String() })
      count!: number;

      // @ts-expect-error -- a required field for an optional schema
      @ToolParam.integer('Total', { optional: true })
      total!: number;
    }
    expectTypeOf<Disagreeing['count']>().toEqualTypeOf<number>();
  });

  it('CO-4: doExecute must return the Output type', () => {
    class Wrong extends GenericTool<Input, Output> {
      constructor() {
        super({ ...base, output: Output });
      }
      // @ts-expect-error -- a string is not an Output
      protected doExecute(): string {
        return 'text';
      }
      protected render(): string {
        return '';
      }
    }
    expectTypeOf<Wrong>().toHaveProperty('outputSchema');
  });
});
