import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { measureToolInput, ToolInput } from './tool-input.js';

function failure(action: () => unknown): ToolwrightError<string> {
  try {
    action();
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ToolwrightError');
}

describe('ToolInput', () => {
  it('TC-1: drops null entries at every object level, keeps nulls at array positions', () => {
    const input = ToolInput.of({ a: null, b: 1, c: { d: null, e: [1, null, { f: null, g: 2 }] } });
    expect(input.toJSON()).toEqual({ b: 1, c: { e: [1, null, { g: 2 }] } });
    expect(input.keys()).toEqual(['b', 'c']);
  });

  it('TC-1: the three accessor families agree on a null key and an absent key', () => {
    const input = ToolInput.of({ sent_null: null });
    for (const key of ['sent_null', 'never_sent']) {
      expect(input.has(key)).toBe(false);
      expect(input.get(key)).toBeUndefined();
      expect(input.findString(key)).toBeUndefined();
      expect(input.getString(key, 'fallback')).toBe('fallback');
      expect(failure(() => input.requireString(key)).message).toBe(
        `Parameter '${key}' is required (string). The tool was not executed.`,
      );
    }
  });

  it('TC-1: each typed family reads its type and refuses another in the GV-2 sentence', () => {
    const input = ToolInput.of({ s: 'x', n: 1.5, i: 3, b: true, a: [1], o: { k: 'v' } });
    expect(input.requireString('s')).toBe('x');
    expect(input.requireNumber('n')).toBe(1.5);
    expect(input.requireNumber('i')).toBe(3);
    expect(input.requireInteger('i')).toBe(3);
    expect(input.requireBoolean('b')).toBe(true);
    expect(input.requireArray('a')).toEqual([1]);
    expect(input.requireObject('o')).toEqual({ k: 'v' });
    expect(input.getInteger('missing', 7)).toBe(7);
    expect(input.findBoolean('missing')).toBeUndefined();
    expect(failure(() => input.getInteger('n', 0)).message).toBe(
      "Parameter 'n' must be an integer. The tool was not executed.",
    );
    expect(failure(() => input.findString('b')).message).toBe(
      "Parameter 'b' must be a string. The tool was not executed.",
    );
    const notAnObject = failure(() => input.requireObject('a'));
    expect(notAnObject.code).toBe('INVALID_INPUT');
    expect(notAnObject.message).toBe("Parameter 'a' must be an object. The tool was not executed.");
    expect(failure(() => input.getArray('o', [])).message).toBe(
      "Parameter 'o' must be an array. The tool was not executed.",
    );
  });

  it('TC-1: is immutable and never shares structure with its source', () => {
    const source = { list: [1, 2], nested: { value: 'a' } };
    const input = ToolInput.of(source);
    source.list.push(3);
    source.nested.value = 'b';
    expect(input.toJSON()).toEqual({ list: [1, 2], nested: { value: 'a' } });
    expect(Object.isFrozen(input.toJSON())).toBe(true);
    expect(Object.isFrozen(input.requireArray('list'))).toBe(true);
    expect(Object.isFrozen(input)).toBe(true);
  });

  it('TC-1: __proto__ and constructor are plain data, never prototype changes', () => {
    const input = ToolInput.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
    expect(input.keys()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(input.toJSON())).toBe(Object.prototype);
    expect(input.requireObject('__proto__')).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('TC-1: refuses what JSON cannot carry, naming where', () => {
    expect(failure(() => ToolInput.of([1])).message).toBe('Tool input must be a JSON object, but was an array.');
    expect(failure(() => ToolInput.of('x')).message).toBe('Tool input must be a JSON object, but was a string.');
    expect(failure(() => ToolInput.of(new Map())).message).toBe(
      'Tool input must be a JSON object, but was an instance of Map.',
    );
    expect(failure(() => ToolInput.of({ a: { b: Number.NaN } })).message).toBe(
      "Tool input at 'a.b' is NaN, which JSON cannot carry.",
    );
    expect(failure(() => ToolInput.of({ f: () => 1 })).message).toBe(
      "Tool input at 'f' is function, which JSON cannot carry.",
    );
    expect(failure(() => ToolInput.parse('{"a":')).message).toMatch(/^Tool input is not valid JSON: /);
  });

  it('GV-2: a name that would read ambiguously is written in brackets, never as the whole input', () => {
    const input = ToolInput.of({ '': null, 'a.b': 1, 'line\nbreak': 1 });
    expect(failure(() => input.requireString('')).message).toBe(
      'Parameter \'[""]\' is required (string). The tool was not executed.',
    );
    expect(failure(() => input.requireString('a.b')).message).toBe(
      'Parameter \'["a.b"]\' must be a string. The tool was not executed.',
    );
    expect(failure(() => input.requireString('line\nbreak')).message).toBe(
      'Parameter \'["line\\nbreak"]\' must be a string. The tool was not executed.',
    );
  });

  it('TC-1: refuses a cycle instead of looping', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(failure(() => ToolInput.of(cyclic)).message).toBe(
      'Tool input is nested deeper than 512 levels (or contains a cycle).',
    );
  });

  it('TC-1: undefined is absence like null; in arrays it becomes null, as in JSON', () => {
    expect(ToolInput.of({ a: undefined, b: [undefined] }).toJSON()).toEqual({ b: [null] });
  });

  it('TC-1: of() returns a ToolInput unchanged; isInstance recognises it', () => {
    const input = ToolInput.of({ a: 1 });
    expect(ToolInput.of(input)).toBe(input);
    expect(ToolInput.isInstance(input)).toBe(true);
    expect(ToolInput.isInstance({ a: 1 })).toBe(false);
    expect(ToolInput.EMPTY.keys()).toEqual([]);
  });

  it('GV-5: measures the copied arguments for the caps: container depth and a bound of their JSON size', () => {
    // {} 2; "a" 10 + "xy" 14; "b" 10 + [,,] 5 + 1 25 + null 25 + "é" 8; "c" 10 + {} 2; "d" 10 + true 25.
    const input = ToolInput.of({ a: 'xy', b: [1, null, 'é'], c: { d: true }, dropped: null });
    expect(measureToolInput(input)).toEqual({ depth: 2, maxBytes: 146 });
    expect(measureToolInput(ToolInput.EMPTY)).toEqual({ depth: 1, maxBytes: 2 });
    expect(measureToolInput(ToolInput.of({ list: [[[]]] }))).toEqual({ depth: 4, maxBytes: 2 + 28 + 3 + 3 + 2 });
  });

  it('GV-5: the measured size is never below the JSON text in UTF-8 bytes, and the depth is exact', () => {
    const depthOf = (value: unknown): number =>
      typeof value === 'object' && value !== null
        ? 1 + Math.max(0, ...Object.values(value).map((item: unknown) => depthOf(item)))
        : 0;
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 5 })), (value) => {
        const input = ToolInput.of(value);
        const measure = measureToolInput(input)!;
        expect(measure.depth).toBe(depthOf(input.toJSON()));
        expect(measure.maxBytes).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(input.toJSON()), 'utf8'));
      }),
      { numRuns: 300 },
    );
  });
});
