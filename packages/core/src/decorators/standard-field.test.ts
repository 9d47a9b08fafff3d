// Registration rules under standard (TC39) decorators, compiled for real by tsc and esbuild, against
// the same rules under legacy decorators. Uses @toolwright/core from its dist, as the compiled code does.
import { buildInputSchema, ToolParam } from '@toolwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileSource,
  createScratchFolder,
  DECORATOR_SETUPS,
  isStandardSetup,
  type DecoratorSetup,
  type ScratchFolder,
} from '../../test/fixtures/decorators/compile-fixture.js';
import { thrownToolwrightError as thrown } from '../../test/fixtures/thrown-toolwright-error.js';

// Each function declares one class when called, so a mistake surfaces when the test asks for it.
const SOURCE = `
import { ToolParam, Type } from '@toolwright/core';
export const declare = {
  noDescription() { class NoDescription { @ToolParam.string('') query!: string; } return NoDescription; },
  reservedName() { class Reserved { @ToolParam({ name: '__proto__', description: 'Sneaky', schema: Type.String() }) sneaky!: string; } return Reserved; },
  emptyName() { class EmptyName { @ToolParam.string('Nameless', { name: '' }) value!: string; } return EmptyName; },
  optionalWithDefault() { class Both { @ToolParam.integer('Limit', { optional: true, default: 3 }) limit?: number; } return Both; },
  onMethod() { class OnMethod { @ToolParam.string('Run') run(): void {} } return OnMethod; },
  onStatic() { class OnStatic { @ToolParam.string('Shared') static shared: string; } return OnStatic; },
  mismatch() { class Mismatched { @ToolParam({ description: 'Count', schema: Type.Integer() }) count!: string; } return Mismatched; },
};
export const declareStandardOnly = {
  onPrivate() { class OnPrivate { @ToolParam.string('Secret') #secret!: string; read() { return this.#secret; } } return OnPrivate; },
  onAccessor() { class OnAccessor { @ToolParam.string('Name') accessor name = ''; } return OnAccessor; },
};
`;

type Declarations = Record<string, () => new () => object>;
interface Compiled {
  readonly declare: Declarations;
  readonly declareStandardOnly: Declarations;
}

const compiled = new Map<DecoratorSetup, Compiled>();
let scratch: ScratchFolder;

beforeAll(async () => {
  scratch = createScratchFolder();
  for (const setup of DECORATOR_SETUPS) {
    const source = isStandardSetup(setup) ? SOURCE : SOURCE.replace(/export const declareStandardOnly[^]*$/, '');
    compiled.set(setup, await scratch.load<Compiled>(`${setup}/rules.js`, await compileSource(source, setup)));
  }
}, 120_000);

afterAll(() => scratch.dispose());

function declarations(setup: DecoratorSetup): Compiled {
  const module = compiled.get(setup);
  if (module === undefined) throw new Error(`nothing was compiled for ${setup}`);
  return module;
}

/** Declares the class and registers it: legacy decorators refuse at the first step, standard ones at the second. */
function declareAndRegister(setup: DecoratorSetup, name: string): { code: string; message: string } {
  return thrown(() => buildInputSchema((declarations(setup).declare[name] as () => new () => object)()));
}

const OPTION_MISTAKES = [
  [
    'noDescription',
    'MISSING_DESCRIPTION',
    "NoDescription.query has no description. Add @ToolParam({ description: '…' }): it is what the model reads about the parameter.",
  ],
  [
    'reservedName',
    'RESERVED_PARAMETER_NAME',
    "Reserved.sneaky uses the reserved name '__proto__', which could change object prototypes. Choose another name with @ToolParam({ name: '…' }).",
  ],
  [
    'emptyName',
    'RESERVED_PARAMETER_NAME',
    'EmptyName.value has an empty wire name. Give @ToolParam({ name }) a non-empty string, or leave it out to use the property name.',
  ],
  [
    'optionalWithDefault',
    'INVALID_DEFAULT',
    "Both.limit is marked optional and has a default. A field with a default is never absent after binding: remove 'optional: true' and declare the field without '?'.",
  ],
] as const;

