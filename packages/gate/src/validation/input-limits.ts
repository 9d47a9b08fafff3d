import type { JsonValue } from '@toolwright/core';

/** Arguments larger than this (as JSON text, in UTF-8 bytes) are refused before validation (SPEC GV-5). */
export const MAX_ARGUMENT_BYTES = 1_048_576;

/** Arguments nested deeper than this are refused before validation (SPEC GV-5). */
export const MAX_ARGUMENT_DEPTH = 64;

/**
 * Why a call's arguments are refused before validation, or `undefined` when they are within the
 * limits. Depth is measured without recursion, so hostile nesting cannot overflow the stack here.
 */
export function checkInputLimits(arguments_: JsonValue): string | undefined {
  // Most arguments are shallow and small: one recursive pass (at most MAX_ARGUMENT_DEPTH calls
  // deep) settles them without any list; the rest are measured without recursion below.
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
 * The same upper bound of the JSON text's size as {@link measureArguments}, or -1 as soon as the
 * value is nested deeper than MAX_ARGUMENT_DEPTH (`level` is the depth of the containers around it).
 */
function boundWithinDepth(value: JsonValue, level: number): number {
  if (typeof value === 'string') return 2 + 6 * value.length;
  if (typeof value !== 'object' || value === null) return 25;
  if (level >= MAX_ARGUMENT_DEPTH) return -1;
  let bytes = 2;
  if (Array.isArray(value)) {
    bytes += value.length;
    for (let index = 0; index < value.length; index++) {
      const child = boundWithinDepth(value[index] as JsonValue, level + 1);
      if (child < 0) return -1;
      bytes += child;
    }
    return bytes;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child = boundWithinDepth((value as Record<string, JsonValue>)[key] as JsonValue, level + 1);
    if (child < 0) return -1;
    bytes += 4 + 6 * key.length + child;
  }
  return bytes;
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
    if (typeof node === 'string') {
      maxBytes += 2 + 6 * node.length;
      continue;
    }
    if (typeof node !== 'object' || node === null) {
      maxBytes += 25;
      continue;
    }
    const level = depth + 1;
    if (level > deepest) deepest = level;
    maxBytes += 2;
    if (Array.isArray(node)) {
      maxBytes += node.length;
      for (let index = 0; index < node.length; index++) {
        const child = node[index] as JsonValue;
        if (typeof child === 'string') maxBytes += 2 + 6 * child.length;
        else if (typeof child !== 'object' || child === null) maxBytes += 25;
        else {
          nodes.push(child);
          depths.push(level);
        }
      }
    } else {
      // `for…in` with an own-key check: the same keys as Object.keys, in the same order, without a list.
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        maxBytes += 4 + 6 * key.length;
        const child = (node as Record<string, JsonValue>)[key] as JsonValue;
        if (typeof child === 'string') maxBytes += 2 + 6 * child.length;
        else if (typeof child !== 'object' || child === null) maxBytes += 25;
        else {
          nodes.push(child);
          depths.push(level);
        }
      }
    }
  }
  return { depth: deepest, maxBytes };
}
