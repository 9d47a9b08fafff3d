import fc from 'fast-check';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { Nested } from '../decorators/nested.js';
import { ToolParam } from '../decorators/tool-param.js';
import { ToolInput } from '../input/tool-input.js';
import { bindInput, type BindResult } from './bind-input.js';

const RUNS = { numRuns: 300 };
const NOT_EXECUTED = 'The tool was not executed.';
const STATUSES = ['open', 'shipped', 'cancelled'] as const;

// ---------------------------------------------------------------------------------------------
// The input classes under test (legacy decorators, as a plugin author writes them).
// ---------------------------------------------------------------------------------------------

class PropAddress {
  @ToolParam({ description: 'City the order ships to', schema: Type.String() })
  city!: string;

  @ToolParam({ name: 'zip_code', description: 'Postal code', schema: Type.String(), optional: true })
  zipCode?: string;
}

class PropLineItem {
  @ToolParam({ description: 'Stock keeping unit', schema: Type.String() })
  sku!: string;

  @ToolParam({ name: 'qty', description: 'How many units', schema: Type.Integer(), default: 1 })
  quantity!: number;
}

class PropOrderInput {
  @ToolParam({ name: 'customer_name', description: 'Who placed the order', schema: Type.String() })
  customerName!: string;

  @ToolParam({ description: 'Largest number of orders to return', schema: Type.Integer(), optional: true })
  limit?: number;

  @ToolParam({ name: '-i', description: 'Ignore case', schema: Type.Boolean(), default: false })
  ignoreCase!: boolean;

  @ToolParam({ description: 'Only orders in this state', enum: STATUSES, optional: true })
  status?: 'open' | 'shipped' | 'cancelled';

  @ToolParam({ description: 'Where the order ships to', schema: Nested(() => PropAddress), optional: true })
  address?: PropAddress;

  @ToolParam({
    description: 'Products the order contains',
    schema: Type.Array(Nested(() => PropLineItem)),
    optional: true,
  })
  items?: PropLineItem[];

  @ToolParam({ description: 'Free-form labels', schema: Type.Array(Type.String()), optional: true })
  tags?: string[];
}

const WIRE_NAMES = ['customer_name', 'limit', '-i', 'status', 'address', 'items', 'tags'] as const;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function prototypeSnapshot(prototype: object): string[] {
  return Object.getOwnPropertyNames(prototype).sort();
}

const PROTOTYPES: readonly object[] = [
  Object.prototype,
  Array.prototype,
  PropOrderInput.prototype,
  PropAddress.prototype,
  PropLineItem.prototype,
];

function snapshotPrototypes(): string[][] {
  return PROTOTYPES.map(prototypeSnapshot);
}

