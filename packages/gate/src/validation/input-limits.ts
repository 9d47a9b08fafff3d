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
  const depth = measureDepth(arguments_);
  if (depth > MAX_ARGUMENT_DEPTH) {
    return `The arguments are nested ${depth} levels deep; at most ${MAX_ARGUMENT_DEPTH} are accepted. The tool was not executed.`;
  }
  const bytes = Buffer.byteLength(JSON.stringify(arguments_), 'utf8');
  if (bytes > MAX_ARGUMENT_BYTES) {
    return `The arguments are ${bytes} bytes of JSON; at most ${MAX_ARGUMENT_BYTES} are accepted. The tool was not executed.`;
  }
  return undefined;
}

/** The nesting depth of a JSON value: a primitive is 0, `{}` and `[]` are 1. */
export function measureDepth(value: JsonValue): number {
  let deepest = 0;
  const pending: [JsonValue, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [JsonValue, number];
    if (typeof node !== 'object' || node === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    for (const child of Array.isArray(node) ? node : Object.values(node)) pending.push([child as JsonValue, level]);
  }
  return deepest;
}
