import { describe, expect, it } from 'vitest';
import { Nested } from '../decorators/nested.js';
import { ToolParam } from '../decorators/tool-param.js';
import { Type } from '../index.js';
import { ToolInput } from '../input/tool-input.js';
import { bindInput, type BindResult } from './bind-input.js';

class Address {
  @ToolParam({ description: 'City', schema: Type.String() })
  city!: string;

  @ToolParam({ name: 'postal_code', description: 'Postal code', schema: Type.String(), optional: true })
  postalCode?: string;
}

class LineItem {
  @ToolParam({ description: 'Stock keeping unit', schema: Type.String() })
  sku!: string;

  @ToolParam({ name: 'min_quantity', description: 'At least', schema: Type.Integer({ minimum: 1 }), default: 1 })
  minQuantity!: number;
}

class OrderInput {
  @ToolParam({ name: 'file_path', description: 'Where the order is stored', schema: Type.String() })
  filePath!: string;

  @ToolParam({ name: '-i', description: 'Ignore case', schema: Type.Boolean(), default: false })
  ignoreCase!: boolean;

  @ToolParam({ description: 'State', enum: ['open', 'closed'], optional: true })
  state?: 'open' | 'closed';

  @ToolParam({ description: 'Ship to', schema: Nested(() => Address), optional: true })
  address?: Address;

  @ToolParam({ description: 'Products', schema: Type.Array(Nested(() => LineItem)), optional: true })
  items?: LineItem[];

  @ToolParam({ description: 'Limit', schema: Type.Integer({ minimum: 1, maximum: 50 }), default: 10 })
  limit!: number;

  @ToolParam({ description: 'Tags', schema: Type.Array(Type.String()), default: ['new'] })
  tags!: string[];

  @ToolParam({ description: 'Labels', schema: Type.Record(Type.String(), Type.String()), optional: true })
  labels?: Record<string, string>;
}

function messages(result: BindResult<unknown>): string[] {
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.violations.map((violation) => violation.message);
}

function value<Input>(result: BindResult<Input>): Input {
  if (!result.ok)
    throw new Error(`expected a bound value, got: ${result.violations.map((v) => v.message).join(' | ')}`);
  return result.value;
}