function expectPrototypesUnchanged(before: string[][]): void {
  expect(snapshotPrototypes()).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((new PropOrderInput() as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf(new PropOrderInput())).toBe(PropOrderInput.prototype);
  expect(Object.getPrototypeOf(PropOrderInput.prototype)).toBe(Object.prototype);
}

/** Calls bindInput and fails the test (instead of the property crashing) when it throws. */
function bindWithoutThrowing(input: unknown): BindResult<PropOrderInput> {
  let result: BindResult<PropOrderInput> | undefined;
  expect(() => {
    result = bindInput(PropOrderInput, input);
  }).not.toThrow();
  if (result === undefined) return expect.fail('bindInput returned nothing');
  return result;
}

/** How many results of each kind a property saw, so that a test can show both kinds were checked. */
interface Outcomes {
  bound: number;
  refused: number;
}

function countOutcome(outcomes: Outcomes, result: BindResult<unknown>): void {
  if (result.ok) outcomes.bound++;
  else outcomes.refused++;
}

/** The contract every result honours, whatever the input. */
function expectWellFormed(result: BindResult<PropOrderInput>): void {
  if (result.ok) {
    const { value } = result;
    expect(value).toBeInstanceOf(PropOrderInput);
    expect(typeof value.customerName).toBe('string');
    expect(typeof value.ignoreCase).toBe('boolean');
    if (value.address !== undefined) expect(value.address).toBeInstanceOf(PropAddress);
    for (const item of value.items ?? []) {
      expect(item).toBeInstanceOf(PropLineItem);
      expect(Number.isInteger(item.quantity)).toBe(true);
    }
  } else {
    expect(result.violations.length).toBeGreaterThanOrEqual(1);
    for (const violation of result.violations) {
      expect(typeof violation.message).toBe('string');
      expect(violation.message.endsWith(NOT_EXECUTED)).toBe(true);
    }
  }
}

function messagesOf(result: BindResult<unknown>): string[] {
  if (result.ok) return expect.fail('expected binding to fail');
  return result.violations.map((violation) => violation.message);
}

/** Builds a value nested `depth` levels deep without recursion. */
function deeplyNested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = { leaf: 1 };
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

const ABSENT = Symbol('absent');
type Slot<T> = T | null | typeof ABSENT;

/** An optional field: left out, sent as null, or sent with a value. */
function optionalSlot<T>(value: fc.Arbitrary<T>): fc.Arbitrary<Slot<T>> {
  return fc.oneof(fc.constant<typeof ABSENT>(ABSENT), fc.constant(null), value);
}

/** Writes `slot` under `key` unless it is absent. */
function put(target: Record<string, unknown>, key: string, slot: unknown): void {
  if (slot !== ABSENT) setOwn(target, key, slot);
}

/** The slot's value, with null and absence both read as undefined. */
function present<T>(slot: Slot<T>): T | undefined {
  return slot === ABSENT || slot === null ? undefined : slot;
}

interface ExpectedAddress {
  city: string;
  zipCode: string | undefined;
}
interface ExpectedItem {
  sku: string;
  quantity: number;
}
interface ExpectedOrder {
  customerName: string;
  limit: number | undefined;
  ignoreCase: boolean;
  status: string | undefined;
  address: ExpectedAddress | undefined;
  items: ExpectedItem[] | undefined;
  tags: string[] | undefined;
}

interface ValidCase {
  wire: Record<string, unknown>;
  expected: ExpectedOrder;
}

const addressArb = fc.record({ city: fc.string(), zip: optionalSlot(fc.string()) }).map(({ city, zip }) => {
  const wire: Record<string, unknown> = { city };
  put(wire, 'zip_code', zip);
  return { wire, expected: { city, zipCode: present(zip) } };
});

const itemArb = fc.record({ sku: fc.string(), qty: optionalSlot(fc.integer()) }).map(({ sku, qty }) => {
  const wire: Record<string, unknown> = { sku };
  put(wire, 'qty', qty);
  return { wire, expected: { sku, quantity: present(qty) ?? 1 } };
});

const validCaseArb: fc.Arbitrary<ValidCase> = fc
  .record({
    customerName: fc.string(),
    limit: optionalSlot(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -0, 1e21))),
    ignoreCase: optionalSlot(fc.boolean()),
    status: optionalSlot(fc.constantFrom(...STATUSES)),
    address: optionalSlot(addressArb),
    items: optionalSlot(fc.array(itemArb, { maxLength: 4 })),
    tags: optionalSlot(fc.array(fc.string(), { maxLength: 4 })),
    keyOrder: fc.shuffledSubarray([...WIRE_NAMES], { minLength: WIRE_NAMES.length }),
  })
  .map((slots) => {
    const values: Record<string, unknown> = {
      customer_name: slots.customerName,
      limit: slots.limit,
      '-i': slots.ignoreCase,
      status: slots.status,
      address: slots.address === ABSENT || slots.address === null ? slots.address : slots.address.wire,
      items: slots.items === ABSENT || slots.items === null ? slots.items : slots.items.map((item) => item.wire),
      tags: slots.tags,
    };
    const wire: Record<string, unknown> = {};
    for (const key of slots.keyOrder) put(wire, key, values[key]);
    const address = present(slots.address);
    const items = present(slots.items);
    const expected: ExpectedOrder = {
      customerName: slots.customerName,
      limit: present(slots.limit),
      ignoreCase: present(slots.ignoreCase) ?? false,
      status: present(slots.status),
      address: address?.expected,
      items: items?.map((item) => item.expected),
      tags: present(slots.tags),
    };
    return { wire, expected };
  });

/** Checks a bound instance field by field against what the generator says the input meant. */
function expectBoundAs(value: PropOrderInput, expected: ExpectedOrder): void {
  expect(value).toBeInstanceOf(PropOrderInput);
  expect(value.customerName).toBe(expected.customerName);
  expect(value.limit).toBe(expected.limit);
  expect(value.ignoreCase).toBe(expected.ignoreCase);
  expect(value.status).toBe(expected.status);
  expect(value.tags).toEqual(expected.tags);
  if (expected.address === undefined) {
    expect(value.address).toBeUndefined();
  } else {
    expect(value.address).toBeInstanceOf(PropAddress);
    expect(value.address?.city).toBe(expected.address.city);
    expect(value.address?.zipCode).toBe(expected.address.zipCode);
  }
  if (expected.items === undefined) {
    expect(value.items).toBeUndefined();
  } else {
    expect(Array.isArray(value.items)).toBe(true);
    expect(value.items).toHaveLength(expected.items.length);
    expected.items.forEach((item, index) => {
      const bound = value.items?.[index];
      expect(bound).toBeInstanceOf(PropLineItem);
      expect(bound?.sku).toBe(item.sku);
      expect(bound?.quantity).toBe(item.quantity);
    });
  }
}

