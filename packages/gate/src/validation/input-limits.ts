import type { JsonArray, JsonObject, JsonValue, ToolInput } from '@toolwright/core';
import { measureToolInput } from '@toolwright/core/internal';

/** Arguments larger than this (as JSON text, in UTF-8 bytes) are refused before validation (SPEC GV-5). */
export const MAX_ARGUMENT_BYTES = 1_048_576;

/** Arguments nested deeper than this are refused before validation (SPEC GV-5). */
export const MAX_ARGUMENT_DEPTH = 64;

/**
 * Why a call's arguments are refused before validation, or `undefined` when they are within the
 * limits. Recursion goes no deeper than the depth cap; deeper nesting is measured without it, so
 * hostile nesting cannot overflow the stack here.
 */
export function checkInputLimits(arguments_: JsonValue): string | undefined {
  // Most arguments are shallow and small: one recursive pass (at most MAX_ARGUMENT_DEPTH calls
  // deep) settles them; the rest are measured without recursion below.
  const bound = boundWithinDepth(arguments_, 0);
  if (bound >= 0 && bound <= MAX_ARGUMENT_BYTES) return undefined;
  const { depth, maxBytes } = measureArguments(arguments_);
  if (depth > MAX_ARGUMENT_DEPTH) {
    return `The arguments are nested ${depth} levels deep; at most ${MAX_ARGUMENT_DEPTH} are accepted. The tool was not executed.`;
  }
  // The exact size is computed only when the cheap upper bound does not already settle it.
  if (maxBytes <= MAX_ARGUMENT_BYTES) return undefined;
  const bytes = Buffer.byteLength(JSON.stringify(arguments_), 'utf8');
  if (bytes > MAX_ARGUMENT_BYTES) {
    return `The arguments are ${bytes} bytes of JSON; at most ${MAX_ARGUMENT_BYTES} are accepted. The tool was not executed.`;
  }
  return undefined;
}

/**
 * {@link checkInputLimits} for a call's input. Core measured the arguments when it made the input
 * (the same depth and the same size bound as here, counted in the walk that copied them), so
 * arguments within both caps are settled without another walk; the others are measured here.
 */
export function checkToolInputLimits(input: ToolInput): string | undefined {
  const measure = measureToolInput(input);
  if (measure !== undefined && measure.depth <= MAX_ARGUMENT_DEPTH && measure.maxBytes <= MAX_ARGUMENT_BYTES) {
    return undefined;
  }
  return checkInputLimits(input.toJSON());
}

/**
 * The same upper bound of the JSON text's size as {@link measureArguments} for a value that is
 * not nested deeper than MAX_ARGUMENT_DEPTH, else -1 (`level` is the depth of the containers
 * around it). Primitives are counted where they are found; an object's own keys and values are
 * read as two lists (`Object.keys`, `Object.values`: the same keys, in the same order, as a
 * `for…in` with an own-key check, and much faster than reading each value by its key).
 */
function boundWithinDepth(value: JsonValue, level: number): number {
  const primitive = primitiveBound(value);
  if (primitive >= 0) return primitive;
  if (level >= MAX_ARGUMENT_DEPTH) return -1;
  let bytes = 2;
  // Two loops, not one over either list: V8 stores a call's frozen arrays and a fresh value list differently.
  if (Array.isArray(value)) {
    bytes += value.length;
    for (let index = 0; index < value.length; index++) {
      const item = value[index] as JsonValue;
      const itemBytes = primitiveBound(item);
      const nested = itemBytes >= 0 ? itemBytes : boundWithinDepth(item, level + 1);
      if (nested < 0) return -1;
      bytes += nested;
    }
    return bytes;
  }
  // Not a primitive, not an array: an object.
  const keys = Object.keys(value as JsonObject);
  const values = Object.values(value as JsonObject);
  for (let index = 0; index < keys.length; index++) {
    const item = values[index]!;
    bytes += 4 + 6 * keys[index]!.length;
    const itemBytes = primitiveBound(item);
    const nested = itemBytes >= 0 ? itemBytes : boundWithinDepth(item, level + 1);
    if (nested < 0) return -1;
    bytes += nested;
  }
  return bytes;
}

/**
 * The upper bound of a primitive's JSON text in UTF-8 bytes (a string character never takes more
 * than 6 bytes, escaped; a number at most 25), or -1 for an array or an object.
 */
function primitiveBound(value: JsonValue): number {
  if (typeof value === 'string') return 2 + 6 * value.length;
  if (typeof value !== 'object' || value === null) return 25;
  return -1;
}

/** The nesting depth of a JSON value: a primitive is 0, `{}` and `[]` are 1. */
export function measureDepth(value: JsonValue): number {
  return measureArguments(value).depth;
}

/**
 * One pass, without recursion: the nesting depth, and an upper bound of the JSON text's size in
 * UTF-8 bytes (a string character never takes more than 6 bytes, escaped; a number at most 25).
 */
function measureArguments(value: JsonValue): { depth: number; maxBytes: number } {
  let deepest = 0;
  let maxBytes = 0;
  // Two parallel stacks, of containers only: primitives are counted where they are found.
  const nodes: JsonValue[] = [value];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop() as JsonValue;
    const depth = depths.pop() as number;
    const primitive = primitiveBound(node);
    if (primitive >= 0) {
      maxBytes += primitive;
      continue;
    }
    const container = node as JsonArray | JsonObject;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    maxBytes += 2;
    if (Array.isArray(container)) {
      maxBytes += container.length;
      for (let index = 0; index < container.length; index++) {
        const child = container[index] as JsonValue;
        const childBytes = primitiveBound(child);
        if (childBytes >= 0) maxBytes += childBytes;
        else {
          nodes.push(child);
          depths.push(level);
        }
      }
    } else {
      // `for…in` with an own-key check: the same keys as Object.keys, in the same order, without a list.
      for (const key in container) {
        if (!Object.hasOwn(container, key)) continue;
        maxBytes += 4 + 6 * key.length;
        const child = (container as JsonObject)[key] as JsonValue;
        const childBytes = primitiveBound(child);
        if (childBytes >= 0) maxBytes += childBytes;
        else {
          nodes.push(child);
          depths.push(level);
        }
      }
    }
  }
  return { depth: deepest, maxBytes };
}