describe('bindInput', () => {
  it('TC-9: returns a real instance with nested instances, wire names mapped to properties', () => {
    const bound = value(
      bindInput(OrderInput, {
        file_path: '/orders/1.json',
        '-i': true,
        state: 'open',
        address: { city: 'Oslo', postal_code: '0150' },
        items: [{ sku: 'A', min_quantity: 2 }, { sku: 'B' }],
      }),
    );
    expect(bound).toBeInstanceOf(OrderInput);
    expect(bound.address).toBeInstanceOf(Address);
    expect(bound.items?.[0]).toBeInstanceOf(LineItem);
    expect(bound.items?.[1]).toBeInstanceOf(LineItem);
    expect({ ...bound, address: { ...bound.address }, items: bound.items?.map((item) => ({ ...item })) }).toEqual({
      filePath: '/orders/1.json',
      ignoreCase: true,
      state: 'open',
      address: { city: 'Oslo', postalCode: '0150' },
      items: [
        { sku: 'A', minQuantity: 2 },
        { sku: 'B', minQuantity: 1 },
      ],
      limit: 10,
      tags: ['new'],
    });
  });

  it('TC-9: reports all violations at once, in the GV-2 sentences, with nested paths', () => {
    expect(
      messages(
        bindInput(OrderInput, {
          file_path: 7,
          state: 'lost',
          address: { town: 'Oslo' },
          items: [{ sku: 'A' }, { min_quantity: 'two' }],
          extra: true,
        }),
      ),
    ).toEqual([
      "Unknown parameter 'extra'. The tool was not executed.",
      "Parameter 'file_path' must be a string. The tool was not executed.",
      "Parameter 'state' must be one of [open, closed], but was 'lost'. The tool was not executed.",
      "Parameter 'address.city' is required (string). The tool was not executed.",
      "Unknown parameter 'address.town'. The tool was not executed.",
      "Parameter 'items[1].sku' is required (string). The tool was not executed.",
      "Parameter 'items[1].min_quantity' must be an integer. The tool was not executed.",
    ]);
  });

  it('TC-9: a typo is reported once, as the did-you-mean line, not as missing plus unknown', () => {
    expect(messages(bindInput(OrderInput, { file_paht: '/a' }))).toEqual([
      "Unknown parameter 'file_paht'. Did you mean 'file_path'? The tool was not executed.",
    ]);
  });

  it('TC-9: a nested typo names the nested path in both places', () => {
    expect(messages(bindInput(OrderInput, { file_path: '/a', address: { ctiy: 'Oslo' } }))).toEqual([
      "Unknown parameter 'address.ctiy'. Did you mean 'address.city'? The tool was not executed.",
    ]);
  });

  it('TC-9: suggests an optional parameter too, but never one the call already has', () => {
    expect(messages(bindInput(OrderInput, { file_path: '/a', stat: 'open' }))).toEqual([
      "Unknown parameter 'stat'. Did you mean 'state'? The tool was not executed.",
    ]);
    expect(messages(bindInput(OrderInput, { file_path: '/a', file_paht: '/b' }))).toEqual([
      "Unknown parameter 'file_paht'. The tool was not executed.",
    ]);
  });

  it('TC-9: an enum value of the wrong type gets the enum line only', () => {
    expect(messages(bindInput(OrderInput, { file_path: '/a', state: 5 }))).toEqual([
      "Parameter 'state' must be one of [open, closed], but was 5. The tool was not executed.",
    ]);
  });

  it('TC-1/TC-9: nulls are absence at every object level', () => {
    const bound = value(
      bindInput(OrderInput, {
        file_path: '/a',
        state: null,
        '-i': null,
        address: { city: 'Oslo', postal_code: null },
        items: [{ sku: 'A', min_quantity: null }],
      }),
    );
    expect(bound.state).toBeUndefined();
    expect(bound.ignoreCase).toBe(false);
    expect(bound.address?.postalCode).toBeUndefined();
    expect(bound.items?.[0]?.minQuantity).toBe(1);
    expect(messages(bindInput(OrderInput, { file_path: null }))).toEqual([
      "Parameter 'file_path' is required (string). The tool was not executed.",
    ]);
  });

  it('TC-9: applies defaults after validation, as fresh copies, without changing the caller object', () => {
    const call = Object.freeze({ file_path: '/a', items: Object.freeze([Object.freeze({ sku: 'A' })]) });
    const snapshot = structuredClone(call);
    const first = value(bindInput(OrderInput, call));
    first.tags.push('mutated');
    const firstItem = first.items?.[0];
    if (firstItem !== undefined) firstItem.sku = 'changed';
    const second = value(bindInput(OrderInput, call));
    expect(second.tags).toEqual(['new']);
    expect(second.items?.[0]?.sku).toBe('A');
    expect(call).toEqual(snapshot);
  });

  it('TC-9: accepts a ToolInput as well as a plain object', () => {
    const bound = value(bindInput(OrderInput, ToolInput.of({ file_path: '/a', tags: ['x'] })));
    expect(bound.tags).toEqual(['x']);
    bound.tags.push('y');
    expect(bound.tags).toEqual(['x', 'y']);
  });

  it('TC-1/TC-9: __proto__ and constructor keys cannot pollute prototypes', () => {
    const hostile = JSON.parse(
      '{"file_path":"/a","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"labels":{"__proto__":"x","constructor":"y"}}',
    ) as unknown;
    expect(messages(bindInput(OrderInput, hostile))).toEqual([
      "Unknown parameter '__proto__'. The tool was not executed.",
      "Unknown parameter 'constructor'. The tool was not executed.",
    ]);
    const labelled = value(
      bindInput(OrderInput, JSON.parse('{"file_path":"/a","labels":{"__proto__":"x"}}') as unknown),
    );
    expect(Object.getPrototypeOf(labelled.labels)).toBe(Object.prototype);
    expect(Object.hasOwn(labelled.labels ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((OrderInput.prototype as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("TC-9: a field is bound only from the call's own keys, whatever Object.prototype holds under its name", () => {
    const prototype = Object.prototype as unknown as Record<string, unknown>;
    prototype.state = 'open';
    prototype.limit = 3;
    try {
      const absent = value(bindInput(OrderInput, { file_path: '/a' }));
      expect(absent.state).toBeUndefined();
      expect(absent.limit).toBe(10);
      const same = value(bindInput(OrderInput, ToolInput.of({ file_path: '/a', state: 'open', limit: 3 })));
      expect(same.state).toBe('open');
      expect(same.limit).toBe(3);
    } finally {
      delete prototype.state;
      delete prototype.limit;
    }
  });

  it('GV-3: range keywords are advice (the tool clamps); shape is enforced', () => {
    expect(value(bindInput(OrderInput, { file_path: '/a', limit: 999 })).limit).toBe(999);
    expect(messages(bindInput(OrderInput, { file_path: '/a', limit: 2.5 }))).toEqual([
      "Parameter 'limit' must be an integer. The tool was not executed.",
    ]);
  });

  it('SC-3: patterns run on the linear-time engine ((a+)+$ on a long input answers at once)', () => {
    class Patterned {
      @ToolParam({ description: 'Code', schema: Type.String({ pattern: '^(a+)+$' }) })
      code!: string;
    }
    expect(messages(bindInput(Patterned, { code: `${'a'.repeat(40)}!` }))).toEqual([
      "Parameter 'code' must match the pattern ^(a+)+$. The tool was not executed.",
    ]);
    expect(value(bindInput(Patterned, { code: 'aaaa' })).code).toBe('aaaa');
  });

  it('GV-2: unions of types and of literals read as type and enum lines', () => {
    class Unions {
      @ToolParam({ description: 'Id', schema: Type.Union([Type.String(), Type.Integer()]) })
      id!: string | number;

      @ToolParam({ description: 'Size', schema: Type.Union([Type.Literal('s'), Type.Literal('m')]) })
      size!: 's' | 'm';
    }
    expect(messages(bindInput(Unions, { id: true, size: 'xl' }))).toEqual([
      "Parameter 'id' must be a string or an integer. The tool was not executed.",
      "Parameter 'size' must be one of [s, m], but was 'xl'. The tool was not executed.",
    ]);
  });

  it('GV-2: names the expected type of every kind of parameter', () => {
    class Kinds {
      @ToolParam({ description: 'Flag', schema: Type.Boolean() })
      flag!: boolean;

      @ToolParam({ description: 'Ratio', schema: Type.Number() })
      ratio!: number;

      @ToolParam({ description: 'List', schema: Type.Array(Type.String()) })
      list!: string[];

      @ToolParam({ description: 'Point', schema: Nested(() => Address) })
      point!: Address;
    }
    expect(messages(bindInput(Kinds, { flag: 'yes', ratio: '1', list: 'a', point: [] }))).toEqual([
      "Parameter 'flag' must be a boolean. The tool was not executed.",
      "Parameter 'ratio' must be a number. The tool was not executed.",
      "Parameter 'list' must be an array. The tool was not executed.",
      "Parameter 'point' must be an object. The tool was not executed.",
    ]);
    expect(messages(bindInput(Kinds, {}))).toEqual([
      "Parameter 'flag' is required (boolean). The tool was not executed.",
      "Parameter 'ratio' is required (number). The tool was not executed.",
      "Parameter 'list' is required (array). The tool was not executed.",
      "Parameter 'point' is required (object). The tool was not executed.",
    ]);
  });

  it('TC-9: input that is not an object is one violation, never an exception', () => {
    for (const input of [[1], 'text', 3, true, undefined]) {
      expect(messages(bindInput(OrderInput, input))).toEqual([
        'The input must be an object. The tool was not executed.',
      ]);
    }
    expect(messages(bindInput(OrderInput, { file_path: '/a', when: new Date(0) }))).toEqual([
      "Tool input at 'when' is an instance of Date, which JSON cannot carry. The tool was not executed.",
    ]);
  });

  it('GV-2: an unknown key that would read ambiguously is written in brackets', () => {
    expect(
      messages(bindInput(OrderInput, { file_path: '/a', address: { city: 'Oslo', 'zip.code': '1' }, '': 1 })),
    ).toEqual([
      'Unknown parameter \'[""]\'. The tool was not executed.',
      'Unknown parameter \'address["zip.code"]\'. The tool was not executed.',
    ]);
  });

  it('TC-9: binds recursive classes to any depth the input has', () => {
    class TreeNode {
      @ToolParam({ description: 'Label', schema: Type.String() })
      label!: string;

      @ToolParam({ description: 'Children', schema: Type.Array(Nested(() => TreeNode)), optional: true })
      children?: TreeNode[];
    }
    const bound = value(bindInput(TreeNode, { label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }] }));
    expect(bound.children?.[0]?.children?.[0]).toBeInstanceOf(TreeNode);
    expect(bound.children?.[0]?.children?.[0]?.label).toBe('c');
    expect(messages(bindInput(TreeNode, { label: 'a', children: [{ children: [{ label: 1 }] }] }))).toEqual([
      "Parameter 'children[0].label' is required (string). The tool was not executed.",
      "Parameter 'children[0].children[0].label' must be a string. The tool was not executed.",
    ]);
  });
});