/** Objects that use the real wire names (and a few wrong ones) with arbitrary JSON values. */
const nearValidArb = fc.dictionary(
  fc.oneof(
    { arbitrary: fc.constantFrom(...WIRE_NAMES), weight: 4 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'customer_nme', 'limt', 'i', 'toString'), weight: 1 },
    { arbitrary: fc.string({ maxLength: 6 }), weight: 1 },
  ),
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    addressArb.map((address) => address.wire),
  ),
  { maxKeys: 8 },
);

/** A valid case with one field replaced by an arbitrary JSON value. */
const mutatedValidArb = fc
  .tuple(validCaseArb, fc.constantFrom(...WIRE_NAMES, 'unexpected'), fc.jsonValue({ maxDepth: 3 }))
  .map(([valid, key, value]) => {
    const wire = structuredClone(valid.wire);
    setOwn(wire, key, value);
    return wire;
  });

const jsonInputArb = fc.oneof(fc.jsonValue(), nearValidArb, mutatedValidArb);

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

// ---------------------------------------------------------------------------------------------
// TC-9 Binder
// ---------------------------------------------------------------------------------------------

/** A valid case with one field replaced by any value at all (often bound: a null, a right-typed value). */
const validWithAnythingArb = fc
  .tuple(validCaseArb, fc.constantFrom(...WIRE_NAMES), anythingArb)
  .map(([valid, key, value]) => {
    const wire = structuredClone(valid.wire);
    setOwn(wire, key, value);
    return wire;
  });

/** Inputs that bind, so that the "instance" half of each never-throws property runs every time. */
const BINDING_EXAMPLES: [unknown][] = [
  [{ customer_name: 'Ada' }],
  [{ customer_name: 'Ada', address: { city: 'Oslo' }, items: [{ sku: 'A' }], tags: ['x'], status: 'open' }],
];

