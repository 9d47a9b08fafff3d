import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { ToolInput } from './tool-input.js';
import { createToolUse, parseToolUse } from './tool-use.js';

const RUNS = { numRuns: 300 };
const NOT_EXECUTED = 'The tool was not executed.';

// ---------------------------------------------------------------------------------------------
// Reference model and helpers, written independently of the implementation.
// ---------------------------------------------------------------------------------------------

/** Defines an own, enumerable data property, so '__proto__' stays a plain key. */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Drops null entries from every object, recursively (also inside arrays), keeping nulls at array positions. */
function dropNullEntries(value: unknown): unknown {
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (const item of value) copy.push(dropNullEntries(item));
    return copy;
  }
  if (typeof value === 'object' && value !== null) {
    const copy = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== null) setOwn(copy, key, dropNullEntries(item));
    }
    return copy;
  }
  return value;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Every object and array reachable from `value`, `value` included. */
function containers(value: unknown, found: object[] = []): object[] {
  if (typeof value === 'object' && value !== null) {
    found.push(value);
    for (const key of Object.keys(value)) containers((value as Record<string, unknown>)[key], found);
  }
  return found;
}

/** What `fn` threw (fails the test when it returned). */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  expect.fail('expected the call to throw');
}

function expectInvalidInput(error: unknown): void {
  expect(ToolwrightError.isInstance(error)).toBe(true);
  expect((error as ToolwrightError).code).toBe('INVALID_INPUT');
}

function prototypeSnapshot(): string[] {
  return Object.getOwnPropertyNames(Object.prototype).sort();
}

function expectNoPollution(before: string[]): void {
  expect(prototypeSnapshot()).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

const trickyKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  'polluted',
  '0',
  'a.b',
);
const keyArb = fc.oneof(trickyKey, fc.string({ maxLength: 8 }));

const leafArb = fc.oneof(
  { arbitrary: fc.constant(null), weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.string({ maxLength: 8 }), weight: 2 },
);

/** JSON values whose objects use tricky keys at every level (plain and null-prototype objects). */
const { trickyJson } = fc.letrec<{ trickyJson: unknown; trickyArray: unknown[]; trickyObject: object }>((tie) => ({
  trickyJson: fc.oneof({ depthSize: 'small', maxDepth: 5 }, leafArb, tie('trickyArray'), tie('trickyObject')),
  trickyArray: fc.array(tie('trickyJson'), { maxLength: 5 }),
  trickyObject: fc.dictionary(keyArb, tie('trickyJson'), { maxKeys: 6 }),
}));

/** A JSON object, with some top-level keys forced to null (including tricky ones). */
const jsonObjectArb: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.oneof(
      fc.dictionary(keyArb, trickyJson, { maxKeys: 8 }),
      fc.dictionary(keyArb, fc.jsonValue({ maxDepth: 4 }), { maxKeys: 8 }),
      fc.jsonValue({ maxDepth: 4 }).map((value) => ({ wrapped: value, list: [value, null, { inner: value }] })),
    ),
    fc.uniqueArray(keyArb, { maxLength: 4 }),
  )
  .map(([object, nullKeys]) => {
    const result = object as Record<string, unknown>;
    for (const key of nullKeys) setOwn(result, key, null);
    return result;
  });

const ACCESSOR_KINDS = [
  { kind: 'string', fallback: 'd' },
  { kind: 'number', fallback: 7.5 },
  { kind: 'integer', fallback: 7 },
  { kind: 'boolean', fallback: true },
  { kind: 'array', fallback: ['fallback'] },
  { kind: 'object', fallback: { fallback: true } },
] as const;

type Kind = (typeof ACCESSOR_KINDS)[number]['kind'];
const CAPITALISED: Record<Kind, string> = {
  string: 'String',
  number: 'Number',
  integer: 'Integer',
  boolean: 'Boolean',
  array: 'Array',
  object: 'Object',
};

function accessor(input: ToolInput, family: 'get' | 'find' | 'require', kind: Kind): (...args: unknown[]) => unknown {
  const method = (input as unknown as Record<string, (...args: unknown[]) => unknown>)[`${family}${CAPITALISED[kind]}`];
  if (typeof method !== 'function') expect.fail(`ToolInput has no ${family}${CAPITALISED[kind]}`);
  return method.bind(input);
}

