// The argument limits take a fast pass for arguments within the depth cap and fall back to a
// stack-based measurement past it; both must answer what the limits say, to the level and byte.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolInput, type JsonValue } from '@toolwright/core';
import {
  checkInputLimits,
  checkToolInputLimits,
  MAX_ARGUMENT_BYTES,
  MAX_ARGUMENT_DEPTH,
  measureDepth,
} from './input-limits.js';

function nested(levels: number, inner: JsonValue = 1): JsonValue {
  let value: JsonValue = inner;
  for (let level = 0; level < levels; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** What the limits say, computed plainly: the depth, then the exact UTF-8 size of the JSON text. */
function expected(value: JsonValue): string | undefined {
  const depth = measureDepth(value);
  if (depth > MAX_ARGUMENT_DEPTH)
    return `The arguments are nested ${depth} levels deep; at most ${MAX_ARGUMENT_DEPTH} are accepted. The tool was not executed.`;
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  return bytes > MAX_ARGUMENT_BYTES
    ? `The arguments are ${bytes} bytes of JSON; at most ${MAX_ARGUMENT_BYTES} are accepted. The tool was not executed.`
    : undefined;
}

describe('argument limits', () => {
  it('GV-5: 64 levels pass, 65 and 100,000 are refused with their depth', () => {
    expect(checkInputLimits(nested(MAX_ARGUMENT_DEPTH))).toBeUndefined();
    expect(checkInputLimits(nested(MAX_ARGUMENT_DEPTH + 1))).toBe(
      'The arguments are nested 65 levels deep; at most 64 are accepted. The tool was not executed.',
    );
    expect(checkInputLimits(nested(100_000))).toBe(
      'The arguments are nested 100000 levels deep; at most 64 are accepted. The tool was not executed.',
    );
  });

  it('GV-5: the size is the JSON text in UTF-8 bytes, refused one byte past the limit', () => {
    const atLimit = { text: 'x'.repeat(MAX_ARGUMENT_BYTES - '{"text":""}'.length) };
    expect(checkInputLimits(atLimit)).toBeUndefined();
    expect(checkInputLimits({ text: `${atLimit.text}x` })).toBe(
      `The arguments are ${MAX_ARGUMENT_BYTES + 1} bytes of JSON; at most ${MAX_ARGUMENT_BYTES} are accepted. The tool was not executed.`,
    );
    expect(checkInputLimits({ list: [atLimit.text.slice(0, 600_000), 'é'.repeat(300_000)] })).toBe(
      expected({
        list: [atLimit.text.slice(0, 600_000), 'é'.repeat(300_000)],
      }),
    );
  });

  it('GV-5: any JSON value gets the answer the plain measurement gives', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 70 }), (value, depth) => {
        const wrapped = nested(depth, value as JsonValue);
        expect(checkInputLimits(wrapped)).toBe(expected(wrapped));
      }),
      { numRuns: 300 },
    );
  });

  it('GV-5: a ToolInput, measured when core made it, gets the answer its arguments get', () => {
    const atLimit = { text: 'x'.repeat(MAX_ARGUMENT_BYTES - '{"text":""}'.length) };
    for (const value of [
      { a: nested(MAX_ARGUMENT_DEPTH - 1) },
      { a: nested(MAX_ARGUMENT_DEPTH) },
      atLimit,
      { text: `${atLimit.text}x` },
      { list: [atLimit.text.slice(0, 600_000), 'é'.repeat(300_000)] },
    ]) {
      const input = ToolInput.of(value);
      expect(checkToolInputLimits(input)).toBe(expected(input.toJSON()));
    }
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 70 }), (value, depth) => {
        const input = ToolInput.of({ value: nested(depth, value as JsonValue) });
        expect(checkToolInputLimits(input)).toBe(checkInputLimits(input.toJSON()));
      }),
      { numRuns: 300 },
    );
  });
});
