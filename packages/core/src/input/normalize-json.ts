import { ToolwrightError } from '../errors/toolwright-error.js';
import {
  article,
  describeJsonType,
  isPlainObject,
  setDataProperty,
  type JsonObject,
  type JsonValue,
} from '../json/json.js';

/** Deeper than this, a value is refused (it is either hostile or cyclic). The gate's own cap is lower. */
export const MAX_NORMALIZE_DEPTH = 512;

/**
 * What copying a value measured, for the gate's argument caps (SPEC GV-5): how deeply it nests
 * and an upper bound of its JSON text's size. Counted while the value is copied, so a call's
 * arguments are walked once, not once more for the caps.
 */
export interface JsonMeasure {
  /** The deepest nesting of containers: a primitive is 0, `{}` and `[]` are 1. */
  depth: number;
  /**
   * An upper bound of the copy's JSON text in UTF-8 bytes: a string takes at most 2 + 6 bytes per
   * UTF-16 unit (escaped), any other primitive at most 25, a container 2 plus a comma per array
   * item, or 4 + 6 per unit of each key of an object.
   */
  maxBytes: number;
}

/**
 * Copies a JSON-compatible value into a deep-frozen JSON value, dropping every object entry whose
 * value is `null` or `undefined` at every object level (array positions keep their `null`s).
 * Keys such as `__proto__` become plain data properties. Throws {@link ToolwrightError}
 * (`INVALID_INPUT`) for values JSON cannot carry, and past {@link MAX_NORMALIZE_DEPTH} levels.
 */
export function normalizeJson(value: unknown): JsonValue {
  return copyValue(value, 0, '', { depth: 0, maxBytes: 0 });
}

/**
 * Like {@link normalizeJson}, but the value must be an object. With `measure`, the copy's depth
 * and size bound are added to it.
 */
export function normalizeJsonObject(value: unknown, measure: JsonMeasure = { depth: 0, maxBytes: 0 }): JsonObject {
  if (!isPlainObject(value)) {
    throw new ToolwrightError('INVALID_INPUT', `Tool input must be a JSON object, but was ${describeValue(value)}.`);
  }
  return copyValue(value, 0, '', measure) as JsonObject;
}

/** The copy of a value `depth` containers down, at `path` (for messages), counted into `measure`. */
function copyValue(value: unknown, depth: number, path: string, measure: JsonMeasure): JsonValue {
  if (typeof value === 'string') {
    measure.maxBytes += 2 + 6 * value.length;
    return value;
  }
  if (value === null || typeof value === 'boolean') {
    measure.maxBytes += 25;
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw notJson(path, String(value));
    measure.maxBytes += 25;
    return value;
  }
  if (depth >= MAX_NORMALIZE_DEPTH) {
    throw new ToolwrightError(
      'INVALID_INPUT',
      `Tool input is nested deeper than ${MAX_NORMALIZE_DEPTH} levels (or contains a cycle).`,
    );
  }
  if (depth >= measure.depth) measure.depth = depth + 1;
  if (Array.isArray(value)) {
    measure.maxBytes += 2 + value.length;
    const copy: JsonValue[] = [];
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (typeof item === 'string') {
        // A list of strings is the usual array argument: no call and no path for its items.
        measure.maxBytes += 2 + 6 * item.length;
        copy.push(item);
      } else copy.push(copyValue(item === undefined ? null : item, depth + 1, `${path}[${index}]`, measure));
    }
    return Object.freeze(copy);
  }
  if (isPlainObject(value)) {
    measure.maxBytes += 2;
    const copy: Record<string, JsonValue> = {};
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === null || item === undefined) continue;
      measure.maxBytes += 4 + 6 * key.length;
      // Strings and booleans, most arguments, are taken as they are: no call, no path.
      if (typeof item === 'string') {
        measure.maxBytes += 2 + 6 * item.length;
        setDataProperty(copy, key, item);
      } else if (typeof item === 'boolean') {
        measure.maxBytes += 25;
        setDataProperty(copy, key, item);
      } else setDataProperty(copy, key, copyValue(item, depth + 1, path === '' ? key : `${path}.${key}`, measure));
    }
    return Object.freeze(copy);
  }
  throw notJson(path, typeof value === 'object' ? describeValue(value) : typeof value);
}

/** "an array", "a string", or "an instance of Map" for objects JSON has no word for. */
function describeValue(value: unknown): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !isPlainObject(value)) {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? `an instance of ${name}` : 'a non-plain object';
  }
  return article(describeJsonType(value));
}

function notJson(path: string, what: string): ToolwrightError {
  const where = path === '' ? 'Tool input' : `Tool input at '${path}'`;
  return new ToolwrightError('INVALID_INPUT', `${where} is ${what}, which JSON cannot carry.`);
}
