import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { Type } from '../index.js';
import { buildInputSchema } from '../schema/build-input-schema.js';
import { Nested } from './nested.js';
import { ownParams } from './param-registry.js';
import { ToolParam } from './tool-param.js';

/** Runs `action`, expecting a ToolwrightError; returns it for exact assertions. */
function thrown(action: () => unknown): ToolwrightError {
  try {
    action();
  } catch (error) {
    expect(ToolwrightError.isInstance(error)).toBe(true);
    return error as ToolwrightError;
  }
  throw new Error('expected a ToolwrightError, but nothing was thrown');
}

describe('@ToolParam registration', () => {
  it('TC-7: refuses a field without a description, naming Class.property', () => {
    const error = thrown(() => {
      class NoDescription {
        @ToolParam({ description: '', schema: Type.String() })
        query!: string;
      }
      return NoDescription;
    });
    expect(error.code).toBe('MISSING_DESCRIPTION');
    expect(error.message).toBe(
      "NoDescription.query has no description. Add @ToolParam({ description: '…' }): it is what the model reads about the parameter.",
    );
  });

  it('TC-7: a description of spaces is no description', () => {
    const error = thrown(() => {
      class BlankDescription {
        @ToolParam({ description: '   ', schema: Type.String() })
        query!: string;
      }
      return BlankDescription;
    });
    expect(error.code).toBe('MISSING_DESCRIPTION');
    expect(error.message).toBe(
      "BlankDescription.query has no description. Add @ToolParam({ description: '…' }): it is what the model reads about the parameter.",
    );
  });

  it('TC-7: refuses a duplicate wire name, naming both fields', () => {
    class Duplicated {
      @ToolParam({ description: 'First', schema: Type.String() })
      query!: string;

      @ToolParam({ name: 'query', description: 'Second', schema: Type.String() })
      search!: string;
    }
    const error = thrown(() => buildInputSchema(Duplicated));
    expect(error.code).toBe('DUPLICATE_PARAMETER');
    expect(error.message).toBe(
      "Duplicated.search uses the wire name 'query', which Duplicated.query already uses. Give one of them another @ToolParam({ name }).",
    );
  });

  it('TC-7: refuses a wire name that an inherited field already uses', () => {
    class Parent {
      @ToolParam({ name: 'path', description: 'Path', schema: Type.String() })
      path!: string;
    }
    class Child extends Parent {
      @ToolParam({ name: 'path', description: 'Another path', schema: Type.String() })
      otherPath!: string;
    }
    const error = thrown(() => buildInputSchema(Child));
    expect(error.message).toBe(
      "Child.otherPath uses the wire name 'path', which Parent.path already uses. Give one of them another @ToolParam({ name }).",
    );
  });

  it.each(['__proto__', 'constructor', 'prototype'])('TC-7: refuses %s as a wire name', (name) => {
    const error = thrown(() => {
      class Reserved {
        @ToolParam({ name, description: 'Sneaky', schema: Type.String() })
        sneaky!: string;
      }
      return Reserved;
    });
    expect(error.code).toBe('RESERVED_PARAMETER_NAME');
    expect(error.message).toBe(
      `Reserved.sneaky uses the reserved name '${name}', which could change object prototypes. Choose another name with @ToolParam({ name: '…' }).`,
    );
  });

  it('TC-7: refuses an empty wire name', () => {
    const error = thrown(() => {
      class EmptyName {
        @ToolParam({ name: '', description: 'Nameless', schema: Type.String() })
        value!: string;
      }
      return EmptyName;
    });
    expect(error.message).toBe(
      'EmptyName.value has an empty wire name. Give @ToolParam({ name }) a non-empty string, or leave it out to use the property name.',
    );
  });

  it('TC-7: refuses a class without decorated fields', () => {
    class Bare {
      query = undefined;
    }
    const error = thrown(() => buildInputSchema(Bare));
    expect(error.code).toBe('NO_PARAMETERS');
    expect(error.message).toBe(
      "Bare has no @ToolParam fields. Decorate each input field with @ToolParam({ description, schema }) or a shorthand such as @ToolParam.string('…').",
    );
  });

  it('TC-7: refuses a class thunk that returns undefined, naming the field', () => {
    class Dangling {
      @ToolParam({ description: 'Points nowhere', schema: Nested(() => undefined as unknown as typeof Dangling) })
      inner!: Dangling;
    }
    const error = thrown(() => buildInputSchema(Dangling));
    expect(error.code).toBe('UNRESOLVED_CLASS_REFERENCE');
    expect(error.message).toBe(
      'Dangling.inner: the class thunk returned undefined. This happens when the class is used before its declaration or through a circular import; keep the thunk lazy (Nested(() => Inner)) and check that Inner is imported and defined.',
    );
  });

  it('TC-7: refuses a nested class without fields, naming it', () => {
    class Empty {}
    class HoldsEmpty {
      @ToolParam({ description: 'Empty', schema: Nested(() => Empty) })
      empty!: Empty;
    }
    const error = thrown(() => buildInputSchema(HoldsEmpty));
    expect(error.code).toBe('NO_PARAMETERS');
    expect(error.message).toBe(
      "Empty has no @ToolParam fields. Decorate each input field with @ToolParam({ description, schema }) or a shorthand such as @ToolParam.string('…').",
    );
  });

  it('TC-7: cross-checks design:type against the schema', () => {
    class Mismatched {
      // @ts-expect-error -- the compiler refuses this too; the runtime check covers JavaScript and `any`.
      @ToolParam({ description: 'Count', schema: Type.Integer() })
      count!: string;
    }
    const error = thrown(() => buildInputSchema(Mismatched));
    expect(error.code).toBe('TYPE_MISMATCH');
    expect(error.message).toBe(
      "Mismatched.count is declared as String but its schema describes integer. Make the field's type and its @ToolParam schema agree.",
    );
  });

  it('TC-7: cross-checks design:type against a nested class', () => {
    class Point {
      @ToolParam({ description: 'X', schema: Type.Number() })
      x!: number;
    }
    class Size {
      @ToolParam({ description: 'Width', schema: Type.Number() })
      width!: number;
    }
    class Shape {
      // @ts-expect-error -- Point and Size have different fields, so the compiler refuses this as well.
      @ToolParam({ description: 'Origin', schema: Nested(() => Size) })
      origin!: Point;
    }
    expect(thrown(() => buildInputSchema(Shape)).message).toBe(
      "Shape.origin is declared as Point but its schema describes the class Size. Make the field's type and its @ToolParam schema agree.",
    );
  });

  it('TC-7: refuses a field initializer, which would be a default the model never sees', () => {
    class Initialized {
      @ToolParam({ description: 'Limit', schema: Type.Integer(), optional: true })
      limit?: number = 10;
    }
    const error = thrown(() => buildInputSchema(Initialized));
    expect(error.code).toBe('INVALID_INPUT_CLASS');
    expect(error.message).toBe(
      'Initialized.limit has an initializer (10). Declare defaults with @ToolParam({ default: … }) so the model sees them, and remove the initializer.',
    );
  });

  it('TC-7: refuses optional together with a default', () => {
    const error = thrown(() => {
      class Both {
        @ToolParam({ description: 'Limit', schema: Type.Integer(), optional: true, default: 3 })
        limit?: number;
      }
      return Both;
    });
    expect(error.code).toBe('INVALID_DEFAULT');
    expect(error.message).toBe(
      "Both.limit is marked optional and has a default. A field with a default is never absent after binding: remove 'optional: true' and declare the field without '?'.",
    );
  });

  it('TC-7: refuses a default its own schema refuses', () => {
    class BadDefault {
      @ToolParam({ description: 'Mode', enum: ['fast', 'slow'], default: 'medium' as 'fast' })
      mode!: 'fast' | 'slow';
    }
    const error = thrown(() => buildInputSchema(BadDefault));
    expect(error.code).toBe('INVALID_DEFAULT');
    expect(error.message).toBe(
      'BadDefault.mode has the default "medium", which its own schema refuses: The input must be one of [fast, slow], but was \'medium\'. Fix the default or the schema.',
    );
  });

  it('TC-7: refuses a class reference inside a union', () => {
    class Leaf {
      @ToolParam({ description: 'Value', schema: Type.String() })
      value!: string;
    }
    class Ambiguous {
      @ToolParam({ description: 'Either', schema: Type.Union([Nested(() => Leaf), Type.String()]) })
      either!: Leaf | string;
    }
    expect(thrown(() => buildInputSchema(Ambiguous)).message).toBe(
      'Ambiguous.either: Nested(() => Class) may stand for the whole field or for array items, not inside unions or objects. Use another input class with its own @ToolParam fields.',
    );
  });

  it('TC-7: refuses a class that needs constructor arguments', () => {
    class NeedsArguments {
      @ToolParam({ description: 'Query', schema: Type.String() })
      query!: string;

      constructor(required: { value: string }) {
        if (required.value === '') throw new Error('unreachable');
      }
    }
    const error = thrown(() => buildInputSchema(NeedsArguments as unknown as new () => object));
    expect(error.code).toBe('INVALID_INPUT_CLASS');
    expect(error.message).toMatch(
      /^NeedsArguments must be constructible without arguments \(the binder creates its instances\): /,
    );
  });

  it('TC-7: subclassing leaves the parent field list untouched', () => {
    class Parent {
      @ToolParam({ description: 'Path', schema: Type.String() })
      path!: string;
    }
    /** The parent's list as written by hand: one field, path, declared by Parent. */
    const parentList = [
      { owner: Parent, property: 'path', name: 'path', description: 'Path', optional: false, hasDefault: false },
    ];
    const summary = (owner: Function) =>
      ownParams(owner).map(({ owner: declaredBy, property, name, description, optional, hasDefault }) => ({
        owner: declaredBy,
        property,
        name,
        description,
        optional,
        hasDefault,
      }));
    expect(summary(Parent)).toEqual(parentList);
    class Child extends Parent {
      @ToolParam({ description: 'Depth', schema: Type.Integer(), optional: true })
      depth?: number;
    }
    expect(summary(Child)).toEqual([
      { owner: Child, property: 'depth', name: 'depth', description: 'Depth', optional: true, hasDefault: false },
    ]);
    expect(summary(Parent)).toEqual(parentList);
    expect(Object.keys(buildInputSchema(Child).properties as object)).toEqual(['path', 'depth']);
    expect(Object.keys(buildInputSchema(Parent).properties as object)).toEqual(['path']);
  });
});
