import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindInput } from '../binder/bind-input.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { Type } from '../index.js';
import { buildInputSchema } from '../schema/build-input-schema.js';
import { Nested } from './nested.js';
import { ToolParam } from './tool-param.js';

class Point {
  @ToolParam.number('X') x!: number;
}

class Shorthand {
  @ToolParam.string('Text to look for', { minLength: 1, maxLength: 200, pattern: '^\\S', format: 'regex' })
  query!: string;
  @ToolParam.integer('Max results', { minimum: 1, maximum: 100, default: 10 }) limit!: number;
  @ToolParam.number('Lowest score', { exclusiveMinimum: 0, multipleOf: 0.5, optional: true }) score?: number;
  @ToolParam.boolean('Ignore case', { name: '-i', default: false }) ignoreCase!: boolean;
  @ToolParam.choice(['open', 'closed'], 'State', { default: 'open' }) state!: 'open' | 'closed';
  @ToolParam.enum(['asc', 'desc'], 'Order', { optional: true }) order?: 'asc' | 'desc';
  @ToolParam.array('string', 'Labels', { minItems: 1, maxItems: 5, uniqueItems: true, optional: true })
  labels?: string[];
  @ToolParam.array('integer', 'Ids', { default: [] }) ids!: number[];
  @ToolParam.array('boolean', 'Switches', { optional: true }) switches?: boolean[];
  @ToolParam.array(() => Point, 'Path', { optional: true }) path?: Point[];
  @ToolParam.array(Type.Array(Type.Number()), 'Matrix', { optional: true }) matrix?: number[][];
  @ToolParam.nested(() => Point, 'Origin', { name: 'origin_point', optional: true }) origin?: Point;
}

class LongForm {
  @ToolParam({
    description: 'Text to look for',
    schema: Type.String({ minLength: 1, maxLength: 200, pattern: '^\\S', format: 'regex' }),
  })
  query!: string;
  @ToolParam({ description: 'Max results', schema: Type.Integer({ minimum: 1, maximum: 100 }), default: 10 })
  limit!: number;
  @ToolParam({
    description: 'Lowest score',
    schema: Type.Number({ exclusiveMinimum: 0, multipleOf: 0.5 }),
    optional: true,
  })
  score?: number;
  @ToolParam({ name: '-i', description: 'Ignore case', schema: Type.Boolean(), default: false }) ignoreCase!: boolean;
  @ToolParam({ description: 'State', enum: ['open', 'closed'], default: 'open' }) state!: 'open' | 'closed';
  @ToolParam({ description: 'Order', enum: ['asc', 'desc'], optional: true }) order?: 'asc' | 'desc';
  @ToolParam({
    description: 'Labels',
    schema: Type.Array(Type.String(), { minItems: 1, maxItems: 5, uniqueItems: true }),
    optional: true,
  })
  labels?: string[];
  @ToolParam({ description: 'Ids', schema: Type.Array(Type.Integer()), default: [] }) ids!: number[];
  @ToolParam({ description: 'Switches', schema: Type.Array(Type.Boolean()), optional: true }) switches?: boolean[];
  @ToolParam({ description: 'Path', schema: Type.Array(Nested(() => Point)), optional: true }) path?: Point[];
  @ToolParam({ description: 'Matrix', schema: Type.Array(Type.Array(Type.Number())), optional: true })
  matrix?: number[][];
  @ToolParam({ name: 'origin_point', description: 'Origin', schema: Nested(() => Point), optional: true })
  origin?: Point;
}

const POINT = {
  type: 'object',
  properties: { x: { type: 'number', description: 'X' } },
  required: ['x'],
  additionalProperties: false,
};

describe('@ToolParam shorthands', () => {
  it('AU-2: each shorthand writes the schema its long form writes, byte for byte', () => {
    expect(JSON.stringify(buildInputSchema(Shorthand))).toBe(JSON.stringify(buildInputSchema(LongForm)));
  });

  it('AU-2: the shorthands carry their keyword options, wire names, optionals and defaults', () => {
    expect(buildInputSchema(Shorthand)).toEqual({
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description: 'Text to look for',
          minLength: 1,
          maxLength: 200,
          pattern: '^\\S',
          format: 'regex',
        },
        limit: { type: 'integer', description: 'Max results', minimum: 1, maximum: 100, default: 10 },
        score: { type: 'number', description: 'Lowest score', exclusiveMinimum: 0, multipleOf: 0.5 },
        '-i': { type: 'boolean', description: 'Ignore case', default: false },
        state: { type: 'string', description: 'State', enum: ['open', 'closed'], default: 'open' },
        order: { type: 'string', description: 'Order', enum: ['asc', 'desc'] },
        labels: {
          type: 'array',
          description: 'Labels',
          items: { type: 'string' },
          minItems: 1,
          maxItems: 5,
          uniqueItems: true,
        },
        ids: { type: 'array', description: 'Ids', items: { type: 'integer' }, default: [] },
        switches: { type: 'array', description: 'Switches', items: { type: 'boolean' } },
        path: { type: 'array', description: 'Path', items: POINT },
        matrix: { type: 'array', description: 'Matrix', items: { type: 'array', items: { type: 'number' } } },
        origin_point: { description: 'Origin', ...POINT },
      },
      required: ['query'],
      additionalProperties: false,
    });
  });

  it('AU-2: a shorthand field binds like its long form: defaults filled, nested classes instantiated', () => {
    const bound = bindInput(Shorthand, { query: 'x', path: [{ x: 1 }], origin_point: { x: 2 } });
    expect(bound.ok).toBe(true);
    if (!bound.ok) return;
    expect(JSON.parse(JSON.stringify(bound.value))).toEqual({
      query: 'x',
      limit: 10,
      ignoreCase: false,
      state: 'open',
      ids: [],
      path: [{ x: 1 }],
      origin: { x: 2 },
    });
    expect(bound.value.path?.[0]).toBeInstanceOf(Point);
    expect(bound.value.origin).toBeInstanceOf(Point);
  });

  it('AU-2: an array of Standard Schema items converts the items to JSON Schema', () => {
    class Words {
      @ToolParam.array(z.string().min(2), 'Words', { maxItems: 3 }) words!: string[];
    }
    expect(buildInputSchema(Words).properties).toEqual({
      words: { type: 'array', description: 'Words', items: { type: 'string', minLength: 2 }, maxItems: 3 },
    });
    expect(bindInput(Words, { words: ['ab', 7] })).toEqual({
      ok: false,
      violations: [
        expect.objectContaining({ message: "Parameter 'words[1]' must be a string. The tool was not executed." }),
      ],
    });
  });

  it('AU-2: a shorthand applies the same registration rules, naming Class.property', () => {
    let error: unknown;
    try {
      class Blank {
        @ToolParam.string('  ') query!: string;
      }
      buildInputSchema(Blank);
    } catch (caught) {
      error = caught;
    }
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect((error as ToolwrightError).message).toBe(
      "Blank.query has no description. Add @ToolParam({ description: '…' }): it is what the model reads about the parameter.",
    );
  });
});