/** Checks that `key` reads as absent in every accessor family, for every kind. */
/**
 * How a parameter name reads in a sentence: as itself, or, when it would read ambiguously (empty,
 * or holding '.', '[', ']', a quote or a control character), as a JSON string in brackets.
 */
function displayed(key: string): string {
  const ambiguous =
    key === '' ||
    [...key].some(
      (character) => '.[]\'"'.includes(character) || character.charCodeAt(0) < 0x20 || character === '\u007f',
    );
  return ambiguous ? `[${JSON.stringify(key)}]` : key;
}

function expectAbsent(input: ToolInput, key: string): void {
  expect(input.has(key)).toBe(false);
  expect(input.get(key)).toBeUndefined();
  expect(input.keys()).not.toContain(key);
  expect(input.findString(key)).toBeUndefined();
  expect(input.getString(key, 'd')).toBe('d');
  for (const { kind, fallback } of ACCESSOR_KINDS) {
    expect(accessor(input, 'get', kind)(key, fallback)).toBe(fallback);
    expect(accessor(input, 'find', kind)(key)).toBeUndefined();
    const error = thrownBy(() => accessor(input, 'require', kind)(key));
    expectInvalidInput(error);
    expect((error as Error).message).toBe(`Parameter '${displayed(key)}' is required (${kind}). ${NOT_EXECUTED}`);
  }
}

/** Builds a value nested `depth` levels deep without recursion. */
function deeplyNested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = { leaf: 1 };
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
}

// ---------------------------------------------------------------------------------------------
// TC-1 ToolInput
// ---------------------------------------------------------------------------------------------