describe('bindInput properties', () => {
  it('TC-9: never throws for arbitrary JSON; returns an instance or violations that end in the GV-2 closing words', () => {
    const outcomes: Outcomes = { bound: 0, refused: 0 };
    fc.assert(
      fc.property(jsonInputArb, (input) => {
        const before = structuredClone(input);
        const result = bindWithoutThrowing(input);
        countOutcome(outcomes, result);
        expectWellFormed(result);
        expect(input).toEqual(before);
      }),
      { ...RUNS, examples: BINDING_EXAMPLES },
    );
    // Both halves of the contract were checked, not only the refusals.
    expect(outcomes.bound).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('TC-9: never throws for fc.anything(); returns an instance or violations that end in the GV-2 closing words', () => {
    const outcomes: Outcomes = { bound: 0, refused: 0 };
    fc.assert(
      fc.property(
        fc.oneof(anythingArb, fc.dictionary(fc.constantFrom(...WIRE_NAMES), anythingArb), validWithAnythingArb),
        (input) => {
          const result = bindWithoutThrowing(input);
          countOutcome(outcomes, result);
          expectWellFormed(result);
        },
      ),
      { ...RUNS, examples: BINDING_EXAMPLES },
    );
    expect(outcomes.bound).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('TC-9: a conforming input binds to instances whose fields equal the input, wire names mapped to properties', () => {
    fc.assert(
      fc.property(validCaseArb, ({ wire, expected }) => {
        const result = bindWithoutThrowing(wire);
        if (!result.ok) return expect.fail(`binding failed: ${result.violations.map((v) => v.message).join(' | ')}`);
        const { value } = result;
        expectBoundAs(value, expected);
        // Wire names never leak onto the instance.
        for (const name of ['customer_name', '-i', 'zip_code', 'qty']) {
          expect(Object.hasOwn(value, name)).toBe(false);
          if (value.address !== undefined) expect(Object.hasOwn(value.address, name)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it("TC-9: binding never changes the caller's object, and the instance shares no containers with it", () => {
    fc.assert(
      fc.property(validCaseArb, ({ wire }) => {
        const before = structuredClone(wire);
        const result = bindWithoutThrowing(wire);
        expect(wire).toEqual(before);
        expect(Object.isFrozen(wire)).toBe(false);
        if (!result.ok) return expect.fail('binding failed');
        const { value } = result;
        if (value.tags !== undefined) expect(value.tags).not.toBe(wire.tags);
        if (value.items !== undefined) expect(value.items).not.toBe(wire.items);
        // Changing the bound instance leaves the caller's object as it was.
        value.tags?.push('added');
        value.items?.push(Object.assign(new PropLineItem(), { sku: 'added', quantity: 1 }));
        if (value.address !== undefined) value.address.city = 'changed';
        expect(wire).toEqual(before);
      }),
      RUNS,
    );
  });

  it('TC-9: binding a ToolInput gives the same result as binding the plain object', () => {
    // Conforming inputs: both ways bind to what the input means (an oracle, not one way checked by the other).
    fc.assert(
      fc.property(validCaseArb, ({ wire, expected }) => {
        for (const result of [bindWithoutThrowing(wire), bindWithoutThrowing(ToolInput.of(wire))]) {
          if (!result.ok) return expect.fail(`binding failed: ${result.violations.map((v) => v.message).join(' | ')}`);
          expectBoundAs(result.value, expected);
        }
      }),
      RUNS,
    );
    // Near-valid inputs: the same outcome and the same violations, whichever way the input arrives.
    const outcomes: Outcomes = { bound: 0, refused: 0 };
    fc.assert(
      fc.property(nearValidArb, (wire) => {
        const direct = bindWithoutThrowing(wire);
        const viaToolInput = bindWithoutThrowing(ToolInput.of(wire));
        countOutcome(outcomes, direct);
        expect(viaToolInput.ok).toBe(direct.ok);
        if (direct.ok && viaToolInput.ok) expect({ ...viaToolInput.value }).toEqual({ ...direct.value });
        if (!direct.ok && !viaToolInput.ok) expect(viaToolInput.violations).toEqual(direct.violations);
      }),
      { ...RUNS, examples: BINDING_EXAMPLES as [Record<string, unknown>][] },
    );
    expect(outcomes.bound).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('TC-9: __proto__ and constructor keys in the input never change Object.prototype or the class prototypes', () => {
    const payload = fc.oneof(
      fc.constant('{"polluted":"yes"}'),
      fc.constant('{"prototype":{"polluted":"yes"}}'),
      fc.constant('{"city":"x","polluted":"yes"}'),
      fc.constant('{"sku":"x","qty":2}'),
      fc.constant('null'),
      fc.constant('[]'),
    );
    const hostileText = fc
      .tuple(
        fc.constantFrom('__proto__', 'constructor'),
        payload,
        fc.constantFrom('top', 'address', 'item'),
        validCaseArb,
      )
      .map(([key, inner, where, valid]) => {
        // The rest of a valid input, without the field the hostile key goes into (JSON keeps the last duplicate).
        const rest = { ...valid.wire };
        if (where === 'address') delete rest.address;
        if (where === 'item') delete rest.items;
        const base = JSON.stringify(rest);
        const hostile = `${JSON.stringify(key)}:${inner}`;
        const path = where === 'top' ? key : where === 'address' ? `address.${key}` : `items[0].${key}`;
        let text: string;
        if (where === 'top') text = `{${hostile},${base.slice(1)}`;
        else if (where === 'address') text = `{"address":{"city":"c",${hostile}},${base.slice(1)}`;
        else text = `{"items":[{"sku":"s",${hostile}}],${base.slice(1)}`;
        return { text, path, isNull: inner === 'null' };
      });
    fc.assert(
      fc.property(hostileText, ({ text, path, isNull }) => {
        const before = snapshotPrototypes();
        const input: unknown = JSON.parse(text);
        const result = bindWithoutThrowing(input);
        expectPrototypesUnchanged(before);
        expectWellFormed(result);
        if (isNull) {
          // A null entry is absence (TC-1), so the key is not an unknown parameter: the rest is valid.
          expect(result.ok).toBe(true);
        } else {
          // Every object says additionalProperties: false, so the key is reported, never bound.
          expect(messagesOf(result)).toContain(`Unknown parameter '${path}'. ${NOT_EXECUTED}`);
        }
      }),
      RUNS,
    );
  });

  it('TC-9: a value nested 10,000 levels deep is refused with ok: false, never a crash', () => {
    const shapes: ((inner: unknown) => unknown)[] = [
      (inner) => ({ a: inner }),
      (inner) => [inner],
      (inner) => ({ list: [inner] }),
    ];
    for (const wrap of shapes) {
      const deep = deeplyNested(10_000, wrap);
      for (const input of [deep, { customer_name: 'x', address: deep }, { customer_name: 'x', items: [deep] }]) {
        const result = bindWithoutThrowing(input);
        expect(result.ok).toBe(false);
        expectWellFormed(result);
      }
    }
    const text = `{"customer_name":"x","address":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    const result = bindWithoutThrowing(JSON.parse(text));
    expect(result.ok).toBe(false);
    expectWellFormed(result);
  });
});

// ---------------------------------------------------------------------------------------------
// GV-2 Messages (as the binder reports them)
// ---------------------------------------------------------------------------------------------

describe('bindInput violation messages', () => {
  it('GV-2: a missing or null required field is reported as "is required (string)"', () => {
    fc.assert(
      fc.property(validCaseArb, fc.boolean(), ({ wire }, asNull) => {
        const input = structuredClone(wire);
        delete input.customer_name;
        if (asNull) input.customer_name = null;
        expect(messagesOf(bindWithoutThrowing(input))).toEqual([
          `Parameter 'customer_name' is required (string). ${NOT_EXECUTED}`,
        ]);
      }),
      RUNS,
    );
  });

  it('GV-2: every fault is reported at once, one sentence each, with the path for nested fields', () => {
    const stringOutsideEnum = fc
      .string({ maxLength: 64 })
      .filter((value) => !(STATUSES as readonly string[]).includes(value));
    const notInteger = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value)),
      fc.string({ maxLength: 4 }),
      fc.boolean(),
    );
    const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant([]), fc.constant({}));
    fc.assert(
      fc.property(
        validCaseArb,
        fc.record(
          {
            status: stringOutsideEnum,
            limit: notInteger,
            city: notString,
            sku: notString,
            qty: notInteger,
            ignoreCase: fc.oneof(fc.integer(), fc.string({ maxLength: 4 })),
          },
          { requiredKeys: [] },
        ),
        ({ wire }, faults) => {
          const input = structuredClone(wire);
          const expected: string[] = [];
          if ('status' in faults) {
            input.status = faults.status;
            expected.push(`Parameter 'status' must be one of [open, shipped, cancelled], but was '${faults.status}'.`);
          }
          if ('limit' in faults) {
            input.limit = faults.limit;
            expected.push(`Parameter 'limit' must be an integer.`);
          }
          if ('ignoreCase' in faults) {
            input['-i'] = faults.ignoreCase;
            expected.push(`Parameter '-i' must be a boolean.`);
          }
          if ('city' in faults) {
            input.address = { city: faults.city };
            expected.push(`Parameter 'address.city' must be a string.`);
          }
          if ('sku' in faults || 'qty' in faults) {
            const item: Record<string, unknown> = { sku: 'ok' };
            if ('sku' in faults) {
              item.sku = faults.sku;
              expected.push(`Parameter 'items[1].sku' must be a string.`);
            }
            if ('qty' in faults) {
              item.qty = faults.qty;
              expected.push(`Parameter 'items[1].qty' must be an integer.`);
            }
            input.items = [{ sku: 'first' }, item];
          }
          const result = bindWithoutThrowing(input);
          if (expected.length === 0) {
            expect(result.ok).toBe(true);
            return;
          }
          expect([...messagesOf(result)].sort()).toEqual(expected.map((line) => `${line} ${NOT_EXECUTED}`).sort());
        },
      ),
      RUNS,
    );
  });

  it('GV-2: an unknown parameter far from every name is reported without a suggestion', () => {
    const unknownName = fc.stringMatching(/^zz[a-z]{8,12}$/);
    fc.assert(
      fc.property(validCaseArb, unknownName, ({ wire }, name) => {
        const input = structuredClone(wire);
        input[name] = 1;
        expect(messagesOf(bindWithoutThrowing(input))).toEqual([`Unknown parameter '${name}'. ${NOT_EXECUTED}`]);
      }),
      RUNS,
    );
  });

  it('GV-2: a typo of a missing required parameter is reported once, as the did-you-mean line', () => {
    fc.assert(
      fc.property(
        validCaseArb,
        fc.constantFrom('customer_nme', 'custmer_name', 'customer_naem', 'Customer_Name'),
        ({ wire }, typo) => {
          const input = structuredClone(wire);
          const name = input.customer_name;
          delete input.customer_name;
          input[typo] = name;
          expect(messagesOf(bindWithoutThrowing(input))).toEqual([
            `Unknown parameter '${typo}'. Did you mean 'customer_name'? ${NOT_EXECUTED}`,
          ]);
        },
      ),
      RUNS,
    );
  });
});