describe('@ToolParam registration rules under each decorator set-up', () => {
  for (const setup of DECORATOR_SETUPS) {
    it.each(OPTION_MISTAKES)(`AU-1: ${setup} refuses %s, naming Class.property`, (name, code, message) => {
      expect(declareAndRegister(setup, name)).toEqual({ code, message });
    });
  }

  it.each(DECORATOR_SETUPS.filter(isStandardSetup))(
    'AU-1: %s reports an option mistake when the class is registered, not when it is declared',
    (setup) => {
      const NoDescription = (declarations(setup).declare.noDescription as () => new () => object)();
      expect(thrown(() => buildInputSchema(NoDescription)).code).toBe('MISSING_DESCRIPTION');
    },
  );

  it.each(DECORATOR_SETUPS.filter(isStandardSetup))(
    'AU-1: %s refuses @ToolParam on a method or a static field',
    (setup) => {
      expect(thrown(declarations(setup).declare.onMethod as () => unknown)).toEqual({
        code: 'INVALID_INPUT_CLASS',
        message:
          "@ToolParam on 'run' (a method): @ToolParam belongs on a public instance field, not on a static member, method, accessor, private field or class.",
      });
      expect(thrown(declarations(setup).declare.onStatic as () => unknown)).toEqual({
        code: 'INVALID_INPUT_CLASS',
        message:
          "@ToolParam on 'shared' (a static field): @ToolParam belongs on a public instance field, not on a static member, method, accessor, private field or class.",
      });
    },
  );

  it.each(DECORATOR_SETUPS.filter(isStandardSetup))(
    'AU-1: %s refuses @ToolParam on a private field or an accessor',
    (setup) => {
      expect(thrown(declarations(setup).declareStandardOnly.onPrivate as () => unknown).message).toBe(
        "@ToolParam on '#secret' (a private field): @ToolParam belongs on a public instance field, not on a static member, method, accessor, private field or class.",
      );
      expect(thrown(declarations(setup).declareStandardOnly.onAccessor as () => unknown).message).toBe(
        "@ToolParam on 'name' (an accessor): @ToolParam belongs on a public instance field, not on a static member, method, accessor, private field or class.",
      );
    },
  );

  it.each(DECORATOR_SETUPS.filter((setup) => !isStandardSetup(setup)))(
    'AU-1: %s refuses @ToolParam on a method or a static field',
    (setup) => {
      expect(thrown(declarations(setup).declare.onMethod as () => unknown).message).toBe(
        'OnMethod.run: @ToolParam belongs on a public instance field, not on a static member or method.',
      );
      expect(thrown(declarations(setup).declare.onStatic as () => unknown).message).toBe(
        'OnStatic.shared: @ToolParam belongs on a public instance field, not on a static member or method.',
      );
    },
  );

  it.each(DECORATOR_SETUPS)(
    'AU-1: %s cross-checks design:type only where emitDecoratorMetadata emitted it',
    (setup) => {
      const Mismatched = (declarations(setup).declare.mismatch as () => new () => object)();
      if (setup === 'tsc-legacy-metadata') {
        expect(thrown(() => buildInputSchema(Mismatched))).toEqual({
          code: 'TYPE_MISMATCH',
          message:
            "Mismatched.count is declared as String but its schema describes integer. Make the field's type and its @ToolParam schema agree.",
        });
      } else {
        expect(buildInputSchema(Mismatched).properties).toEqual({ count: { type: 'integer', description: 'Count' } });
      }
    },
  );

  it('AU-1: a standard decorator call without decorator metadata is refused with the fix', () => {
    const decorate = ToolParam.string('Query') as unknown as (value: undefined, context: object) => void;
    expect(thrown(() => decorate(undefined, { kind: 'field', name: 'query', static: false, private: false }))).toEqual({
      code: 'STANDARD_DECORATORS',
      message:
        '@ToolParam on \'query\' was compiled as a standard (TC39) decorator without decorator metadata (context.metadata). Compile with TypeScript 5.2 or later, esbuild 0.21 or later, or with "experimentalDecorators": true.',
    });
  });
});
