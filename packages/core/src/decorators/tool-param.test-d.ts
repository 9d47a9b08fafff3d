// Compile-time agreement between a field and its @ToolParam schema (SPEC TC-7). Every
// `@ts-expect-error` below must be an error: if the check stopped catching it, the directive
// itself would fail to compile, and this type test with it.
import { describe, expectTypeOf, it } from 'vitest';
import { Type } from '../index.js';
import { Nested } from './nested.js';
import { ToolParam } from './tool-param.js';

class Point {
  @ToolParam({ description: 'X', schema: Type.Number() })
  x!: number;
}

class Other {
  @ToolParam({ description: 'Name', schema: Type.String() })
  name!: string;
}

describe('@ToolParam types', () => {
  it('TC-7: accepts fields whose type and optionality equal the schema', () => {
    class Agreeing {
      @ToolParam({ description: 'Text', schema: Type.String() })
      text!: string;

      @ToolParam({ description: 'Count', schema: Type.Integer(), optional: true })
      count?: number;

      @ToolParam({ description: 'Flag', schema: Type.Boolean(), default: false })
      flag!: boolean;

      @ToolParam({ description: 'Mode', enum: ['fast', 'slow'] })
      mode!: 'fast' | 'slow';

      @ToolParam({ description: 'Level', enum: ['low', 'high'], optional: true })
      level?: 'low' | 'high';

      @ToolParam({ description: 'Point', schema: Nested(() => Point) })
      point!: Point;

      @ToolParam({ description: 'Points', schema: Type.Array(Nested(() => Point)), optional: true })
      points?: Point[];

      @ToolParam({ description: 'Tags', schema: Type.Array(Type.String()), default: [] })
      tags!: string[];
    }
    expectTypeOf<Agreeing['mode']>().toEqualTypeOf<'fast' | 'slow'>();
    expectTypeOf<Agreeing['points']>().toEqualTypeOf<Point[] | undefined>();
  });

  it('TC-7: refuses a field whose type differs from its schema', () => {
    class Disagreeing {
      // @ts-expect-error -- string field, integer schema
      @ToolParam({ description: 'Count', schema: Type.Integer() })
      count!: string;

      // @ts-expect-error -- a wider type than the schema allows is a disagreement too
      @ToolParam({ description: 'Mode', enum: ['fast', 'slow'] })
      mode!: string;

      // @ts-expect-error -- array of the wrong element type
      @ToolParam({ description: 'Tags', schema: Type.Array(Type.Number()) })
      tags!: string[];

      // @ts-expect-error -- a nested class of another shape
      @ToolParam({ description: 'Point', schema: Nested(() => Other) })
      point!: Point;

      // @ts-expect-error -- an array where the schema holds one object
      @ToolParam({ description: 'Points', schema: Nested(() => Point) })
      points!: Point[];
    }
    expectTypeOf<Disagreeing>().toBeObject();
  });

  it('TC-7: refuses a field whose optionality differs from its schema', () => {
    class OptionalityMismatch {
      // @ts-expect-error -- optional in the schema, required in the class
      @ToolParam({ description: 'Count', schema: Type.Integer(), optional: true })
      count!: number;

      // @ts-expect-error -- required in the schema, optional in the class
      @ToolParam({ description: 'Name', schema: Type.String() })
      name?: string;

      // @ts-expect-error -- a field with a default is never absent, so it is declared without '?'
      @ToolParam({ description: 'Limit', schema: Type.Integer(), default: 10 })
      limit?: number;
    }
    expectTypeOf<OptionalityMismatch>().toBeObject();
  });

  it('TC-7: refuses a default of the wrong type and a description that is missing', () => {
    class BadOptions {
      // @ts-expect-error -- the default must have the schema's type
      @ToolParam({ description: 'Limit', schema: Type.Integer(), default: 'ten' })
      limit!: number;

      // @ts-expect-error -- description is required
      @ToolParam({ schema: Type.String() })
      text!: string;

      // @ts-expect-error -- the enum default must be one of the values
      @ToolParam({ description: 'Mode', enum: ['fast', 'slow'], default: 'medium' })
      mode!: 'fast' | 'slow';
    }
    expectTypeOf<BadOptions>().toBeObject();
  });

  it('TC-7: refuses a decorator on a field the class does not expose publicly', () => {
    class Private {
      // @ts-expect-error -- private fields are not part of the input
      @ToolParam({ description: 'Secret', schema: Type.String() })
      private secret!: string;

      reveal(): string {
        return this.secret;
      }
    }
    expectTypeOf<Private>().toBeObject();
  });
});