describe('ToolInput properties', () => {
  it('TC-1: of(x).toJSON() equals x with null entries dropped at every object level (array nulls kept)', () => {
    fc.assert(
      fc.property(jsonObjectArb, (x) => {
        expect(ToolInput.of(x).toJSON()).toEqual(dropNullEntries(x));
      }),
      RUNS,
    );
  });

  it('TC-1: toJSON() is deep-frozen and is a copy: the original value is neither mutated nor frozen', () => {
    fc.assert(
      fc.property(jsonObjectArb, (x) => {
        const before = structuredClone(x);
        const json = ToolInput.of(x).toJSON();
        for (const node of containers(json)) expect(Object.isFrozen(node)).toBe(true);
        expect(x).toEqual(before);
        for (const node of containers(x)) expect(Object.isFrozen(node)).toBe(false);
        expect(Object.isFrozen(ToolInput.of(x))).toBe(true);
      }),
      RUNS,
    );
  });

  it('TC-1: keys such as __proto__ and constructor are plain data: Object.prototype never changes', () => {
    const payload = fc.oneof(
      fc.constant({ polluted: 'yes' }),
      fc.constant({ prototype: { polluted: 'yes' } }),
      fc.dictionary(keyArb, fc.string({ maxLength: 4 }), { maxKeys: 3 }),
    );
    const hostileText = fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'toString'), payload, fc.nat({ max: 2 }), jsonObjectArb)
      .map(([key, inner, depth, rest]) => {
        let text = `{${JSON.stringify(key)}:${JSON.stringify(inner)}}`;
        for (let level = 0; level < depth; level++) text = `{"level${level}":${text},"list":[${text}]}`;
        const restText = JSON.stringify(rest);
        return restText === '{}' ? text : `${text.slice(0, -1)},${restText.slice(1)}`;
      });
    fc.assert(
      fc.property(hostileText, (text) => {
        const before = prototypeSnapshot();
        const x = JSON.parse(text) as Record<string, unknown>;
        const input = ToolInput.of(x);
        const parsed = ToolInput.parse(text);
        expectNoPollution(before);
        expect(input.toJSON()).toEqual(dropNullEntries(x));
        expect(parsed.toJSON()).toEqual(dropNullEntries(x));
        for (const node of containers(input.toJSON())) {
          if (!Array.isArray(node)) expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
        }
        for (const key of Object.keys(x)) {
          if (x[key] !== null) expect(input.has(key)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('TC-1: of(x) never changes Object.prototype for arbitrary objects with tricky keys', () => {
    fc.assert(
      fc.property(jsonObjectArb, (x) => {
        const before = prototypeSnapshot();
        const input = ToolInput.of(x);
        input.toJSON();
        expectNoPollution(before);
      }),
      RUNS,
    );
  });

  it('TC-1: a key sent as null behaves like an absent key in every accessor family', () => {
    fc.assert(
      fc.property(jsonObjectArb, keyArb, (x, other) => {
        const input = ToolInput.of(x);
        const nullKeys = Object.keys(x).filter((key) => x[key] === null);
        for (const key of nullKeys) expectAbsent(input, key);
        if (!Object.hasOwn(x, other)) expectAbsent(input, other);
      }),
      RUNS,
    );
  });

  it('TC-1: requireString on a null key throws exactly "Parameter \'<k>\' is required (string). The tool was not executed." (ambiguous names in brackets)', () => {
    fc.assert(
      fc.property(jsonObjectArb, keyArb, (x, key) => {
        setOwn(x, key, null);
        const input = ToolInput.of(x);
        expect(input.has(key)).toBe(false);
        expect(input.findString(key)).toBeUndefined();
        expect(input.getString(key, 'd')).toBe('d');
        const error = thrownBy(() => input.requireString(key));
        expectInvalidInput(error);
        expect((error as Error).message).toBe(
          `Parameter '${displayed(key)}' is required (string). The tool was not executed.`,
        );
      }),
      RUNS,
    );
  });

  it('TC-1: present keys are readable and agree with toJSON()', () => {
    fc.assert(
      fc.property(jsonObjectArb, (x) => {
        const input = ToolInput.of(x);
        const expected = dropNullEntries(x) as Record<string, unknown>;
        expect(input.keys()).toEqual(Object.keys(expected));
        for (const key of Object.keys(expected)) {
          const value = expected[key];
          expect(input.has(key)).toBe(true);
          expect(input.get(key)).toEqual(value);
          if (typeof value === 'string') {
            expect(input.findString(key)).toBe(value);
            expect(input.getString(key, 'd')).toBe(value);
            expect(input.requireString(key)).toBe(value);
          } else {
            // A value of the wrong type is refused in every family, never read as the fallback.
            expectInvalidInput(thrownBy(() => input.getString(key, 'd')));
            expectInvalidInput(thrownBy(() => input.findString(key)));
            expectInvalidInput(thrownBy(() => input.requireString(key)));
          }
          if (typeof value === 'number') {
            expect(input.findNumber(key)).toBe(value);
            expect(input.getNumber(key, 1)).toBe(value);
          }
          if (Array.isArray(value)) expect(input.requireArray(key)).toEqual(value);
          if (isPlainRecord(value)) expect(input.requireObject(key)).toEqual(value);
        }
      }),
      RUNS,
    );
  });

  it('TC-1: parse(JSON.stringify(x)) agrees with of(x)', () => {
    fc.assert(
      fc.property(jsonObjectArb, (x) => {
        const text = JSON.stringify(x);
        const parsed = ToolInput.parse(text).toJSON();
        const direct = ToolInput.of(x).toJSON();
        // JSON text cannot carry -0, so compare through the wire form as well as structurally.
        expect(JSON.stringify(parsed)).toBe(JSON.stringify(direct));
        expect(parsed).toEqual(dropNullEntries(JSON.parse(text)));
        expect(parsed).toEqual(JSON.parse(JSON.stringify(direct)));
      }),
      RUNS,
    );
  });

  it('TC-1: of() refuses every JSON value that is not an object with INVALID_INPUT', () => {
    const nonObject = fc.jsonValue({ maxDepth: 3 }).filter((value) => !isPlainRecord(value));
    fc.assert(
      fc.property(nonObject, (value) => {
        expectInvalidInput(thrownBy(() => ToolInput.of(value)));
        expectInvalidInput(thrownBy(() => ToolInput.parse(JSON.stringify(value))));
      }),
      RUNS,
    );
  });

  it('TC-1: parse() refuses text that is not JSON with INVALID_INPUT', () => {
    const notJson = fc.string().filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    });
    fc.assert(
      fc.property(notJson, (text) => {
        expectInvalidInput(thrownBy(() => ToolInput.parse(text)));
      }),
      RUNS,
    );
  });

  it('TC-1: of() of a value nested 10,000 levels deep throws INVALID_INPUT instead of overflowing the stack', () => {
    const shapes: ((inner: unknown) => unknown)[] = [
      (inner) => ({ a: inner }),
      (inner) => [inner],
      (inner) => ({ list: [inner] }),
    ];
    for (const wrap of shapes) {
      const deep = { root: deeplyNested(10_000, wrap) };
      const error = thrownBy(() => ToolInput.of(deep));
      expect(ToolwrightError.isInstance(error)).toBe(true);
      expectInvalidInput(error);
    }
    const text = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    expectInvalidInput(thrownBy(() => ToolInput.parse(text)));
  });

  it('TC-1: of() of a cyclic object throws INVALID_INPUT', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    expectInvalidInput(thrownBy(() => ToolInput.of(cyclic)));
  });
});

// ---------------------------------------------------------------------------------------------
// TC-2 ToolUse
// ---------------------------------------------------------------------------------------------

const argumentsText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.json(),
  jsonObjectArb.map((x) => JSON.stringify(x)),
  jsonObjectArb.map((x) => JSON.stringify(x, null, 2)),
  // Truncated or padded JSON: mostly invalid, sometimes valid.
  fc.tuple(jsonObjectArb, fc.nat(), fc.constantFrom('', ' ', '\n', '}', ',', 'x')).map(([x, cut, tail]) => {
    const text = JSON.stringify(x);
    return text.slice(0, cut % (text.length + 1)) + tail;
  }),
  fc.constantFrom(
    '',
    '   ',
    '\n\t',
    'null',
    '[]',
    '[1,null]',
    '"text"',
    '42',
    'true',
    '{}',
    '{"a":null}',
    '{',
    '\uFEFF{}',
  ),
);

/** What parseToolUse must produce, decided from JSON.parse: empty text and JSON null are no arguments (TC-1). */
function expectedToolUse(text: string): { error: boolean; json?: unknown } {
  if (text.trim() === '') return { error: false, json: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: true };
  }
  if (parsed === null) return { error: false, json: {} };
  if (isPlainRecord(parsed)) return { error: false, json: dropNullEntries(parsed) };
  return { error: true };
}

