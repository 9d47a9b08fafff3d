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
  const pending: [JsonValue, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [JsonValue, number];
    if (typeof node === 'string') maxBytes += 2 + 6 * node.length;
    else if (typeof node !== 'object' || node === null) maxBytes += 25;
    else {
      const level = depth + 1;
      if (level > deepest) deepest = level;
      maxBytes += 2;
      if (Array.isArray(node)) {
        for (const child of node) pending.push([child, level]);
        maxBytes += node.length;
      } else {
        for (const key of Object.keys(node)) {
          maxBytes += 4 + 6 * key.length;
          pending.push([(node as Record<string, JsonValue>)[key] as JsonValue, level]);
        }
      }
    }
  }
  return { depth: deepest, maxBytes };
}