function expectEmptyInput(input: ToolInput): void {
  expect(ToolInput.isInstance(input)).toBe(true);
  expect(input.keys()).toEqual([]);
  expect(input.toJSON()).toEqual({});
}

describe('ToolUse properties', () => {
  it('TC-2: parseToolUse never throws; it yields either the normalised arguments or an inputError and no arguments', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), argumentsText, (id, name, text) => {
        let use: ReturnType<typeof parseToolUse> | undefined;
        expect(() => {
          use = parseToolUse(id, name, text);
        }).not.toThrow();
        if (use === undefined) return expect.fail('parseToolUse returned nothing');
        expect(use.id).toBe(id);
        expect(use.name).toBe(name);
        expect(Object.isFrozen(use)).toBe(true);
        expect(ToolInput.isInstance(use.input)).toBe(true);
        if (use.inputError === undefined) {
          expect(Object.hasOwn(use, 'inputError')).toBe(false);
        } else {
          expect(typeof use.inputError).toBe('string');
          expect(use.inputError.startsWith(`Arguments for tool '${name}'`)).toBe(true);
          expectEmptyInput(use.input);
        }
        const expected = expectedToolUse(text);
        if (expected.error) {
          expect(use.inputError).toEqual(expect.any(String));
          expectEmptyInput(use.input);
        } else {
          expect(use.inputError).toBeUndefined();
          expect(use.input.toJSON()).toEqual(expected.json);
        }
      }),
      // Each kind of text the expectation distinguishes is tried at least once: null, empty, an object, not JSON, not an object.
      {
        ...RUNS,
        examples: [
          ['id', 'tool', 'null'],
          ['id', 'tool', ' '],
          ['id', 'tool', '{"a":null,"b":1}'],
          ['id', 'tool', '{'],
          ['id', 'tool', '[1]'],
        ],
      },
    );
  });

  it('TC-2: createToolUse never throws for anything and follows the same either/or contract', () => {
    const anythingArb = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    });
    /** How an id or a name is read: a string as it is, null and undefined as '', anything else as String(value). */
    const asText = (value: unknown): string => {
      if (typeof value === 'string') return value;
      if (value === null || value === undefined) return '';
      try {
        return String(value);
      } catch {
        return '';
      }
    };
    const seen = { refused: 0, absent: 0, accepted: 0 };
    fc.assert(
      fc.property(anythingArb, anythingArb, fc.oneof(anythingArb, jsonObjectArb), (id, name, value) => {
        let use: ReturnType<typeof createToolUse> | undefined;
        expect(() => {
          use = createToolUse(id, name, value);
        }).not.toThrow();
        if (use === undefined) return expect.fail('createToolUse returned nothing');
        expect(use.id).toBe(asText(id));
        expect(use.name).toBe(asText(name));
        expect(Object.isFrozen(use)).toBe(true);
        if (use.inputError !== undefined) {
          seen.refused++;
          expect(use.inputError.startsWith(`Arguments for tool '${use.name}' `)).toBe(true);
          expectEmptyInput(use.input);
        } else if (value === null || value === undefined) {
          seen.absent++;
          expectEmptyInput(use.input);
        } else {
          seen.accepted++;
          // Only a plain object is accepted as arguments, and it is kept, nulls dropped (compared as JSON text,
          // which reads undefined as absence and -0 as 0 on both sides).
          expect(isPlainRecord(value)).toBe(true);
          expect(JSON.stringify(use.input.toJSON())).toBe(JSON.stringify(dropNullEntries(value)));
        }
      }),
      {
        ...RUNS,
        examples: [
          ['call_1', 'tool', { a: 1, b: null, c: { d: null } }],
          [1, null, null],
          [null, 2, [1]],
        ],
      },
    );
    // Every branch of the either/or was taken, so each of its checks ran.
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.absent).toBeGreaterThan(0);
    expect(seen.accepted).toBeGreaterThan(0);
  });

  it('TC-2: createToolUse of a JSON object keeps its arguments, nulls dropped, and has no inputError', () => {
    fc.assert(
      fc.property(jsonObjectArb, (x) => {
        const use = createToolUse('call_1', 'tool', x);
        expect(use.inputError).toBeUndefined();
        expect(use.input.toJSON()).toEqual(dropNullEntries(x));
      }),
      RUNS,
    );
  });

  it('TC-2: a JSON value that is not an object yields an inputError naming the tool, never a throw', () => {
    const nonObject = fc.jsonValue({ maxDepth: 3 }).filter((value) => value !== null && !isPlainRecord(value));
    fc.assert(
      fc.property(nonObject, fc.string({ maxLength: 6 }), (value, name) => {
        for (const use of [createToolUse('id', name, value), parseToolUse('id', name, JSON.stringify(value))]) {
          expect(use.inputError).toMatch(/must be a JSON object, but were an? [a-z]+\.$/);
          expect(use.inputError?.startsWith(`Arguments for tool '${name}'`)).toBe(true);
          expectEmptyInput(use.input);
        }
      }),
      RUNS,
    );
  });

  it('TC-2: arguments nested 10,000 levels deep yield an inputError, never a throw', () => {
    const text = `{"root":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    const parsed = parseToolUse('id', 'deep_tool', text);
    expect(parsed.inputError).toEqual(expect.stringContaining("Arguments for tool 'deep_tool' could not be read"));
    expectEmptyInput(parsed.input);
    const created = createToolUse('id', 'deep_tool', { root: deeplyNested(10_000, (inner) => [inner]) });
    expect(created.inputError).toEqual(expect.stringContaining("Arguments for tool 'deep_tool' could not be read"));
    expectEmptyInput(created.input);
  });
});
